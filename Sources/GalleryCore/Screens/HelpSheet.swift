/// The help overlay's text, made from the key map itself, so it can never disagree with what the keys do.
public enum HelpSheet {
    public struct Section: Equatable {
        public let title: String
        /// (keys, what they do), one row per command.
        public let rows: [Row]
    }

    public struct Row: Equatable {
        public let keys: String
        public let action: String
    }

    /// The sections for the key map, in the order and with the titles the rooms gave their scopes
    /// (`RoomRegistry.describe(scope:as:)`; a scope described as nil has no section); scopes of rooms that gave none
    /// come after, titled by their name. `rooms` also names what `show` commands open.
    /// `hiding`: commands left out (a kiosk's help does not tell passers-by the way out).
    public static func sections(for keyMap: KeyMap, rooms: RoomRegistry = .standard,
                                hiding: Set<Command> = []) -> [Section] {
        let described = Set(rooms.scopeTitles.map(\.scope))
        let titled = rooms.scopeTitles.compactMap { entry in entry.title.map { (entry.scope, $0) } }
        let added = keyMap.bindings.keys.filter { !described.contains($0) }.sorted { $0.rawValue < $1.rawValue }
            .map { ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) }
        return (titled + added).compactMap { scope, title in
            guard let table = keyMap.bindings[scope], !table.isEmpty else { return nil }
            var byCommand: [String: [String]] = [:]
            for (chord, command) in table where !hiding.contains(command) {
                byCommand[rooms.summary(of: command), default: []].append(chord.name)
            }
            guard !byCommand.isEmpty else { return nil }
            let rows = byCommand.map { Row(keys: $0.value.sorted { ($0.count, $0) < ($1.count, $1) }.joined(separator: ", "),
                                           action: $0.key) }
                .sorted { $0.action < $1.action }
            return Section(title: title, rows: rows)
        }
    }
}

extension KeyMap.Chord {
    /// How the help writes a chord: "Alt+←", "Shift+Enter", "G".
    public var name: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        let keyName: String
        switch key {
        case .character(let c):
            keyName = String(c)
        case .up: keyName = "↑"
        case .down: keyName = "↓"
        case .left: keyName = "←"
        case .right: keyName = "→"
        case .pageUp: keyName = "Page Up"
        case .pageDown: keyName = "Page Down"
        case .home: keyName = "Home"
        case .end: keyName = "End"
        case .space: keyName = "Space"
        case .enter: keyName = "Enter"
        case .escape: keyName = "Esc"
        case .backspace: keyName = "Backspace"
        case .tab: keyName = "Tab"
        case .f11: keyName = "F11"
        case .delete: keyName = "Delete"
        }
        // A capital letter already says Shift.
        if modifiers.contains(.shift), !(keyName.count == 1 && keyName.first!.isLetter) && keyName != "?" {
            parts.append("Shift")
        }
        return (parts + [keyName]).joined(separator: "+")
    }
}

extension Command {
    /// What a command does, for the help overlay.
    public var summary: String {
        switch self {
        case .scrollLines(let n): return n > 0 ? "Scroll down a line" : "Scroll up a line"
        case .scrollPages(let n): return n > 0 ? "Scroll down a screen" : "Scroll up a screen"
        case .scrollToTop: return "Go to the top"
        case .scrollToBottom: return "Go to the end of what is loaded"
        case .focusNext: return "Focus the next photo"
        case .focusPrevious: return "Focus the previous photo"
        case .openDetail: return "Open the photo"
        case .closeDetail: return "Close the pane"
        case .reload: return "Reload from the first page"
        case .toggleFullscreen: return "Fullscreen on or off"
        case .quit: return "Quit"
        case .submit: return "Go on"
        case .dismissAlert: return "Dismiss"
        case .toggleView: return "Grid or list"
        case .openList: return "Open the list at this photo"
        case .nextPhoto: return "Next photo"
        case .previousPhoto: return "Previous photo"
        case .historyBack: return "Back to the photo viewed before"
        case .historyForward: return "Forward again"
        case .toggleBookmark: return "Bookmark or unbookmark"
        case .removeBookmark: return "Remove the bookmark"
        case .undoRemoveBookmark: return "Undo the last removal"
        case .closeScreen: return "Back to the wall"
        case .commitSearch: return "Keep the search"
        case .clearSearch: return "Clear the search"
        case .show(let name): return "Show \(name)"
        case .action(let name): return name
        case .copyLink: return "Copy the page link"
        case .openLink: return "Open the page in the browser"
        case .setPaused(let pause): return pause ? "Pause" : "Play"
        case .setMode(let mode): return mode == .wall ? "Show the wall" : "Show the slideshow"
        case .setDisplay(let on): return on ? "Display on" : "Display off"
        case .openPhoto: return "Show this photo"
        case .useSource(let name, _): return "Photos from \(name)"
        case .openPaths: return "Open files and folders"
        case .setInterval: return "Seconds each photo shows"
        case .setSpeed: return "Scrolling speed"
        }
    }
}
