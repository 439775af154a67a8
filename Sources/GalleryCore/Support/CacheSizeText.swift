import Foundation

/// `--cache-size` (and `cache-size =` in the configuration file): a number of megabytes, or a size with its unit
/// (`512`, `512M`, `1.5G`, `800MiB`, `1T`). Units are binary (K is 1024 bytes), as the cache counts them. A size
/// that is not a positive number gets one sentence that says what is taken, never the parser's "missing value"
/// (`-1` once read as an option's name).
public enum CacheSizeText {
    /// Smallest and largest budgets taken (a terabyte above a cache of decoded photos is surely a slip).
    public static let minimumBytes = 1 << 20, maximumBytes = 16 << 40

    /// The bytes `text` names, or why it names none (a sentence starting with the option's name).
    public static func bytes(_ text: String) -> Result<Int, Refusal> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(number), value.isFinite, let scale = unitBytes[unit] else {
            // Translators: {option} is --cache-size; {given} what was given.
            return .failure(Refusal(message: tr("{option} must be a positive number of MB, or a size with its unit (512, 512M, 1.5G); not '{given}'",
                                                ["option": optionName, "given": ExternalText.clean(text, maxCharacters: 40)])))
        }
        guard value > 0 else {
            return .failure(Refusal(message: tr("{option} must be a positive number of MB (or with a unit: 512M, 2G), not {given}",
                                                ["option": optionName, "given": ExternalText.clean(text, maxCharacters: 40)])))
        }
        let bytes = value * Double(scale)
        guard bytes >= Double(minimumBytes) else { return .failure(Refusal(message: tr("{option} must be at least 1 MB", ["option": optionName]))) }
        guard bytes <= Double(maximumBytes) else { return .failure(Refusal(message: tr("{option} must be at most 16T", ["option": optionName]))) }
        return .success(Int(bytes))
    }

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    static let optionName = "--cache-size"

    /// Each unit's bytes; no unit is megabytes (the option's unit before units were taken).
    static let unitBytes: [String: Int] = [
        "": 1 << 20,
        "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
        "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
        "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
        "t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40,
    ]
}
