import Foundation
import XCTest

/// GNU gettext's msgfmt for the tests: a .po (this checkout's po/LANG.po, or one a test writes) compiled to the .mo
/// the app reads, checked (`--check`: placeholders, plural forms, header) as `make locale` checks it.
public enum CatalogueCompiler {
    public static let msgfmt = "/usr/bin/msgfmt"
    /// This checkout (the folder holding po/ and Package.swift).
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// This checkout's po/LANG.po.
    public static func poFile(_ language: String) -> String {
        repository.appendingPathComponent("po/\(language).po").path
    }

    /// Compiles the .po at `po` to `mo` (its folder made); skips the test where msgfmt is not installed, fails it
    /// (naming msgfmt's complaint) where the catalogue does not compile.
    public static func compile(_ po: String, to mo: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: msgfmt) else { throw XCTSkip("no \(msgfmt) (gettext)") }
        try FileManager.default.createDirectory(atPath: (mo as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msgfmt)
        process.arguments = ["--check", "-o", mo, po]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "msgfmt --check \(po): \(String(decoding: said, as: UTF8.self))",
                       file: file, line: line)
    }

    /// Compiles `po` as `language`'s catalogue in the catalogue folder `folder` (`folder`/LANG/LC_MESSAGES/tessera.mo,
    /// the layout of share/locale, .build/locale and TESSERA_LOCALE_DIR); returns `folder`.
    @discardableResult
    public static func compile(_ po: String, as language: String, into folder: String,
                               file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try compile(po, to: "\(folder)/\(language)/LC_MESSAGES/tessera.mo", file: file, line: line)
        return folder
    }

    /// Compiles a catalogue written as text (a test's own few words) as `language`'s in `folder`; returns `folder`.
    @discardableResult
    public static func compile(text: String, as language: String, into folder: String,
                               file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let po = "\(folder)/\(language).po"
        try Data(text.utf8).write(to: URL(fileURLWithPath: po))
        return try compile(po, as: language, into: folder, file: file, line: line)
    }
}
