import Foundation

/// The frame's book: installed once at start (`Words.install`) from the language the user chose (`--language`,
/// else the environment); English until then. Read from any thread.
public enum Words {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: any WordBook = EnglishBook()
    nonisolated(unsafe) private static var chosen = false

    public static var book: any WordBook { lock.withLock { installed } }
    public static var language: Language { book.language }

    /// True when the user named the language (`--language`): it then wins over the environment's per-category
    /// locales too (`LC_TIME` for the clock), not only over its messages.
    public static var isChosen: Bool { lock.withLock { chosen } }

    /// Puts `book` in place for everything drawn or said from now on; returns the one it replaced (tests put it back).
    @discardableResult
    public static func install(_ book: any WordBook, chosen: Bool = false) -> any WordBook {
        lock.withLock {
            defer { installed = book; Words.chosen = chosen }
            return installed
        }
    }
}

/// `english` in the frame's language, `{name}` filled from `values` (the extraction script, `scripts/extract-words`,
/// finds every literal `tr(` and `trn(` call for the template `po/tessera.pot`).
public func tr(_ english: String, context: String? = nil, _ values: [String: String] = [:]) -> String {
    Words.book.tr(english, context: context, values)
}

/// The plural form for `count` in the frame's language, `{count}` written as the language writes numbers.
public func trn(_ singular: String, _ plural: String, count: Int, context: String? = nil,
                _ values: [String: String] = [:]) -> String {
    Words.book.trn(singular, plural, count: count, context: context, values)
}

/// Marks English for the template without translating it here: for tables of words (help, key names) kept as data
/// and translated with `tr(_:)` where they are shown (gettext's `gettext_noop`).
public func untranslated(_ english: String, context: String? = nil) -> String { english }
