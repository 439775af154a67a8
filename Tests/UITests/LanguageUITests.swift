import FixtureServer
import Foundation
import SDLKit
import XCTest

/// The real app in German, as a new user would start it: `LANG=de_DE.UTF-8` on a machine without that locale
/// installed (GettextBook reads the catalogue anyway). What is checked is the words the app drew (the hidden
/// `TESSERA_WORDS_LOG` seam: every distinct line the interface draws): the header's status with German plural
/// forms ("1 Foto", "30 Fotos"), the help's title, the pane's lines, an alert; and `--language de` over `LANG=fr`.
/// The catalogue is this checkout's po/de.po, compiled by GNU gettext's msgfmt for the test.
final class LanguageUITests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private var server: FixtureServer!
    private var scratch: URL!
    private var locales: String!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-language-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        locales = try CatalogueCompiler.compile(CatalogueCompiler.poFile("de"), as: "de",
                                                 into: scratch.appendingPathComponent("locale").path)
        server = FixtureServer(photos: 200)
        try server.start(port: 0)
    }

    override func tearDown() {
        server?.stop()
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    func testLANGGermanShowsTheHeaderAndHelpInGerman() throws {
        let words = try drawn(["--script", "help"], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertTrue(words.contains { $0.range(of: #"^\d+ Fotos · "#, options: .regularExpression) != nil },
                      "the header's count in German, plural: \(words)")
        XCTAssertFalse(words.contains { $0.range(of: #"^\d+ photos"#, options: .regularExpression) != nil }, "\(words)")
        XCTAssertTrue(words.contains("Tasten und Gesten"), "the help's title: \(words)")
        XCTAssertTrue(words.contains { $0.hasPrefix("Esc, ? oder ein Klick") || $0.hasPrefix("Weiter unten: ") },
                      "the help's foot: \(words)")
        XCTAssertFalse(words.contains("Keys and gestures"), "\(words)")
    }

    /// German's singular: one photo is "1 Foto", not "1 Fotos" (the catalogue's plural form for n = 1).
    func testOnePhotoIsSaidInTheSingular() throws {
        let words = try drawn(["--demo", "--demo-photos", "1"], environment: ["LANG": "de_DE.UTF-8"], server: false)
        XCTAssertTrue(words.contains { $0.hasPrefix("1 Foto · ") }, "\(words)")
        XCTAssertFalse(words.contains { $0.hasPrefix("1 Fotos") || $0.hasPrefix("1 photo") }, "\(words)")
    }

    func testThePaneSpeaksGerman() throws {
        let words = try drawn(["--script", "next,open"], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertTrue(words.contains { $0.hasPrefix("Seite: ") || $0.hasPrefix("Datei: ") }, "the credit's link: \(words)")
        XCTAssertTrue(words.contains { $0.hasPrefix("Herunterladen: ") }, "the download link: \(words)")
        XCTAssertFalse(words.contains { $0.hasPrefix("Page: ") || $0.hasPrefix("Download: ") }, "\(words)")
    }

    /// A folder that is not there: the alert over the wall says so in German.
    func testAnAlertSpeaksGerman() throws {
        let missing = scratch.appendingPathComponent("Bilder").path
        try FileManager.default.createDirectory(atPath: scratch.appendingPathComponent("Bilderr").path,
                                                withIntermediateDirectories: true)
        let words = try drawn([missing, "--size", "800x600"], environment: ["LANG": "de_DE.UTF-8"], server: false)
        let said = words.joined(separator: " ")
        XCTAssertTrue(said.contains("existiert nicht"), "the alert's message: \(words)")
        XCTAssertFalse(said.contains("does not exist"), "\(words)")
    }

    func testTheLanguageOptionWinsOverTheEnvironment() throws {
        let french = try drawn(["--script", "help"], environment: ["LANG": "fr_FR.UTF-8"])
        XCTAssertFalse(french.contains("Tasten und Gesten"), "\(french)")
        let german = try drawn(["--script", "help", "--language", "de"], environment: ["LANG": "fr_FR.UTF-8"])
        XCTAssertTrue(german.contains("Tasten und Gesten"), "\(german)")
        XCTAssertTrue(german.contains { $0.range(of: #"^\d+ Fotos · "#, options: .regularExpression) != nil }, "\(german)")
    }

    /// Without TESSERA_LOCALE_DIR the development build finds the catalogues `make locale` compiled, above its own
    /// executable (.build/locale), as the installed program finds share/locale beside bin.
    func testTheBuildFindsItsOwnCatalogues() throws {
        let built = Self.repository.appendingPathComponent(".build/locale/de/LC_MESSAGES/tessera.mo").path
        guard FileManager.default.fileExists(atPath: built) else { throw missing("compiled catalogue (make locale): \(built)") }
        let words = try drawn(["--script", "help"], environment: ["LANG": "de_DE.UTF-8"], buildsCatalogues: true)
        XCTAssertTrue(words.contains("Tasten und Gesten"), "\(words)")
    }

    // MARK: - Running the app

    /// Runs the app with `arguments` in a clean language environment (`environment` on top: LANGUAGE, LC_ALL and
    /// LC_MESSAGES removed so LANG decides) and returns the distinct lines it drew. `buildsCatalogues`: no
    /// TESSERA_LOCALE_DIR, the app finds the build's own.
    private func drawn(_ arguments: [String], environment: [String: String], server useServer: Bool = true,
                       buildsCatalogues: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let log = scratch.appendingPathComponent("words-\(UUID().uuidString).txt").path
        var env = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "TESSERA_WORDS_LOG": log,
                   "TESSERA_LOCALE_DIR": buildsCatalogues ? "" : locales!]
        for (name, value) in environment { env[name] = value }
        let source = useServer ? ["--api", server.baseURL] : []
        let run = try AppProcess.run(source + ["--no-cache"] + arguments, environment: env)
        XCTAssertEqual(run.status, 0, run.log, file: file, line: line)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
