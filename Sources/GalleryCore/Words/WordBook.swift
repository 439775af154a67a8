import Foundation

/// The words a user reads, in one language: the English source strings (the reference, and the keys of the
/// catalogues in `po/`) in, that language's words out. The frame's book is GNU gettext's catalogue for the process's
/// language (`GettextBook`); the remote page asks a book per phone (`Accept-Language`).
public protocol WordBook: Sendable {
    /// The language the book speaks (its formatting locale and reading direction).
    var language: Language { get }
    /// `english` in this language, or `english` itself where the catalogue has no translation. `context` tells two
    /// uses of the same English apart (gettext's `msgctxt`).
    func lookUp(_ english: String, context: String?) -> String
    /// The plural form for `count` of `singular`/`plural` by the language's own rule (gettext's `ngettext`).
    func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String
}

public extension WordBook {
    /// The words for `english`, each `{name}` in them replaced by `values["name"]`.
    func tr(_ english: String, context: String? = nil, _ values: [String: String] = [:]) -> String {
        WordTemplate.fill(lookUp(english, context: context), values)
    }

    /// The plural form for `count`, with `{count}` written as the language writes numbers and each other `{name}`
    /// replaced by `values["name"]`.
    func trn(_ singular: String, _ plural: String, count: Int, context: String? = nil,
             _ values: [String: String] = [:]) -> String {
        var all = values
        if all["count"] == nil { all["count"] = language.number(count) }
        return WordTemplate.fill(lookUp(singular, plural, count: count, context: context), all)
    }
}

/// English, the source strings themselves: the book before any catalogue is installed, and for `C`/`POSIX`.
public struct EnglishBook: WordBook {
    public let language: Language
    public init(language: Language = .english) { self.language = language }
    public func lookUp(_ english: String, context: String?) -> String { english }
    public func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
        count == 1 ? singular : plural
    }
}

/// `{name}` placeholders, the only kind in the catalogues (`#, python-brace-format`, which `msgfmt --check`
/// holds translators to). A name without a value stays as written, so a missing value shows rather than vanishes.
public enum WordTemplate {
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = "", rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
