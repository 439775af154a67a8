import Foundation

/// What a message on one of the frame's command topics asks (`FrameTopics.commandTopics`), as a command of the one
/// vocabulary (`CommandNames`), or why it is refused. Anyone who may publish on the broker can send anything, so a
/// payload is bounded and checked before it is read, and `quit` is not taken from afar.
public enum MQTTCommand {
    /// Longest payload read; a longer one is refused unread.
    public static let maxPayloadBytes = 4096

    /// The command in a message: on `command`, a name (`next`), a name and its argument (`interval:8`) or JSON
    /// (`{"command": "interval", "argument": 8}`); on `display/set`, ON or OFF; on `mode/set`, wall or slideshow.
    public static func parse(topic: String, payload: Data, topics: FrameTopics) -> Result<Command, CommandRefusal> {
        guard payload.count <= maxPayloadBytes else {
            return .failure(CommandRefusal("a payload of \(payload.count) bytes (at most \(maxPayloadBytes))"))
        }
        guard let text = String(data: payload, encoding: .utf8) else {
            return .failure(CommandRefusal("a payload that is not UTF-8"))
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(CommandRefusal("an empty payload")) }
        let command: Result<Command, CommandRefusal>
        switch topic {
        case topics.command: command = named(trimmed)
        case topics.displaySet: command = display(trimmed)
        case topics.modeSet: command = mode(trimmed)
        default:
            return .failure(CommandRefusal("a message on \(ExternalText.clean(topic, maxCharacters: 80)), which takes no command"))
        }
        if case .success(.quit) = command { return .failure(CommandRefusal("quit is not taken from afar")) }
        return command
    }

    /// The bridge's own command on the command topic: publish the screen now (`FrameTopics.screen`; Home
    /// Assistant's "Take screenshot"). Not one of the frame's commands: the bridge takes it and publishes the answer.
    public static let screenshot = "screenshot"

    /// Whether a message asks for the screen now (`screenshot` on the command topic).
    public static func asksForScreen(topic: String, payload: Data, topics: FrameTopics) -> Bool {
        guard topic == topics.command, payload.count <= 64, let text = String(data: payload, encoding: .utf8) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == screenshot
    }

    /// `next`, `interval:8` or `{"command": "interval", "argument": 8}`: JSON is read as strictly as the HTTP API's
    /// body (`RemoteCommandBody`: an object of `command`, `argument` and `album` alone), one reading for both.
    static func named(_ text: String) -> Result<Command, CommandRefusal> {
        guard text.hasPrefix("{") else {
            guard let colon = text.firstIndex(of: ":") else { return CommandNames.command(named: text, argument: nil) }
            return CommandNames.command(named: String(text[..<colon]), argument: String(text[text.index(after: colon)...]))
        }
        return RemoteCommandBody.parse(Data(text.utf8), maxBytes: maxPayloadBytes)
    }

    static func display(_ text: String) -> Result<Command, CommandRefusal> {
        switch text.uppercased() {
        case "ON": return .success(.setDisplay(on: true))
        case "OFF": return .success(.setDisplay(on: false))
        default: return .failure(CommandRefusal("display/set takes ON or OFF"))
        }
    }

    static func mode(_ text: String) -> Result<Command, CommandRefusal> {
        switch text.lowercased() {
        case "wall": return .success(.setMode(.wall))
        case "slideshow": return .success(.setMode(.slideshow))
        default: return .failure(CommandRefusal("mode/set takes wall or slideshow"))
        }
    }
}
