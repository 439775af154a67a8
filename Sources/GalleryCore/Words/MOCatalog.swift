import Foundation

/// A GNU `.mo` catalogue read in Swift: the words of any language at once, beside the frame's own (gettext's, which
/// is one language per process), for the remote page in each phone's language. Keys as gettext stores them: the
/// English, `context\u{4}English` with a context, a plural entry under its singular with its forms apart by NUL.
///
/// The bytes come from a file, so they are hostile: every offset and length is checked against the data, both byte
/// orders are read (the magic number tells which), and a file that does not read is nil, never a crash. Files over
/// `maxBytes` are refused before they are read.
public struct MOCatalog: WordBook {
    public let language: Language
    /// The catalogue's `Plural-Forms` rule (English's where it names none, as gettext does).
    public let pluralRule: PluralRule
    /// Translations by key; a plural entry's forms in order.
    let entries: [String: [String]]

    /// A catalogue at most this large (the project's are a few hundred kilobytes).
    public static let maxBytes = 8 << 20
    static let magic: UInt32 = 0x9504_12de

    public init?(contentsOf path: String, language: Language) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, size.intValue <= Self.maxBytes,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.maxBytes + 1) else { return nil }
        self.init(data: data, language: language)
    }

    public init?(data: Data, language: Language) {
        guard data.count <= Self.maxBytes else { return nil }
        let bytes = [UInt8](data)
        guard let reader = MOReader(bytes) else { return nil }
        var entries: [String: [String]] = [:]
        var header = ""
        for index in 0..<reader.count {
            guard let original = reader.string(table: reader.originals, index: index),
                  let translation = reader.string(table: reader.translations, index: index) else { return nil }
            // An entry whose bytes are not UTF-8 is left out (the project's catalogues are all UTF-8).
            guard let key = String(validating: original.split(separator: 0, omittingEmptySubsequences: false).first ?? [],
                                   as: UTF8.self),
                  let words = String(validating: translation, as: UTF8.self) else { continue }
            if key.isEmpty { header = words; continue }
            entries[key] = words.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        }
        self.language = language
        self.entries = entries
        self.pluralRule = Self.pluralForms(in: header).flatMap(PluralRule.init(parsing:)) ?? .germanic
    }

    public func lookUp(_ english: String, context: String?) -> String {
        guard let words = entries[Self.key(english, context)]?.first, !words.isEmpty else { return english }
        return words
    }

    public func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
        let form = pluralRule.form(for: count)
        guard let forms = entries[Self.key(singular, context)], form < forms.count, !forms[form].isEmpty else {
            return count == 1 ? singular : plural
        }
        return forms[form]
    }

    /// Every translation of an entry (its plural forms in order), nil where the catalogue has none.
    public func forms(_ english: String, context: String? = nil) -> [String]? { entries[Self.key(english, context)] }

    static func key(_ english: String, _ context: String?) -> String {
        context.map { "\($0)\u{4}\(english)" } ?? english
    }

    /// The header's `Plural-Forms:` line.
    static func pluralForms(in header: String) -> String? {
        header.split(separator: "\n").first { $0.lowercased().hasPrefix("plural-forms:") }
            .map { String($0.dropFirst("plural-forms:".count)) }
    }
}

/// The `.mo` layout (GNU gettext's manual, "The Format of GNU MO Files"): a magic number, a revision, the number of
/// strings and the offsets of two tables of (length, offset) pairs, originals and translations, in the byte order
/// the magic number is written in. Every read is bounds-checked.
struct MOReader {
    let bytes: [UInt8]
    let bigEndian: Bool
    let count: Int
    let originals: Int
    let translations: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let big: Bool
        switch Self.word(in: bytes, at: 0, bigEndian: false) {
        case Int(MOCatalog.magic)?: big = false
        case Int(MOCatalog.magic.byteSwapped)?: big = true
        default: return nil
        }
        func word(_ offset: Int) -> Int? { Self.word(in: bytes, at: offset, bigEndian: big) }
        guard let revision = word(4), revision >> 16 <= 1,
              let count = word(8), let originals = word(12), let translations = word(16) else { return nil }
        // Each string takes 8 bytes in each table: a count the file cannot hold is a lie.
        guard count <= bytes.count / 16, originals + count * 8 <= bytes.count,
              translations + count * 8 <= bytes.count else { return nil }
        self.bytes = bytes
        self.bigEndian = big
        self.count = count
        self.originals = originals
        self.translations = translations
    }

    /// The unsigned 32-bit word at `offset`, nil past the end.
    func word(at offset: Int) -> Int? { Self.word(in: bytes, at: offset, bigEndian: bigEndian) }

    static func word(in bytes: [UInt8], at offset: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let b = (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
        let value = bigEndian
            ? UInt32(b.0) << 24 | UInt32(b.1) << 16 | UInt32(b.2) << 8 | UInt32(b.3)
            : UInt32(b.3) << 24 | UInt32(b.2) << 16 | UInt32(b.1) << 8 | UInt32(b.0)
        return Int(value)
    }

    /// The `index`th string of the table at `table`: its bytes, without the NUL after them.
    func string(table: Int, index: Int) -> ArraySlice<UInt8>? {
        guard let length = word(at: table + index * 8), let offset = word(at: table + index * 8 + 4),
              offset <= bytes.count, length <= bytes.count - offset else { return nil }
        return bytes[offset..<(offset + length)]
    }
}
