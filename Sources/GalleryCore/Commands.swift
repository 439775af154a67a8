/// What the user can ask for. The event loop maps input to these; tests drive them directly.
public enum Command: Equatable, Hashable {
    case scrollLines(Int)
    case scrollPages(Int)
    case scrollToTop
    case scrollToBottom
    case focusNext
    case focusPrevious
    case openDetail
    case closeDetail
    case reload
    case toggleFullscreen
    case quit
}

/// A key as the core sees it, independent of SDL's codes.
public enum Key: Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end, space, enter, escape, backspace, tab, f11
}

public struct Modifiers: OptionSet, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// Keys are data: one table of (modifiers, key) → command. Letters arrive already cased (`G` is shift+g).
public struct KeyMap {
    public struct Chord: Hashable {
        public let key: Key
        public let modifiers: Modifiers
        public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }
    }

    public var bindings: [Chord: Command]

    public init(bindings: [Chord: Command] = KeyMap.defaults) { self.bindings = bindings }

    public func command(for key: Key, modifiers: Modifiers = []) -> Command? {
        // Shift is part of a letter's case already; for other keys a binding without modifiers still applies.
        bindings[Chord(key, modifiers)] ?? bindings[Chord(key, modifiers.subtracting(.shift))]
    }

    public static let defaults: [Chord: Command] = [
        Chord(.down): .scrollLines(1), Chord(.character("j")): .scrollLines(1),
        Chord(.up): .scrollLines(-1), Chord(.character("k")): .scrollLines(-1),
        Chord(.pageDown): .scrollPages(1), Chord(.space): .scrollPages(1),
        Chord(.pageUp): .scrollPages(-1), Chord(.space, .shift): .scrollPages(-1),
        Chord(.home): .scrollToTop, Chord(.character("g")): .scrollToTop,
        Chord(.end): .scrollToBottom, Chord(.character("G")): .scrollToBottom,
        Chord(.tab): .focusNext, Chord(.tab, .shift): .focusPrevious,
        Chord(.right): .focusNext, Chord(.character("l")): .focusNext,
        Chord(.left): .focusPrevious, Chord(.character("h")): .focusPrevious,
        Chord(.enter): .openDetail,
        Chord(.escape): .closeDetail, Chord(.backspace): .closeDetail,
        Chord(.character("f")): .toggleFullscreen, Chord(.f11): .toggleFullscreen,
        Chord(.character("q")): .quit,
        Chord(.character("r")): .reload,
    ]
}

extension Command {
    /// Names for scripts (`--script pagedown,open`): the same commands a key press would give.
    public init?(name: String) {
        switch name.lowercased() {
        case "down": self = .scrollLines(1)
        case "up": self = .scrollLines(-1)
        case "pagedown": self = .scrollPages(1)
        case "pageup": self = .scrollPages(-1)
        case "top": self = .scrollToTop
        case "bottom": self = .scrollToBottom
        case "next": self = .focusNext
        case "previous", "prev": self = .focusPrevious
        case "open": self = .openDetail
        case "close": self = .closeDetail
        case "quit": self = .quit
        case "reload": self = .reload
        default: return nil
        }
    }
}
