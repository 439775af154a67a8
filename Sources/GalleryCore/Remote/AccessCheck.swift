import Foundation

/// Whether a request carries the remote's token (`Authorization: Bearer TOKEN`). The comparison takes the same
/// time whatever the guess, so a client cannot learn the token a byte at a time from how long a refusal takes.
public enum AccessCheck {
    public enum Verdict: Equatable, Sendable {
        case granted
        /// No Authorization header, or not a bearer token: a client that did not try (not counted as a failure).
        case missing
        /// A bearer token that is not the token (or several Authorization headers): a failed attempt.
        case wrong
    }

    /// The verdict for a request's Authorization header values (all of them: more than one is refused).
    public static func verdict(authorization values: [String], token: String) -> Verdict {
        guard !values.isEmpty else { return .missing }
        guard values.count == 1 else { return .wrong }
        guard let given = bearerToken(in: values[0]) else { return .missing }
        return sameSecret(Array(given.utf8), Array(token.utf8)) ? .granted : .wrong
    }

    /// The token of `Bearer TOKEN` (the scheme in any case, RFC 7235), nil for another scheme.
    public static func bearerToken(in value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 7, trimmed.prefix(7).lowercased() == "bearer " else { return nil }
        return trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces)
    }

    /// Whether `given` equals `expected`, in a time that depends on `expected`'s length alone: every byte of the
    /// expected secret is compared, and a mismatch is remembered, not returned at once. An empty secret matches
    /// nothing.
    public static func sameSecret(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return false }
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for i in 0..<expected.count {
            let byte = given.isEmpty ? 0 : given[i % given.count]
            difference |= byte ^ expected[i]
        }
        return difference == 0
    }
}
