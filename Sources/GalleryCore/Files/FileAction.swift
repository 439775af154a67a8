/// What the person at the window can do to a photo's file from the detail pane: move it to the trash, turn it a
/// quarter for good, copy its path, show it in the file manager. Only on a desktop (never in a kiosk) and only from
/// the window (never from the remote or MQTT, which have no name for these: `CommandNames` lists none, and
/// `CommandsFromAfar` refuses them); only for photos from folders on this computer (`AppServices.canChangeFiles`).
/// Each is a room's action (`Command.action(name)`), bound in the pane's scope.
public enum FileAction: String, CaseIterable, Sendable {
    case trash = "trash"
    case rotateRight = "rotate-right", rotateLeft = "rotate-left"
    case copyPath = "copy-path"
    case showFolder = "show-folder"

    /// The command that asks for it (keys and the pane's buttons give it).
    public var command: Command { .action(rawValue) }

    /// The file action a command asks for, if it is one.
    public init?(_ command: Command) {
        guard case .action(let name) = command, let action = FileAction(rawValue: name) else { return nil }
        self = action
    }

    /// Words for the help sheet and the buttons' tooltips (with the key, added where they are shown), in English:
    /// translated where shown (`HelpSheet`).
    public var summary: String {
        switch self {
        case .trash: return untranslated("Move the photo's file to the trash")
        case .rotateRight: return untranslated("Rotate the file right, for good")
        case .rotateLeft: return untranslated("Rotate the file left, for good")
        case .copyPath: return untranslated("Copy the file's path")
        case .showFolder: return untranslated("Show the file in its folder")
        }
    }

    /// Every file action as a command: what a kiosk's key map leaves out (`KeyMap.kioskForbidden`).
    public static let commands: Set<Command> = Set(allCases.map(\.command))
}

/// What came of a file action: the words, whether it was done, refused before anything was touched (a toast: "can't
/// rotate HEIC files yet") or failed on the way (an alert for the person at the window: the file is as it was),
/// what the app must do beyond (the path onto the clipboard), and how to undo it while the toast shows.
public struct FileActionOutcome {
    public enum Kind: Equatable, Sendable { case done, refused, failed }
    public var message: String
    public var kind: Kind
    public var effect: AppEffect
    /// Undoes what was done; says what came of that.
    public var undo: (() -> FileActionOutcome)?

    public init(_ message: String, kind: Kind = .done, effect: AppEffect = .none,
                undo: (() -> FileActionOutcome)? = nil) {
        self.message = message; self.kind = kind; self.effect = effect; self.undo = undo
    }

    public static func refused(_ message: String) -> FileActionOutcome { FileActionOutcome(message, kind: .refused) }
    public static func failed(_ message: String) -> FileActionOutcome { FileActionOutcome(message, kind: .failed) }
}
