import Foundation
import GalleryCore
import XCTest

/// `MOCatalog` reads what GNU msgfmt writes exactly as Python's own gettext module reads it: every form of every
/// plural entry for counts 0 to 230 and some large ones, contexts, placeholders, both byte orders. Broken bytes are
/// nil, never a crash.
final class MOCatalogTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Catalogues.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    static let counts = Array(0...230) + [1_000, 1_001, 1_002, 1_011, 1_100, 1_000_000, 2_147_483_647]
    static let singles: [(String?, String)] = [(nil, "Next photo"), ("button", "Open"), (nil, "Open"),
                                              (nil, "Opened {name}"), (nil, "Not in the catalogue")]
    static let plurals = [("{count} photo", "{count} photos"), ("{count} year ago", "{count} years ago"),
                          ("missing {count}", "missings {count}")]

    static let arabic = Catalogues.po(pluralForms: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;", """
        msgid "Next photo"
        msgstr "الصورة التالية"

        msgctxt "button"
        msgid "Open"
        msgstr "افتح"

        msgid "Open"
        msgstr "مفتوح"

        #, python-brace-format
        msgid "Opened {name}"
        msgstr "فُتح {name}"

        #, python-brace-format
        msgid "{count} photo"
        msgid_plural "{count} photos"
        msgstr[0] "لا صور ({count})"
        msgstr[1] "صورة واحدة ({count})"
        msgstr[2] "صورتان ({count})"
        msgstr[3] "{count} صور"
        msgstr[4] "{count} صورة"
        msgstr[5] "{count} صورةٍ"

        #, python-brace-format
        msgid "{count} year ago"
        msgid_plural "{count} years ago"
        msgstr[0] "ف0 {count}"
        msgstr[1] "ف1 {count}"
        msgstr[2] "ف2 {count}"
        msgstr[3] "ف3 {count}"
        msgstr[4] "ف4 {count}"
        msgstr[5] "ف5 {count}"
        """)

    static let polish = Catalogues.po(pluralForms: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", """
        msgid "Next photo"
        msgstr "Następne zdjęcie"

        msgctxt "button"
        msgid "Open"
        msgstr "Otwórz"

        #, python-brace-format
        msgid "{count} photo"
        msgid_plural "{count} photos"
        msgstr[0] "{count} zdjęcie"
        msgstr[1] "{count} zdjęcia"
        msgstr[2] "{count} zdjęć"

        #, python-brace-format
        msgid "{count} year ago"
        msgid_plural "{count} years ago"
        msgstr[0] "{count} rok temu"
        msgstr[1] "{count} lata temu"
        msgstr[2] "{count} lat temu"
        """)

    static let japanese = Catalogues.po(pluralForms: "nplurals=1; plural=0;", """
        msgid "Next photo"
        msgstr "次の写真"

        msgctxt "button"
        msgid "Open"
        msgstr "開く"

        #, python-brace-format
        msgid "Opened {name}"
        msgstr "{name} を開きました"

        #, python-brace-format
        msgid "{count} photo"
        msgid_plural "{count} photos"
        msgstr[0] "{count} 枚の写真"
        """)

    func testArabicsSixFormsReadAsPythonReadsThem() throws { try compare(Self.arabic, "ar", forms: 6) }
    func testPolishsThreeFormsReadAsPythonReadsThem() throws { try compare(Self.polish, "pl", forms: 3) }
    func testJapanesesOneFormReadsAsPythonReadsIt() throws { try compare(Self.japanese, "ja", forms: 1) }

    func testTheOtherByteOrderReadsTheSame() throws {
        try compare(Self.arabic, "ar", forms: 6, bigEndian: true)
        try compare(Self.polish, "pl", forms: 3, bigEndian: true)
    }

    /// Every lookup against Python's: the single words (contexts, placeholders kept as written), and each plural
    /// entry at every count; each of the language's forms is seen at least once.
    private func compare(_ po: String, _ name: String, forms: Int, bigEndian: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let mo = folder.appendingPathComponent("\(name)\(bigEndian ? "-be" : "").mo")
        try Catalogues.compile(po, to: mo, bigEndian: bigEndian)
        let python = try Catalogues.pythonAnswers(mo, singles: Self.singles, plurals: Self.plurals, counts: Self.counts)
        let catalogue = try XCTUnwrap(MOCatalog(contentsOf: mo.path, language: Language(name)), file: file, line: line)
        XCTAssertEqual(catalogue.pluralRule.count, forms, file: file, line: line)
        XCTAssertEqual(catalogue.language, Language(name), file: file, line: line)
        for (index, (context, english)) in Self.singles.enumerated() {
            XCTAssertEqual(catalogue.lookUp(english, context: context), python.single[index], english, file: file, line: line)
        }
        var formsSeen = Set<String>()
        for (index, (one, many)) in Self.plurals.enumerated() {
            for (at, n) in Self.counts.enumerated() {
                let ours = catalogue.lookUp(one, many, count: n, context: nil)
                XCTAssertEqual(ours, python.plural[index][at], "\(one) for \(n)", file: file, line: line)
                if index == 0 { formsSeen.insert(ours) }
            }
        }
        XCTAssertEqual(formsSeen.count, forms, "every form of \(name) is reached", file: file, line: line)
    }

    func testPlaceholdersAreFilledAfterTheLookUp() throws {
        let mo = folder.appendingPathComponent("pl.mo")
        try Catalogues.compile(Self.polish, to: mo)
        let polish = try XCTUnwrap(MOCatalog(contentsOf: mo.path, language: Language("pl")))
        XCTAssertEqual(polish.trn("{count} photo", "{count} photos", count: 22), "22 zdjęcia")
        XCTAssertEqual(polish.trn("{count} photo", "{count} photos", count: 25), "25 zdjęć")
        XCTAssertEqual(polish.tr("Open", context: "button"), "Otwórz")
        XCTAssertEqual(polish.tr("Not in the catalogue {x}", ["x": "1"]), "Not in the catalogue 1", "English where missing")
    }

    // MARK: Hostile bytes

    func testEveryTruncationIsNilAndNothingCrashes() throws {
        let mo = folder.appendingPathComponent("ar.mo")
        try Catalogues.compile(Self.arabic, to: mo)
        let whole = try Data(contentsOf: mo)
        XCTAssertNotNil(MOCatalog(data: whole, language: Language("ar")))
        // The last byte is the NUL after the last string, which the lengths leave out: any shorter cut loses words.
        for length in 0..<(whole.count - 1) {
            XCTAssertNil(MOCatalog(data: whole.prefix(length), language: Language("ar")), "cut at \(length)")
        }
    }

    func testGarbageIsNil() throws {
        let mo = folder.appendingPathComponent("pl.mo")
        try Catalogues.compile(Self.polish, to: mo)
        let whole = [UInt8](try Data(contentsOf: mo))
        let pl = Language("pl")
        XCTAssertNil(MOCatalog(data: Data(), language: pl))
        XCTAssertNil(MOCatalog(data: Data("msgid \"\"\nmsgstr \"\"\n".utf8), language: pl), "a .po is not a .mo")
        XCTAssertNil(MOCatalog(data: Data(repeating: 0xff, count: 4096), language: pl))
        func with(_ offset: Int, _ value: UInt32) -> Data {
            var bytes = whole
            withUnsafeBytes(of: value.littleEndian) { for i in 0..<4 { bytes[offset + i] = $0[i] } }
            return Data(bytes)
        }
        XCTAssertNil(MOCatalog(data: with(4, 0x0002_0000), language: pl), "a revision not yet written")
        XCTAssertNil(MOCatalog(data: with(8, 0xffff_ffff), language: pl), "more strings than the file holds")
        XCTAssertNil(MOCatalog(data: with(12, 0xffff_fff0), language: pl), "a table past the end")
        XCTAssertNil(MOCatalog(data: with(16, UInt32(whole.count - 4)), language: pl), "a table past the end")
        // The first original's offset, then its length, pointing past the end.
        let originals = Int(whole[12]) | Int(whole[13]) << 8 | Int(whole[14]) << 16 | Int(whole[15]) << 24
        XCTAssertNil(MOCatalog(data: with(originals + 4, 0xffff_fff0), language: pl))
        XCTAssertNil(MOCatalog(data: with(originals, 0xffff_fff0), language: pl))
        XCTAssertNil(MOCatalog(data: Data(count: MOCatalog.maxBytes + 1), language: pl), "larger than the cap")

        // Random bytes after a valid head, and random flips in a valid file: whatever they read as, never a crash.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes = whole
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let catalogue = MOCatalog(data: Data(bytes), language: pl) {
                _ = catalogue.trn("{count} photo", "{count} photos", count: Int.random(in: 0...1_000, using: &random))
            }
            let noise = (0..<Int.random(in: 0...512, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = MOCatalog(data: Data(whole.prefix(28) + noise), language: pl)
        }
    }

    func testAFileLargerThanTheCapIsNotRead() throws {
        let big = folder.appendingPathComponent("big.mo")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(MOCatalog.maxBytes + 1))
        try handle.close()
        XCTAssertNil(MOCatalog(contentsOf: big.path, language: Language("de")))
        XCTAssertNil(MOCatalog(contentsOf: folder.appendingPathComponent("none.mo").path, language: Language("de")))
    }
}
