import Foundation

/// Takes secrets out of a log line before it is written anywhere (stderr, the ring a remote reads): the values the
/// frame knows to be secret (`register`: the remote's token, the MQTT password, an API key, a calendar's
/// `user:password`), and whatever looks like one: a bearer or basic credential, an `Authorization:`,
/// `x-api-key:` or `Cookie:` header's value, `password=`, `token=`, `key=`, `api_key=`, `secret=` values in an
/// address's query or in text, and the password in `scheme://user:password@host`. Each is replaced by
/// `[redacted]`. Any thread: the registered values are behind a lock.
public final class LogRedaction: @unchecked Sendable {
    public static let mark = "[redacted]"
    /// A configured secret shorter than this (a 3-character MQTT password) is taken out only where it stands as a
    /// word of its own (no letter or digit either side), never inside another word: taken out everywhere, "ab"
    /// would blank "about" and "tab" all over the log, garble it, and show by its holes what the secret is.
    public static let shortestSecret = 4

    private let lock = NSLock()
    private var secrets: [String] = []
    /// The short ones (`shortestSecret`), taken out as whole words only.
    private var shortSecrets: [String] = []

    public init() {}

    /// Makes `value` (and its percent-encoded and base64 forms) be taken out of every line from now on; a form
    /// shorter than `shortestSecret` where it is a word of its own.
    public func register(secret value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        var forms = [trimmed, Data(trimmed.utf8).base64EncodedString()]
        if let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { forms.append(encoded) }
        let short = trimmed.count < LogRedaction.shortestSecret
        lock.lock(); defer { lock.unlock() }
        for form in forms {
            if short || form.count < LogRedaction.shortestSecret {
                if !shortSecrets.contains(form) { shortSecrets.append(form) }
            } else if !secrets.contains(form) {
                secrets.append(form)
            }
        }
        // The longest first: a secret that contains another is taken out whole.
        secrets.sort { $0.count > $1.count }
        shortSecrets.sort { $0.count > $1.count }
    }

    /// `text` with every secret taken out.
    public func redact(_ text: String) -> String {
        lock.lock(); let known = secrets, short = shortSecrets; lock.unlock()
        return LogRedaction.redact(text, secrets: known, wordSecrets: short)
    }

    /// `text` with `secrets` (longest first), `wordSecrets` where each is a word of its own, and every
    /// secret-looking value taken out.
    public static func redact(_ text: String, secrets: [String] = [], wordSecrets: [String] = []) -> String {
        var out = text
        for secret in secrets where out.contains(secret) { out = out.replacingOccurrences(of: secret, with: mark) }
        for secret in wordSecrets where out.contains(secret) { out = redactWords(secret, in: out) }
        for rule in rules {
            let range = NSRange(out.startIndex..., in: out)
            guard rule.pattern.firstMatch(in: out, range: range) != nil else { continue }
            out = rule.pattern.stringByReplacingMatches(in: out, range: range, withTemplate: rule.template)
        }
        return out
    }

    /// `text` with each `secret` that has no letter or digit just before or after it taken out.
    static func redactWords(_ secret: String, in text: String) -> String {
        func isWordCharacter(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber } ?? false }
        var out = "", rest = text[...]
        while let found = rest.range(of: secret) {
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)]
                : out.last
            let after = found.upperBound < rest.endIndex ? rest[found.upperBound] : nil
            out += rest[..<found.lowerBound]
            out += isWordCharacter(before) || isWordCharacter(after) ? String(rest[found]) : mark
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    private struct Rule {
        let pattern: NSRegularExpression
        let template: String
        init(_ pattern: String, _ template: String) {
            // The patterns are fixed here: a bad one is a programming error the unit tests catch at once.
            self.pattern = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            self.template = template
        }
    }

    /// What looks like a secret, in order: headers first (their value may be a bearer credential), then
    /// credentials, then named values, then an address's user information.
    private static let rules: [Rule] = [
        // `Authorization: Bearer x`, `x-api-key: x`, `Cookie: a=b` (the whole value to the line's end for a cookie).
        Rule(#"\b((?:proxy-)?authorization|x-api-key|x-auth-token)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|digest|token|client-id)\s+)?(?!\[redacted\])[^\s"',;&]+"#,
             "$1$2" + mark),
        Rule(#"\b((?:set-)?cookie)(\s*:\s*)[^\r\n]+"#, "$1$2" + mark),
        // A credential after its scheme: something that looks like one (a capital, a digit or a sign in it), so
        // that "basic authentication" in a sentence stays.
        Rule(#"\b(bearer|basic)\s+(?!\[redacted\])(?=[A-Za-z0-9\-._~+/]*(?-i:[A-Z0-9\-._~+/]))[A-Za-z0-9\-._~+/]{8,}=*"#,
             "$1 " + mark),
        // `password=x`, `token=x`, `immich-key=x`, `api_key=x` in a query, a command or a configuration line.
        Rule(#"\b((?:[a-z0-9]+[_-])*(?:password|passwd|pwd|pass|token|key|secret|apikey|auth))(\s*=\s*)(?!\[redacted\])[^\s"'&,;#]+"#,
             "$1$2" + mark),
        // `"password": "x"` in JSON.
        Rule(#""((?:[a-z0-9]+[_-])*(?:password|passwd|token|key|secret|apikey))"(\s*:\s*)"[^"]*""#, "\"$1\"$2\"" + mark + "\""),
        // `https://user:password@host`: the user stays.
        Rule(#"\b([a-z][a-z0-9+.\-]*://[^/\s:@]*):[^/\s@]+@"#, "$1:" + mark + "@"),
    ]
}
