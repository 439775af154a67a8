import AppDriving
import Foundation
import XCTest

/// `scripts/check-words`, run for real (python3 and GNU gettext's tools) on a small copy of the project's layout: a
/// source with four strings (a plain one, the same English with a context, a placeholder, a plural), the twelve
/// languages complete, then each kind of breakage alone. A complete set passes; each breakage fails with one line
/// naming the language, the msgid and what is wrong.
final class CheckWordsTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let required = ["de", "fr", "es", "it", "pt_BR", "nl", "pl", "sv", "ja", "zh_CN", "ar", "he"]
    private var root: URL!

    override func setUpWithError() throws {
        for tool in ["/usr/bin/msgfmt", "/usr/bin/msgcmp", "/usr/bin/msgattrib"] {
            guard FileManager.default.isExecutableFile(atPath: tool) else { throw missing("GNU gettext's tools (\(tool))") }
        }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("check-words-\(UUID().uuidString)")
        let fm = FileManager.default
        for folder in ["scripts", "Sources/Words", "po"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for script in ["check-words", "extract-words"] {
            try fm.copyItem(at: Self.repository.appendingPathComponent("scripts/\(script)"),
                            to: root.appendingPathComponent("scripts/\(script)"))
        }
        try write("Sources/Words/Shown.swift", """
            let a = tr("Open")
            let b = tr("Opened {name}", ["name": name])
            let c = trn("{count} photo", "{count} photos", count: n)
            let d = tr("Open", context: "button")

            """)
        XCTAssertEqual(try run("scripts/extract-words").status, 0)
        try write("po/LINGUAS", "# the languages\n" + Self.required.joined(separator: " ") + "\n")
        for language in Self.required { try write("po/\(language).po", Self.catalogue(language)) }
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    func testTwelveCompleteLanguagesPass() throws {
        let result = try run("scripts/check-words")
        XCTAssertEqual(result.status, 0, result.said)
        XCTAssertTrue(result.said.contains("ok (4 strings)"), result.said)
    }

    func testAStaleTemplateFails() throws {
        try append("Sources/Words/Shown.swift", "let e = tr(\"Close\")\n")
        try assertFails(saying: "template: extract-words: po/tessera.pot is stale")
    }

    func testALanguageMissingFromLinguasFails() throws {
        try write("po/LINGUAS", Self.required.filter { $0 != "he" }.joined(separator: "\n") + "\n")
        try assertFails(saying: "he: a required language is not listed in po/LINGUAS")
    }

    func testALanguageListedWithoutItsCatalogueFails() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("po/sv.po"))
        try assertFails(saying: "sv: listed in po/LINGUAS but po/sv.po does not exist")
    }

    func testAMissingMsgidFails() throws {
        try edit("po/pl.po") { $0.replacingOccurrences(of: "msgctxt \"button\"\nmsgid \"Open\"\nmsgstr \"pl: Open (button)\"\n\n", with: "") }
        try assertFails(saying: "pl: \"Open\": missing from po/pl.po (context \"button\")")
    }

    func testAnUntranslatedStringFails() throws {
        try edit("po/fr.po") { $0.replacingOccurrences(of: "msgstr \"fr: Open\"", with: "msgstr \"\"") }
        try assertFails(saying: "fr: \"Open\": untranslated")
    }

    func testAnUntranslatedPluralFormFails() throws {
        try edit("po/es.po") { $0.replacingOccurrences(of: "msgstr[1] \"{count} es-photos\"", with: "msgstr[1] \"\"") }
        try assertFails(saying: "es: \"{count} photo\": untranslated: plural form(s) 1 empty")
    }

    func testAFuzzyStringFails() throws {
        try edit("po/it.po") { $0.replacingOccurrences(of: "#, python-brace-format\nmsgid \"Opened", with: "#, fuzzy, python-brace-format\nmsgid \"Opened") }
        try assertFails(saying: "it: \"Opened {name}\": fuzzy")
    }

    func testADroppedPlaceholderFails() throws {
        try edit("po/de.po") { $0.replacingOccurrences(of: "msgstr \"de: {name} geöffnet\"", with: "msgstr \"de: geöffnet\"") }
        try assertFails(saying: "de: \"Opened {name}\": the translation drops the placeholder {name}")
    }

    func testAnAddedPlaceholderFails() throws {
        try edit("po/nl.po") { $0.replacingOccurrences(of: "msgstr \"nl: {name}\"", with: "msgstr \"nl: {name} {where}\"") }
        try assertFails(saying: "nl: \"Opened {name}\": the translation adds the placeholder {where}")
    }

    func testACountDroppedFromAPluralFormForManyNumbersFails() throws {
        try edit("po/de.po") { $0.replacingOccurrences(of: "msgstr[1] \"{count} de-photos\"", with: "msgstr[1] \"Fotos\"") }
        try assertFails(saying: "de: \"{count} photo\": form 1 drops the placeholder {count}")
    }

    func testAPlaceholderAddedToAPluralFormFails() throws {
        try edit("po/ja.po") { $0.replacingOccurrences(of: "msgstr[0] \"{count} ja-photos\"", with: "msgstr[0] \"{count} {n}\"") }
        try assertFails(saying: "ja: \"{count} photo\": form 0 adds the placeholder {n}")
    }

    /// Arabic's form for exactly one says "one photo" in words: as msgfmt's own check, that is allowed.
    func testACountLeftOutOfAFormForOneNumberPasses() throws {
        let result = try run("scripts/check-words")
        XCTAssertEqual(result.status, 0, result.said)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("po/ar.po"), encoding: .utf8)
            .contains("msgstr[1] \"صورة واحدة\""))
    }

    func testPluralFormsOtherThanTheHeadersCountFail() throws {
        try edit("po/pl.po") { $0.replacingOccurrences(of: "msgstr[2] \"{count} pl-photos\"\n", with: "") }
        try assertFails(saying: "pl: \"{count} photo\": 2 plural forms, the header says nplurals=3")
    }

    // MARK: - The copy

    /// A complete catalogue: each string says its language; the plural forms as many as the language has.
    private static func catalogue(_ language: String) -> String {
        let rule: String, forms: [String]
        switch language {
        case "ja", "zh_CN":
            rule = "nplurals=1; plural=0;"; forms = ["{count} \(language)-photos"]
        case "pl":
            rule = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
            forms = ["{count} pl-photo", "{count} pl-photos1", "{count} pl-photos"]
        case "ar":
            rule = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
            forms = ["{count} صور", "صورة واحدة", "صورتان", "{count} صور", "{count} صورة", "{count} صورة"]
        default:
            rule = "nplurals=2; plural=(n != 1);"; forms = ["{count} \(language)-photo", "{count} \(language)-photos"]
        }
        return header(language, rule) + body(language, forms: forms)
    }

    private static func header(_ language: String, _ rule: String) -> String {
        """
        msgid ""
        msgstr ""
        "Project-Id-Version: tessera\\n"
        "Language: \(language)\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: \(rule)\\n"


        """
    }

    private static func body(_ language: String, forms: [String]) -> String {
        let opened = language == "de" ? "de: {name} geöffnet" : "\(language): {name}"
        return """
            msgid "Open"
            msgstr "\(language): Open"

            msgctxt "button"
            msgid "Open"
            msgstr "\(language): Open (button)"

            #, python-brace-format
            msgid "Opened {name}"
            msgstr "\(opened)"

            #, python-brace-format
            msgid "{count} photo"
            msgid_plural "{count} photos"

            """ + forms.enumerated().map { "msgstr[\($0.offset)] \"\($0.element)\"\n" }.joined()
    }

    private func write(_ path: String, _ text: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    private func append(_ path: String, _ text: String) throws {
        try edit(path) { $0 + text }
    }

    private func edit(_ path: String, _ change: (String) -> String) throws {
        let url = root.appendingPathComponent(path)
        let before = try String(contentsOf: url, encoding: .utf8)
        let after = change(before)
        XCTAssertNotEqual(before, after, "the test's edit of \(path) changed nothing")
        try after.write(to: url, atomically: true, encoding: .utf8)
    }

    private func run(_ script: String) throws -> (status: Int32, said: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent(script)
        process.currentDirectoryURL = root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    /// Exit status 1 and, among the lines said, one `check-words: LANG: "MSGID": what` line containing `line`.
    private func assertFails(saying line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
        let result = try run("scripts/check-words")
        XCTAssertEqual(result.status, 1, result.said, file: file, line: lineNumber)
        let lines = result.said.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("check-words: ") && $0.contains(line) },
                      "expected a line with \(line) in:\n\(result.said)", file: file, line: lineNumber)
    }
}
