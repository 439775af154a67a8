import Foundation

/// A language the user reads: its catalogue's name (gettext's `ll` or `ll_CC`: `de`, `pt_BR`, `zh_CN`), the locale
/// dates and numbers are written in (`de_AT` for an Austrian), and its reading direction.
public struct Language: Sendable, Equatable, CustomStringConvertible {
    /// The POSIX name asked for, without codeset or modifier: `de_DE`, `ar_EG`, `ja`.
    public let identifier: String
    /// Foundation's locale for dates, numbers, weekday and month names.
    public var locale: Locale { Locale(identifier: identifier) }
    /// `de`, `ar`, `pt`.
    public var code: String { String(identifier.prefix { $0 != "_" && $0 != "-" }).lowercased() }
    /// BCP 47, for HTML's `lang`: `pt-BR`.
    public var tag: String { identifier.replacingOccurrences(of: "_", with: "-") }
    public var isRightToLeft: Bool { Language.rightToLeft.contains(code) }
    public var description: String { identifier }

    /// Arabic, Hebrew, Persian, Urdu, Yiddish, Pashto, Sindhi, Kurdish (Sorani), Dhivehi, Uyghur.
    static let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ckb", "dv", "ug"]

    public init(_ identifier: String) {
        let name = String(identifier.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "-", with: "_")
        self.identifier = name.isEmpty || name == "C" || name == "POSIX" ? "en" : name
    }

    public static let english = Language("en")

    /// `count` as the language writes a whole number ("1.234" in German, "١٬٢٣٤" in Arabic as Egypt writes it).
    /// Made once per language: the header's counts are written every time its words change.
    public func number(_ count: Int) -> String {
        formatted(NSNumber(value: count), as: "") { $0.numberStyle = .decimal } ?? String(count)
    }

    /// `value` with `fractionDigits` digits after the language's decimal separator, rounded half up ("8.2" in
    /// English, "8,2" in German, "٨٫٢" in Arabic).
    public func number(_ value: Double, fractionDigits: Int) -> String {
        formatted(NSNumber(value: value), as: "fraction\(fractionDigits)") {
            // A pattern rather than the fraction digits' limits: swift-corelibs-foundation ignores
            // maximumFractionDigits under the decimal style ("8,202"); the locale's separators and digits still apply.
            $0.numberStyle = .decimal
            $0.positiveFormat = "#,##0" + (fractionDigits > 0 ? "." + String(repeating: "0", count: fractionDigits) : "")
            $0.roundingMode = .halfUp
        } ?? String(format: "%.\(fractionDigits)f", value)
    }

    /// `whole` per cent, such as a zoom level: "150%" in English, "150 %" in French, "١٥٠٪" in Arabic.
    public func percent(_ whole: Int) -> String {
        formatted(NSNumber(value: Double(whole) / 100), as: "percent") {
            $0.numberStyle = .percent
            $0.maximumFractionDigits = 0
        } ?? "\(whole)%"
    }

    /// `value` through this language's formatter of one kind (`style`), made once with `setUp`.
    private func formatted(_ value: NSNumber, as style: String, _ setUp: (NumberFormatter) -> Void) -> String? {
        Language.formatters.withLock { made in
            let key = style.isEmpty ? identifier : identifier + "|" + style
            let f = made[key] ?? {
                let f = NumberFormatter()
                f.locale = locale
                setUp(f)
                made[key] = f
                return f
            }()
            return f.string(from: value)
        }
    }

    /// A formatter is not safe to use from two threads at once: used under the lock.
    private static let formatters = LockedFormatters()
}

private final class LockedFormatters: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [String: NumberFormatter] = [:]
    func withLock<T>(_ body: (inout [String: NumberFormatter]) -> T) -> T { lock.withLock { body(&made) } }
}
