import Foundation

/// The one vocabulary of commands by name: scripts (`--script next,open`), the remote's JSON API, its page and MQTT
/// all name commands here, and keys and buttons give the same `Command` values (mpv's `input.conf` and its IPC
/// share one command set the same way). A name stands for one command whatever sends it; a few take an argument
/// (`interval:8` in a script, `{"command": "interval", "argument": 8}` from the remote).
public enum CommandNames {
    /// Commands without an argument, by name.
    public static let plain: [String: Command] = [
        "next": .nextPhoto, "previous": .previousPhoto, "prev": .previousPhoto,
        "nextphoto": .nextPhoto, "previousphoto": .previousPhoto, "prevphoto": .previousPhoto,
        "pause": .setPaused(true), "play": .setPaused(false), "toggle-pause": .action(RoomAction.pause),
        "wall": .setMode(.wall), "slideshow": .setMode(.slideshow),
        "display-off": .setDisplay(on: false), "display-on": .setDisplay(on: true),
        "reload": .reload,
        "down": .scrollLines(1), "up": .scrollLines(-1), "pagedown": .scrollPages(1), "pageup": .scrollPages(-1),
        "top": .scrollToTop, "bottom": .scrollToBottom,
        "focus-next": .focusNext, "focus-previous": .focusPrevious,
        "open": .openDetail, "close": .closeDetail, "quit": .quit,
        "back": .historyBack, "forward": .historyForward,
        "bookmark": .toggleBookmark, "bookmarks": .showBookmarks, "unbookmark": .removeBookmark,
        "undo": .undoRemoveBookmark, "search": .openSearch, "keep": .commitSearch, "clear": .clearSearch,
        "help": .toggleHelp, "name": .changeName, "submit": .submit, "start": .submit, "dismiss": .dismissAlert,
        "view": .toggleView, "list": .openList, "memories": .showMemories,
        "zoomin": .action(RoomAction.zoomIn), "zoomout": .action(RoomAction.zoomOut),
        "zoomfit": .action(RoomAction.zoomFit), "zoomactual": .action(RoomAction.zoomActual),
        "info": .action(RoomAction.info), "playpause": .action(RoomAction.playPause),
        "seekback": .action(RoomAction.seekBack), "seekforward": .action(RoomAction.seekForward),
        "fewer-columns": .action(RoomAction.fewerColumns), "more-columns": .action(RoomAction.moreColumns),
        "default-columns": .action(RoomAction.defaultColumns),
        "identify": .identify,
    ]

    /// Commands that take an argument, by name, with what the argument must be (said when it is not).
    public static let withArgument: [String: (wants: String, make: (String) -> Command?)] = [
        "open-photo": ("a photo's id from the feed", { id in
            id.isEmpty || id.utf8.count > maxArgumentBytes ? nil : .openPhoto(id: id)
        }),
        "source": ("a source's name (and an album after a colon where the source has albums)", { text in
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, !name.isEmpty else { return nil }
            return .useSource(name.lowercased(), album: parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
        }),
        "interval": ("seconds between \(Int(intervalRange.lowerBound)) and \(Int(intervalRange.upperBound))", { text in
            guard let seconds = Double(text), intervalRange.contains(seconds) else { return nil }
            return .setInterval(seconds)
        }),
        "speed": ("pixels a second between 0 and \(Int(speedRange.upperBound))", { text in
            guard let speed = Double(text), speedRange.contains(speed) else { return nil }
            return .setSpeed(speed)
        }),
        "show": ("a room's name", { name in name.isEmpty ? nil : .show(name) }),
        "overlay-on": ("an overlay's name", { OverlaySwitches.isName($0) ? .setOverlay($0, on: true) : nil }),
        "overlay-off": ("an overlay's name", { OverlaySwitches.isName($0) ? .setOverlay($0, on: false) : nil }),
    ]

    public static let intervalRange = 1.0...86_400.0
    public static let speedRange = 0.0...2_000.0
    /// Longest argument taken (a photo id, an album's): longer is not a name, whoever sends it.
    public static let maxArgumentBytes = 512

    /// Every name, sorted (for messages and the remote page).
    public static var names: [String] { (Array(plain.keys) + Array(withArgument.keys)).sorted() }

    /// The command for a name, with its argument if it takes one; why not, when it cannot be made.
    public static func command(named raw: String, argument: String?) -> Result<Command, CommandRefusal> {
        let name = raw.lowercased()
        if let command = plain[name] {
            guard argument == nil else { return .failure(CommandRefusal("\(name) takes no argument")) }
            return .success(command)
        }
        guard let entry = withArgument[name] else {
            let shown = ExternalText.clean(raw, maxCharacters: 40)
            return .failure(CommandRefusal("no command called \"\(shown)\""))
        }
        guard let argument, argument.utf8.count <= maxArgumentBytes, let command = entry.make(argument) else {
            return .failure(CommandRefusal("\(name) wants \(entry.wants)"))
        }
        return .success(command)
    }
}

extension Command {
    /// A script's or a remote's name for a command: `name`, or `name:argument` for those that take one.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let command = CommandNames.plain[lowered] { self = command; return }
        guard let colon = name.firstIndex(of: ":"),
              case .success(let command) = CommandNames.command(named: String(name[..<colon]),
                                                                argument: String(name[name.index(after: colon)...]))
        else { return nil }
        self = command
    }
}

/// Why a command named from outside (a script, the remote, MQTT) was not taken: words for a person, and what kind of
/// no it is (the remote's answer's status says it).
public struct CommandRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Equatable, Sendable {
        /// The request itself is wrong (an unknown command, a photo the feed does not hold): 400.
        case invalid
        /// The frame cannot do it as it is now (nothing to bookmark shows, a kiosk keeps no bookmarks): 409.
        case notNow
        /// It was tried and what had to be written could not be (a disk full, a library read-only): 507.
        case notStored
    }

    public let message: String
    public let kind: Kind
    /// The frame's state after the refusal, where the frame was asked (a remote's answer says it with the reason).
    public var state: FrameState?
    public init(_ message: String, kind: Kind = .invalid) { self.message = message; self.kind = kind }
    public var description: String { message }

    /// This refusal with the state the frame is in after it.
    public func with(state: FrameState) -> CommandRefusal {
        var said = self
        said.state = state
        return said
    }
}
