import AppDriving
import Foundation
import GalleryCore
import RemoteControl
import TesseraBench
@testable import TesseraApp
import XCTest

/// The settings form's refusals in the phone's language: `ConfigSettings.save(_:wordsIn:)` with the French of
/// `po/fr.po`, and the same through the remote for a French `Accept-Language`; English stays as it was.
final class ConfigSettingsWordsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-settings-words-\(UUID().uuidString)")
        try CatalogueCompiler.compile(CatalogueCompiler.poFile("fr"), as: "fr", into: folder.appendingPathComponent("locale").path)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private var settings: ConfigSettings {
        ConfigSettings(path: folder.appendingPathComponent("config").path, check: { _, _ in nil }, running: [:])
    }

    private var french: any WordBook {
        get throws {
            let path = CatalogueFolder.path(of: "fr", in: folder.appendingPathComponent("locale").path)
            return try XCTUnwrap(MOCatalog(contentsOf: path, language: Language("fr")))
        }
    }

    private func refusal(_ result: Result<SettingsSaved, SettingsRefusal>) throws -> SettingsRefusal {
        guard case .failure(let refusal) = result else { throw XCTSkip("saved: \(result)") }
        return refusal
    }

    func testTheRefusalsAreInTheBooksLanguageAndEnglishStaysAsItWas() throws {
        // The French the catalogue holds (translators may reword it), never the English.
        let fr = try french
        let two = try refusal(settings.save(["nope": "1", "fill": "purple"], wordsIn: fr))
        XCTAssertEqual(two.message, fr.trn("{count} value was not saved: nothing changed",
                                           "{count} values were not saved: nothing changed", count: 2))
        XCTAssertEqual(two.problems, ["nope": fr.tr("there is no setting called {name}", ["name": "nope"]),
                                      "fill": fr.tr("must be one of: {choices}", ["choices": "blur, matte, black"])])
        let one = try refusal(settings.save(["fill": "purple"], wordsIn: fr))
        XCTAssertEqual(one.message, fr.tr("one value was not saved: nothing changed"))
        XCTAssertNotEqual(one.message, "one value was not saved: nothing changed")
        XCTAssertNotEqual(two.problems["nope"], "there is no setting called nope")

        let english = try refusal(settings.save(["nope": "1", "fill": "purple"]))
        XCTAssertEqual(english.message, "2 values were not saved: nothing changed")
        XCTAssertEqual(english.problems, ["nope": "there is no setting called nope",
                                          "fill": "must be one of: blur, matte, black"])
        XCTAssertEqual(try refusal(settings.save(["fill": "x"])).message, "one value was not saved: nothing changed")
    }

    func testTheRemoteAnswersAFrenchPhoneInFrench() throws {
        let books = WordBooks(folder: folder.appendingPathComponent("locale").path, frame: { EnglishBook() })
        let token = "test-token-0123456789abcdef"
        let server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token,
                                  control: FakeFrameControl(), settings: settings,
                                  books: { books.book(acceptLanguage: $0) }, log: { _ in })
        try server.start()
        defer { server.stop() }
        let inFrench = try french.tr("there is no setting called {name}", ["name": "nope"])
        XCTAssertNotEqual(inFrench, "there is no setting called nope")
        for (language, expected) in [("fr-FR,fr;q=0.8", inFrench), ("en", "there is no setting called nope")] {
            let connection = try RawConnection(port: server.boundPort)
            let reply = try XCTUnwrap(connection.exchange("POST", "/api/v1/settings", token: token, body: #"{"nope": 1}"#,
                                                          headers: ["Accept-Language: \(language)"]))
            XCTAssertEqual(reply.status, 400, reply.text)
            XCTAssertEqual((reply.json?["problems"] as? [String: String])?["nope"], expected, reply.text)
        }
    }
}
