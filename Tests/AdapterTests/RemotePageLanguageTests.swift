import Foundation
import GalleryCore
@testable import RemoteControl
import AppDriving
import TesseraBench
import XCTest

/// The remote page in the phone's language: the real server choosing a book per request from `Accept-Language`
/// (`WordBooks` over a catalogue folder: French compiled from the project's own `po/fr.po`, a few Arabic words made
/// here), checked over a socket and in headless Chromium started in French and in Arabic.
final class RemotePageLanguageTests: XCTestCase {
    private let token = "test-token-0123456789abcdef"
    private var folder: URL!
    private var server: RemoteServer!

    private static let arabic = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\\n"

        msgid "Next"
        msgstr "التالي"

        msgid "Seconds a photo"
        msgstr "ثوانٍ لكل صورة"

        #, python-brace-format
        msgid "{count} photo in the feed."
        msgid_plural "{count} photos in the feed."
        msgstr[0] "لا صور ({count})"
        msgstr[1] "صورة واحدة ({count})"
        msgstr[2] "صورتان ({count})"
        msgstr[3] "{count} صور"
        msgstr[4] "{count} صورة"
        msgstr[5] "{count} صورةٍ"
        """

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-page-words-\(UUID().uuidString)")
        try CatalogueCompiler.compile(CatalogueCompiler.poFile("fr"), as: "fr", into: folder.path)
        try CatalogueCompiler.compile(text: Self.arabic, as: "ar", into: folder.path)
        let books = WordBooks(folder: folder.path, frame: { EnglishBook() })
        server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token,
                              control: FakeFrameControl(), settings: FakeSettings(),
                              books: { books.book(acceptLanguage: $0) }, log: { _ in })
        try server.start()
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func get(_ target: String, language: String?) throws -> RawReply {
        let connection = try RawConnection(port: server.boundPort)
        let headers = language.map { ["Accept-Language: \($0)"] } ?? []
        let token = target.hasPrefix("/api/") ? self.token : nil
        return try XCTUnwrap(connection.exchange("GET", target, token: token, headers: headers), target)
    }

    func testThePageIsWrittenInTheLanguageThePhoneAsksFor() throws {
        let french = try get("/", language: "fr-FR,fr;q=0.9,en;q=0.5")
        XCTAssertEqual(french.status, 200)
        XCTAssertTrue(french.text.contains(#"<html lang="fr-FR" dir="ltr">"#), String(french.text.prefix(200)))
        XCTAssertTrue(french.text.contains(">\(try self.french("Next"))</button>"), "the button in French")
        XCTAssertTrue(french.text.contains(try self.french("Save settings")))
        let script = try self.french("No token yet: paste the frame's remote token below.")
        XCTAssertTrue(french.text.contains(script), "the script's words in French")
        XCTAssertTrue(french.text.contains("<code>tessera remote-token</code>"), "the command kept as code")
        XCTAssertFalse(french.text.contains(">Save settings<"))

        let arabic = try get("/", language: "ar-EG")
        XCTAssertTrue(arabic.text.contains(#"<html lang="ar-EG" dir="rtl">"#), String(arabic.text.prefix(200)))
        XCTAssertTrue(arabic.text.contains(">التالي</button>"))
        XCTAssertTrue(arabic.text.contains(">Save settings<"), "a word the catalogue lacks stays English")

        for language in [nil, "ja", "*"] as [String?] {
            let frame = try get("/", language: language)
            XCTAssertTrue(frame.text.contains(#"<html lang="en" dir="ltr">"#), "\(language ?? "no header"): the frame's")
            XCTAssertTrue(frame.text.contains(">Next</button>"))
        }
    }

    func testTheFormsLabelsAreInThePhonesLanguageAndItsNamesStayEnglish() throws {
        let arabic = try XCTUnwrap(try get("/api/v1/settings", language: "ar").json?["fields"] as? [[String: Any]])
        XCTAssertEqual(arabic.map { $0["label"] as? String }, ["ثوانٍ لكل صورة", "Kiosk"])
        XCTAssertEqual(arabic.map { $0["name"] as? String }, ["interval", "kiosk"])
        let english = try XCTUnwrap(try get("/api/v1/settings", language: nil).json?["fields"] as? [[String: Any]])
        XCTAssertEqual(english.map { $0["label"] as? String }, ["Seconds a photo", "Kiosk"])
    }

    func testEveryWordTheScriptSaysIsInItsTableAndTranslationsAreEscaped() throws {
        let page = RemotePage.html(book: EnglishBook())
        let table = RemotePageWords.words(EnglishBook())
        let calls = try NSRegularExpression(pattern: #"\bwn?\("((?:[^"\\]|\\.)*)""#)
        let said = calls.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            String(page[Range($0.range(at: 1), in: page)!]).replacingOccurrences(of: #"\'"#, with: "'")
        }
        XCTAssertGreaterThan(said.count, 30)
        for english in said {
            XCTAssertTrue(table.words[english] != nil || table.plurals[english] != nil, "\(english) is not in the table")
        }

        struct Hostile: WordBook {
            let language = Language("fr")
            func lookUp(_ english: String, context: String?) -> String { "</script><img src=x onerror=alert(1)>\"" }
            func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String { "</script>" }
        }
        let hostile = RemotePage.html(book: Hostile())
        XCTAssertFalse(hostile.contains("<img src=x"), "a translation is text, never markup")
        XCTAssertEqual(hostile.components(separatedBy: "</script>").count, 2, "only the page's own end of script")
    }

    // MARK: In a browser

    /// The French the catalogue holds (translators may reword it; the test follows), never the English itself.
    private func french(_ english: String, context: String? = nil, _ values: [String: String] = [:]) throws -> String {
        let path = CatalogueFolder.path(of: "fr", in: folder.path)
        let catalogue = try XCTUnwrap(MOCatalog(contentsOf: path, language: Language("fr")))
        let words = catalogue.tr(english, context: context, values)
        XCTAssertNotEqual(words, WordTemplate.fill(english, values), "\(english) is not translated in po/fr.po")
        return words
    }

    func testChromiumInFrenchSeesTheRemoteInFrench() throws {
        let seen = try browse(language: "fr")
        XCTAssertTrue((seen["lang"] as? String ?? "").hasPrefix("fr"), "\(seen["lang"] ?? "")")
        XCTAssertEqual(seen["dir"] as? String, "ltr")
        XCTAssertEqual(seen["title"] as? String, try french("Tessera remote"))
        let words = try XCTUnwrap(seen["words"] as? [String: String])
        XCTAssertEqual(words["btn-next"], try french("Next"))
        XCTAssertEqual(words["btn-previous"], try french("Previous"))
        XCTAssertEqual(words["settings-save"], try french("Save settings"))
        XCTAssertEqual(words["mode-slideshow"], try french("Slideshow", context: "mode"))
        XCTAssertEqual(words["display-toggle"], try french("On", context: "switch"), "written by the script, from its table")
        XCTAssertEqual(words["status"], try french("Connected."))
        XCTAssertEqual(words["frame-name"], try french("{name}'s frame", ["name": "Kitchen"]))
        XCTAssertEqual(words["now-details"], [try french("By {name}", ["name": "Ann"]),
                                              try french("photo {index} of {count}", ["index": "1", "count": "12"])]
            .joined(separator: " · "))
        XCTAssertEqual(words["now-source"], try french("From {source}", ["source": "Demo"]))
        XCTAssertEqual(seen["when"] as? [String], [try french("now", context: "setting applies"), try french("at next start")])
        XCTAssertEqual(seen["pauseAfterTap"] as? String, try french("Play"))
    }

    func testChromiumInArabicSeesTheRemoteRightToLeft() throws {
        let seen = try browse(language: "ar")
        XCTAssertEqual(seen["dir"] as? String, "rtl")
        XCTAssertTrue((seen["lang"] as? String ?? "").hasPrefix("ar"), "\(seen["lang"] ?? "")")
        let words = try XCTUnwrap(seen["words"] as? [String: String])
        XCTAssertEqual(words["btn-next"], "التالي")
        XCTAssertEqual(seen["labels"] as? [String], ["ثوانٍ لكل صورة", "Kiosk"])
        // The header mirrored: the frame's name at the right, the status at its left.
        let header = try XCTUnwrap(seen["header"] as? [String: Double])
        let width = try XCTUnwrap(header["width"]), nameRight = try XCTUnwrap(header["nameRight"])
        XCTAssertGreaterThan(nameRight, width * 0.8, "the name starts at the right: \(header)")
        XCTAssertLessThan(try XCTUnwrap(header["statusLeft"]), try XCTUnwrap(header["nameLeft"]), "\(header)")
    }

    /// The page opened in headless Chromium in `language`, as `remote_page_check.py --words` saw it.
    private func browse(language: String) throws -> [String: Any] {
        let python = try RemotePageBrowser.python(for: "the remote page's language test")
        let check = try RemotePageBrowser.run(python, [RemotePageBrowser.checkScript, "http://127.0.0.1:\(server.boundPort)/#token=\(token)", "--words",
                                     "--lang", language], timeout: 120)
        let lastLine = check.output.split(separator: "\n").last.map(String.init) ?? ""
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
                                 "the check said: \(check.output) \(check.errors)")
        XCTAssertEqual(check.status, 0, "\(seen["error"] ?? "") at \(seen["step"] ?? ""); \(check.errors)")
        return seen
    }
}
