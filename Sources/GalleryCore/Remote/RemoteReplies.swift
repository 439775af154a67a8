import Foundation

/// The JSON bodies the remote answers with besides the state (`FrameState.json()`): errors, the command list, the
/// settings form, and what saving settings did. Keys sorted, so equal answers read the same.
public enum RemoteReplies {
    /// `{"error": "…"}`, with `problems` by field where there are some, and the frame's state where it was asked.
    public static func error(_ message: String, problems: [String: String] = [:], state: FrameState? = nil) -> Data {
        encode(ErrorReply(error: message, problems: problems.isEmpty ? nil : problems, state: state))
    }

    /// `{"commands": [names]}`: every name `POST /api/v1/commands` takes, `quit` left out.
    public static func commandList() -> Data {
        encode(["commands": CommandNames.names.filter { !RemoteCommandBody.refusedFromAfar.contains($0) }])
    }

    /// `{"fields": [SettingField…]}`.
    public static func form(_ fields: [SettingField]) -> Data { encode(["fields": fields]) }

    /// What saving settings did: the commands that applied them now (by name), those the frame refused (name to
    /// why), the settings that wait for the next start, and the state after.
    public static func saved(applied: [String], refused: [String: String], atNextStart: [String],
                             state: FrameState) -> Data {
        encode(SavedReply(saved: true, applied: applied, refused: refused.isEmpty ? nil : refused,
                          atNextStart: atNextStart, state: state))
    }

    /// A command's name as `CommandNames` spells it, with its argument after a colon (`interval:8`); the shortest
    /// of its aliases. Nil for a command no name makes.
    public static func name(of command: Command) -> String? {
        if let plain = CommandNames.plain.filter({ $0.value == command }).keys.min(by: { ($0.count, $0) < ($1.count, $1) }) {
            return plain
        }
        switch command {
        case .openPhoto(let id): return "open-photo:\(id)"
        case .useSource(let name, let album): return "source:\(name)\(album.map { ":\($0)" } ?? "")"
        case .setInterval(let seconds): return "interval:\(ConfigText.number(seconds))"
        case .setSpeed(let speed): return "speed:\(ConfigText.number(speed))"
        case .show(let room): return "show:\(room)"
        case .setOverlay(let name, let on): return "overlay-\(on ? "on" : "off"):\(name)"
        case .setWeek(let field, let text): return "\(field.rawValue):\(text)"
        default: return nil
        }
    }

    struct ErrorReply: Encodable {
        var error: String
        var problems: [String: String]?
        var state: FrameState?
    }

    struct SavedReply: Encodable {
        var saved: Bool
        var applied: [String]
        var refused: [String: String]?
        var atNextStart: [String]
        var state: FrameState
    }

    static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be written"}"#.utf8)
    }
}
