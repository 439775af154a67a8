import Foundation
import GalleryCore
import XCTest

/// The remote's books: a phone's `Accept-Language` to the best shipped catalogue, read once from the catalogue
/// folder; the frame's language where nothing fits.
final class WordBooksTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Catalogues.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// A catalogue folder as `make locale` lays it out, one word ("Next") in each language.
    private func ship(_ languages: [String: String], rule: String = "nplurals=2; plural=(n > 1);") throws {
        for (name, next) in languages {
            let po = Catalogues.po(pluralForms: rule, "msgid \"Next\"\nmsgstr \"\(next)\"\n")
            try Catalogues.compile(po, to: URL(fileURLWithPath: CatalogueFolder.path(of: name, in: folder.path)))
        }
    }

    struct FrameBook: WordBook {
        let language: Language
        func lookUp(_ english: String, context: String?) -> String { "frame: \(english)" }
        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String { "frame: \(plural)" }
    }

    func testPreferencesByQualityThenOrder() {
        let tags = AcceptLanguage.preferences("de;q=0.5, fr-CA , ar;q=0.9, es;q=0, *;q=0.1, en;q=0.9, x<y, pt-BR;q=1.0")
            .map(\.identifier)
        XCTAssertEqual(tags, ["fr_CA", "pt_BR", "ar", "en", "de"])
        XCTAssertEqual(AcceptLanguage.preferences(""), [])
        XCTAssertEqual(AcceptLanguage.preferences(String(repeating: "fr,", count: 10_000)).count,
                       AcceptLanguage.maxLanguages, "a stranger's header is read only so far")
    }

    func testTheCatalogueForALanguage() {
        let shipped = ["ar", "de", "fr", "he", "pt_BR", "zh_CN"]
        func pick(_ tag: String) -> String? { AcceptLanguage.catalogue(for: Language(tag), among: shipped) }
        XCTAssertEqual(pick("fr-CA"), "fr")
        XCTAssertEqual(pick("FR"), "fr")
        XCTAssertEqual(pick("pt"), "pt_BR")
        XCTAssertEqual(pick("pt-PT"), "pt_BR", "another country's Portuguese before English")
        XCTAssertEqual(pick("pt-br"), "pt_BR")
        XCTAssertEqual(pick("zh"), "zh_CN")
        XCTAssertEqual(pick("zh-Hans"), "zh_CN")
        XCTAssertEqual(pick("zh-Hans-SG"), "zh_CN")
        XCTAssertNil(pick("zh-TW"), "Traditional Chinese readers are not handed Simplified")
        XCTAssertNil(pick("zh-Hant"))
        XCTAssertNil(pick("ja"))
        XCTAssertEqual(pick("iw"), "he", "Hebrew's withdrawn code, still sent by older systems")
        XCTAssertEqual(pick("iw-IL"), "he")
        XCTAssertEqual(AcceptLanguage.catalogue(for: Language("in_ID"), among: ["id"]), "id")
        XCTAssertEqual(AcceptLanguage.catalogue(for: Language("ji"), among: ["yi"]), "yi")
        XCTAssertNil(AcceptLanguage.catalogue(for: Language("in"), among: ["he"]))
    }

    func testAPhoneGetsItsLanguageElseTheFramesAndEachCatalogueIsReadOnce() throws {
        try ship(["fr": "Suivant", "pt_BR": "Próxima", "zh_CN": "下一张", "ar": "التالي"])
        let books = WordBooks(folder: folder.path, frame: { FrameBook(language: Language("de_DE")) })
        XCTAssertEqual(books.shipped, ["ar", "fr", "pt_BR", "zh_CN"])

        let french = books.book(acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.5")
        XCTAssertEqual(french.tr("Next"), "Suivant")
        XCTAssertEqual(french.language.identifier, "fr_CA", "the phone's own variant, for its dates and numbers")
        XCTAssertEqual(books.book(acceptLanguage: "pt").tr("Next"), "Próxima")
        XCTAssertEqual(books.book(acceptLanguage: "zh-Hans-CN,zh;q=0.8").tr("Next"), "下一张")
        XCTAssertTrue(books.book(acceptLanguage: "ar-EG").language.isRightToLeft)
        XCTAssertEqual(books.book(acceptLanguage: "ja, ko;q=0.5, fr;q=0.1").tr("Next"), "Suivant", "the first shipped")
        XCTAssertEqual(books.book(acceptLanguage: "en-GB, fr").tr("Next"), "Next", "English is always there")
        XCTAssertEqual(books.book(acceptLanguage: "en-GB, fr").language.identifier, "en_GB")
        // Nothing shipped fits, or nothing said: the frame's language (German here, which has no catalogue).
        XCTAssertEqual(books.book(acceptLanguage: "ja").tr("Next"), "frame: Next")
        XCTAssertEqual(books.book(acceptLanguage: nil).tr("Next"), "frame: Next")
        XCTAssertEqual(books.book(acceptLanguage: "*").tr("Next"), "frame: Next")

        // Read once: the file gone, the book stays.
        try FileManager.default.removeItem(atPath: CatalogueFolder.path(of: "fr", in: folder.path))
        XCTAssertEqual(books.book(acceptLanguage: "fr").tr("Next"), "Suivant")
    }

    func testTheFramesLanguageReadFromItsCatalogueAndABrokenCatalogueIsNone() throws {
        try ship(["pl": "Następne"], rule: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        let broken = CatalogueFolder.path(of: "sv", in: folder.path)
        try FileManager.default.createDirectory(atPath: (broken as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data("not a catalogue".utf8).write(to: URL(fileURLWithPath: broken))
        let books = WordBooks(folder: folder.path, frame: { FrameBook(language: Language("pl_PL")) })
        let frame = try XCTUnwrap(books.frameBook as? MOCatalog, "the frame's language as the catalogue reads it")
        XCTAssertEqual(frame.pluralRule.count, 3)
        XCTAssertEqual(frame.tr("Next"), "Następne")
        XCTAssertEqual(books.book(acceptLanguage: "sv").tr("Next"), "Następne", "a broken catalogue: the frame's")
        XCTAssertEqual(WordBooks(folder: nil).shipped, [])
        XCTAssertEqual(WordBooks(folder: folder.appendingPathComponent("none").path, frame: { FrameBook(language: Language("de")) })
            .book(acceptLanguage: "fr").tr("Next"), "frame: Next")
    }

    func testTheCatalogueFolderIsFound() throws {
        try ship(["fr": "Suivant"])
        XCTAssertEqual(CatalogueFolder.find(executable: "/nowhere/bin/tessera", environment: ["TESSERA_LOCALE_DIR": "/x"]), "/x")
        // The build's own: `.build/locale` above `.build/debug/tessera`.
        let build = folder.appendingPathComponent("build")
        let exe = build.appendingPathComponent("debug/tessera")
        try FileManager.default.createDirectory(at: exe.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: build.appendingPathComponent("locale"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("fr"), to: build.appendingPathComponent("locale/fr"))
        XCTAssertEqual(CatalogueFolder.find(executable: exe.path, environment: [:]),
                       build.appendingPathComponent("locale").path)
        XCTAssertNil(CatalogueFolder.find(executable: "/nowhere/bin/tessera", environment: [:]))
    }
}
