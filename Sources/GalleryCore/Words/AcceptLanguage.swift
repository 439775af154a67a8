import Foundation

/// HTTP's `Accept-Language` (RFC 9110 §12.5.4) and the catalogue a language reads: the phone's languages by
/// preference, and for each the shipped catalogue that fits it best. The header is a stranger's: at most
/// `maxLanguages` are looked at, each tag at most `maxTagLength` characters.
public enum AcceptLanguage {
    public static let maxLanguages = 20
    public static let maxTagLength = 35
    /// ISO 639's withdrawn codes that systems still send (Java's `Locale` did until Java 17): Hebrew, Indonesian,
    /// Yiddish.
    public static let withdrawnCodes = ["iw": "he", "in": "id", "ji": "yi"]

    /// The languages a header names, most wanted first (`q` from 1 down, the header's order among equals); `q=0`
    /// and `*` left out.
    public static func preferences(_ header: String) -> [Language] {
        var ranked: [(q: Double, at: Int, language: Language)] = []
        for (at, item) in header.split(separator: ",").prefix(maxLanguages).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*", tag.count <= maxTagLength,
                  tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)) ?? 0
            }
            guard q > 0, q <= 1 else { continue }
            ranked.append((q, at, Language(tag)))
        }
        return ranked.sorted { ($0.q, -$0.at) > ($1.q, -$1.at) }.map(\.language)
    }

    /// The catalogue among `shipped` for `language`: its own (`pt_BR`, case aside), Chinese by script (`zh`,
    /// `zh-Hans`, `zh-SG` → `zh_CN`; `zh-Hant`, `zh-TW`, `zh-HK` → a traditional catalogue only), else its
    /// language's (`fr_CA` → `fr`), else another country's of the same language (`pt` → `pt_BR`). Nil: none fits.
    /// A withdrawn code (`iw_IL`) reads as its language's current one (`he_IL`).
    public static func catalogue(for language: Language, among shipped: [String]) -> String? {
        if let current = withdrawnCodes[language.code] {
            return catalogue(for: Language(current + language.identifier.dropFirst(language.code.count)), among: shipped)
        }
        let wanted = language.identifier.lowercased()
        func named(_ name: String) -> String? { shipped.first { $0.lowercased() == name.lowercased() } }
        if let exact = named(wanted) { return exact }
        if language.code == "zh" {
            let parts = Set(wanted.split(separator: "_").dropFirst().map(String.init))
            let traditional = !parts.isDisjoint(with: ["hant", "tw", "hk", "mo"])
            return traditional ? (named("zh_TW") ?? named("zh_HK")) : (named("zh_CN") ?? named("zh_SG") ?? named("zh"))
        }
        if let plain = named(language.code) { return plain }
        return shipped.first { Language($0).code == language.code }
    }
}
