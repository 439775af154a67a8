import Foundation
import GalleryCore
import GettextKit
import XCTest

/// glibc's gettext through GettextBook, on a catalogue msgfmt made: contexts, plural forms by the catalogue's own
/// rule, and the fall back to the English (gettext then hands back the key's own pointer, a temporary of Swift's:
/// it was once read after it was freed). This machine has no German locale installed: the book still speaks German
/// (C.UTF-8 for the messages' locale, LANGUAGE naming the catalogue).
final class GettextBookTests: XCTestCase {
    private var folder: URL!
    private var savedLanguage: String?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gettext-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Bookmarks"
        msgstr "Lesezeichen"

        msgctxt "key"
        msgid "Delete"
        msgstr "Entf"

        #, python-brace-format
        msgid "{count} photo"
        msgid_plural "{count} photos"
        msgstr[0] "{count} Foto"
        msgstr[1] "{count} Fotos"

        """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("tessera.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt compiled the catalogue")
        savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
    }

    override func tearDownWithError() throws {
        if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
        try? FileManager.default.removeItem(at: folder)
    }

    private func book() throws -> GettextBook {
        try XCTUnwrap(GettextBook(language: Language("de_DE"), catalogue: "de", directory: folder.path))
    }

    func testWordsComeFromTheCatalogue() throws {
        let book = try book()
        XCTAssertEqual(book.lookUp("Bookmarks", context: nil), "Lesezeichen")
        XCTAssertEqual(book.tr("Bookmarks"), "Lesezeichen")
    }

    func testAContextTellsTheSameEnglishApart() throws {
        let book = try book()
        XCTAssertEqual(book.lookUp("Delete", context: "key"), "Entf")
        XCTAssertEqual(book.lookUp("Delete", context: nil), "Delete", "no translation without the context: English")
    }

    func testPluralFormsByTheCataloguesRule() throws {
        let book = try book()
        XCTAssertEqual(book.trn("{count} photo", "{count} photos", count: 1), "1 Foto")
        XCTAssertEqual(book.trn("{count} photo", "{count} photos", count: 2), "2 Fotos")
        XCTAssertEqual(book.trn("{count} photo", "{count} photos", count: 0), "0 Fotos")
        XCTAssertEqual(book.trn("{count} photo", "{count} photos", count: 1234), "1.234 Fotos",
                       "the number as German writes it")
        XCTAssertEqual(book.trn("{count} photo", "{count} photos", count: Int.min).hasSuffix("Fotos"), true,
                       "the most negative count is no trap")
    }

    func testWordsWithoutATranslationAreTheEnglishEveryTime() throws {
        let book = try book()
        // Long keys, asked many times: each answer must be the key's own words, read while they still exist.
        for i in 0..<2_000 {
            let english = "A sentence with no translation, number \(i), long enough to live on the heap"
            XCTAssertEqual(book.lookUp(english, context: nil), english)
            XCTAssertEqual(book.lookUp(english, context: "button"), english)
            XCTAssertEqual(book.lookUp(english, english + "s", count: i, context: nil), i == 1 ? english : english + "s")
        }
    }

    func testTheCatalogueFolderIsFoundFromTheRunningProgram() throws {
        let environment = ["TESSERA_LOCALE_DIR": folder.path]
        XCTAssertEqual(CatalogueFolder.find(executable: "/proc/self/exe", environment: environment), folder.path)
        XCTAssertEqual(CatalogueFolder.languages(in: folder.path), ["de"])
    }
}
