import Foundation

/// A one-line text field's content: committed text, plus the composition an input method is still building
/// (shown, not yet part of the text). Text arrives as text (SDL's text input events), never as key presses, so
/// a layout's dead keys, AltGr and input methods all work; editing keys (Backspace) come as keys.
public struct TextField: Equatable {
    public private(set) var text = ""
    /// What an input method shows while composing (e.g. pinyin before a Chinese character is chosen).
    public private(set) var composition = ""
    public let maxCharacters: Int
    /// Ctrl+A selected the whole text: what is typed next replaces it, Backspace empties the field.
    public private(set) var selectsAll = false

    public init(text: String = "", maxCharacters: Int = 80) {
        self.maxCharacters = max(1, maxCharacters)
        insert(text)
    }

    /// What to draw: the text with the composition after it.
    public var display: String { text + composition }

    /// Text typed or committed by an input method. Control and bidi-override characters are dropped, as for any
    /// text from outside; the field never grows past `maxCharacters`.
    public mutating func insert(_ typed: String) {
        composition = ""
        if selectsAll { text = ""; selectsAll = false }
        for character in typed where text.count < maxCharacters {
            guard !character.unicodeScalars.contains(where: ExternalText.isForbidden) else { continue }
            text.append(character)
        }
    }

    public mutating func compose(_ preedit: String) {
        composition = String(preedit.unicodeScalars.filter { !ExternalText.isForbidden($0) }.map(Character.init))
    }

    /// Removes the last character (a whole grapheme: an emoji with its modifiers, a letter with its accent).
    public mutating func backspace() {
        if !composition.isEmpty { composition = ""; return }
        if selectsAll { clear(); return }
        if !text.isEmpty { text.removeLast() }
    }

    public mutating func clear() { text = ""; composition = ""; selectsAll = false }

    /// Ctrl+A: the whole text, drawn highlighted, to be replaced or removed at once.
    public mutating func selectAll() { selectsAll = !text.isEmpty }

    /// Any other editing key (an arrow, Home) lets the selection go.
    public mutating func deselect() { selectsAll = false }

    /// The text without surrounding white space: what a name or a search is.
    public var trimmed: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
