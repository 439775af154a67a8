import Foundation

/// The body of `POST /api/v1/commands`: `{"command": "next"}`, with an argument where the command takes one
/// (`{"command": "interval", "argument": 8}`, a number or a string), and for `source` an album
/// (`{"command": "source", "argument": "immich", "album": "ID"}`). Strict: a JSON object with these members and no
/// others; the command made by `CommandNames`, the one vocabulary. `quit` is refused: a person at the frame quits.
public enum RemoteCommandBody {
    /// Commands a remote may not give, by name.
    public static let refusedFromAfar: Set<String> = ["quit"]
    static let members: Set<String> = ["command", "argument", "album"]

    public static func parse(_ data: Data, maxBytes: Int = RemoteLimits.standard.maxBodyBytes)
        -> Result<Command, CommandRefusal> {
        guard data.count <= maxBytes else { return .failure(CommandRefusal("the body is longer than \(maxBytes) bytes")) }
        let body: Members
        do {
            body = try JSONDecoder().decode(Members.self, from: data)
        } catch let refusal as CommandRefusal {
            return .failure(refusal)
        } catch {
            return .failure(CommandRefusal(#"the body must be a JSON object such as {"command": "next"}"#))
        }
        let name = body.command.lowercased()
        if refusedFromAfar.contains(name) {
            return .failure(CommandRefusal("\(name) is not taken from afar: a person at the frame does that"))
        }
        guard let album = body.album else { return CommandNames.command(named: body.command, argument: body.argument) }
        guard name == "source", body.argument != nil else {
            return .failure(CommandRefusal(#""album" goes with the source command and its argument"#))
        }
        // The album travels as a value of its own, never glued to the source's name and split again.
        return CommandNames.command(named: body.command, argument: body.argument).map { command in
            guard case .useSource(let source, _) = command else { return command }
            return .useSource(source, album: album)
        }
    }

    /// The members, each checked for its kind; an unknown member is refused by name.
    struct Members: Decodable {
        var command: String
        var argument: String?
        var album: String?

        init(from decoder: Decoder) throws {
            let object = try decoder.container(keyedBy: JSONMember.self)
            for key in object.allKeys where !RemoteCommandBody.members.contains(key.stringValue) {
                throw CommandRefusal("unknown member \"\(ExternalText.clean(key.stringValue, maxCharacters: 40))\"")
            }
            guard let command = try? object.decode(String.self, forKey: JSONMember("command")) else {
                throw CommandRefusal(#""command" must be a command's name (GET /api/v1/commands lists them)"#)
            }
            self.command = command
            argument = try JSONMember.text(in: object, at: "argument", what: "a string or a number", nullIsAbsent: true)
            album = try JSONMember.text(in: object, at: "album", what: "an album's id")
            if let album, album.isEmpty || album.contains(":") {
                throw CommandRefusal(#""album" must be an album's id"#)
            }
        }
    }
}

/// A member of a JSON object by its name, for objects whose members are checked one by one.
struct JSONMember: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// A member's value as text: a string as it is, a number in its shortest form (8, not 8.0); absent is nil, and
    /// null too where `nullIsAbsent` (a command's argument). Anything else (true, an array) is refused, saying what
    /// was wanted.
    static func text(in object: KeyedDecodingContainer<JSONMember>, at name: String, what: String,
                     truthAsWords: Bool = false, nullIsAbsent: Bool = false) throws -> String? {
        let key = JSONMember(name)
        guard object.contains(key) else { return nil }
        if nullIsAbsent, (try? object.decodeNil(forKey: key)) == true { return nil }
        if let text = try? object.decode(String.self, forKey: key) { return text }
        if let whole = try? object.decode(Int.self, forKey: key) { return String(whole) }
        if let number = try? object.decode(Double.self, forKey: key), number.isFinite {
            return ConfigText.number(number)
        }
        if truthAsWords, let truth = try? object.decode(Bool.self, forKey: key) { return truth ? "yes" : "no" }
        throw CommandRefusal("\"\(ExternalText.clean(name, maxCharacters: 40))\" must be \(what)")
    }
}
