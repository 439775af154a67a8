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
    /// come after, titled by their name. Every word in the frame's language (the registry's tables are English data,
    /// translated here and in `RoomRegistry.summary(of:)`). `rooms` also names what `show` commands open.
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
            return Section(title: tr(title), rows: rows)
        }
    }
}

extension KeyMap.Chord {
    /// How the help writes a chord: "Alt+←", "Shift+Enter", "G" (key names in the frame's language: "Strg+O").
    public var name: String {
        var parts: [String] = []
        // Translators: key names as the help and tooltips write them; "Ctrl" is "Strg" on a German keyboard.
        if modifiers.contains(.control) { parts.append(tr("Ctrl", context: "key")) }
        if modifiers.contains(.alt) { parts.append(tr("Alt", context: "key")) }
        let keyName: String
        switch key {
        case .character(let c):
            keyName = String(c)
        case .up: keyName = "↑"
        case .down: keyName = "↓"
        case .left: keyName = "←"
        case .right: keyName = "→"
        case .pageUp: keyName = tr("Page Up", context: "key")
        case .pageDown: keyName = tr("Page Down", context: "key")
        case .home: keyName = tr("Home", context: "key")
        case .end: keyName = tr("End", context: "key")
        case .space: keyName = tr("Space", context: "key")
        case .enter: keyName = tr("Enter", context: "key")
        case .escape: keyName = tr("Esc", context: "key")
        case .backspace: keyName = tr("Backspace", context: "key")
        case .tab: keyName = tr("Tab", context: "key")
        case .f11: keyName = "F11"
        case .delete: keyName = tr("Delete", context: "key")
        }
        // A capital letter already says Shift.
        if modifiers.contains(.shift), !(keyName.count == 1 && keyName.first!.isLetter) && keyName != "?" {
            parts.append(tr("Shift", context: "key"))
        }
        return (parts + [keyName]).joined(separator: "+")
    }
}

extension Command {
    /// What a command does, for the help overlay, in the frame's language.
    public var summary: String {
        switch self {
        case .scrollLines(let n): return n > 0 ? tr("Scroll down a line") : tr("Scroll up a line")
        case .scrollPages(let n): return n > 0 ? tr("Scroll down a screen") : tr("Scroll up a screen")
        case .scrollToTop: return tr("Go to the top")
        case .scrollToBottom: return tr("Go to the end of what is loaded")
        case .focusNext: return tr("Focus the next photo")
        case .focusPrevious: return tr("Focus the previous photo")
        case .openDetail: return tr("Open the photo")
        case .closeDetail: return tr("Close the pane")
        case .reload: return tr("Reload from the first page")
        case .toggleFullscreen: return tr("Fullscreen on or off")
        case .quit: return tr("Quit")
        case .submit: return tr("Go on")
        case .dismissAlert: return tr("Dismiss")
        case .toggleView: return tr("Grid or list")
        case .openList: return tr("Open the list at this photo")
        case .nextPhoto: return tr("Next photo")
        case .previousPhoto: return tr("Previous photo")
        case .historyBack: return tr("Back to the photo viewed before")
        case .historyForward: return tr("Forward again")
        case .toggleBookmark: return tr("Bookmark or unbookmark")
        case .removeBookmark: return tr("Remove the bookmark")
        case .undoRemoveBookmark: return tr("Undo the last removal")
        case .closeScreen: return tr("Back to the wall")
        case .commitSearch: return tr("Keep the search")
        case .clearSearch: return tr("Clear the search")
        // Translators: {name} is a screen's name (help, bookmarks, search).
        case .show(let name): return tr("Show {name}", ["name": name])
        case .action(let name): return name
        case .copyLink: return tr("Copy the page link")
        case .openLink: return tr("Open the page in the browser")
        case .setPaused(let pause): return pause ? tr("Pause") : tr("Play")
        case .setMode(let mode): return mode == .wall ? tr("Show the wall") : tr("Show the slideshow")
        case .setDisplay(let on): return on ? tr("Display on") : tr("Display off")
        case .openPhoto: return tr("Show this photo")
        // Translators: {name} is a source of photos (picsum, folder, immich).
        case .useSource(let name, _): return tr("Photos from {name}", ["name": name])
        case .openPaths: return tr("Open files and folders")
        case .setInterval: return tr("Seconds each photo shows")
        case .setSpeed: return tr("Scrolling speed")
        // Translators: {name} is an overlay's name (clock, weather, calendar).
        case .setOverlay(let name, let on): return on ? tr("Show {name}", ["name": name]) : tr("Hide {name}", ["name": name])
        // Translators: {field} is one of the kiosk's weekly schedule's settings (a command's name, English).
        case .setWeek(let field, _): return tr("The week's {field}", ["field": field.rawValue])
        // Translators: a command that shows the frame's name and address large on its screen for a few seconds.
        case .identify: return tr("Show the frame's name and address")
        }
    }
}
