import Foundation
import XCTest

/// Catalogues for the tests, made the way the project makes its own: a `.po` written to a temporary folder and
/// compiled by GNU `msgfmt`; and Python's own `gettext` module as the reference reader of the same `.mo`.
enum Catalogues {
    static let msgfmt = "/usr/bin/msgfmt"
    static let python = "/usr/bin/python3"

    /// A `.po` with the header gettext wants (UTF-8, the plural rule) and `entries` after it.
    static func po(pluralForms: String, _ entries: String) -> String {
        """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: \(pluralForms)\\n"

        \(entries)
        """
    }

    /// `po` compiled to a `.mo` at `to` (its folders made); `bigEndian` asks msgfmt for the other byte order.
    static func compile(_ po: String, to mo: URL, bigEndian: Bool = false) throws {
        try FileManager.default.createDirectory(at: mo.deletingLastPathComponent(), withIntermediateDirectories: true)
        let source = mo.deletingPathExtension().appendingPathExtension("po")
        try Data(po.utf8).write(to: source)
        var arguments = ["--check", "-o", mo.path, source.path]
        if bigEndian { arguments.insert("--endianness=big", at: 0) }
        let result = try run(msgfmt, arguments)
        guard result.status == 0 else { throw Failed(description: "msgfmt: \(result.errors)") }
    }

    /// What Python's gettext answers for the `.mo` at `path`: `gettext` of each of `singles` (with its context,
    /// when it has one), and `ngettext` of each plural pair for each of `counts`, as a JSON object
    /// `{"single": [..], "plural": [[..per count..] per pair]}`.
    static func pythonAnswers(_ path: URL, singles: [(String?, String)], plurals: [(String, String)], counts: [Int])
        throws -> (single: [String], plural: [[String]]) {
        let query = try JSONSerialization.data(withJSONObject: [
            "singles": singles.map { [$0.0.map { $0 as Any } ?? NSNull(), $0.1] as [Any] },
            "plurals": plurals.map { [$0.0, $0.1] }, "counts": counts,
        ])
        let script = """
            import gettext, json, sys
            q = json.loads(sys.argv[2])
            t = gettext.GNUTranslations(open(sys.argv[1], "rb"))
            single = [t.pgettext(c, m) if c is not None else t.gettext(m) for c, m in q["singles"]]
            plural = [[t.ngettext(a, b, n) for n in q["counts"]] for a, b in q["plurals"]]
            print(json.dumps({"single": single, "plural": plural}))
            """
        let result = try run(python, ["-c", script, path.path, String(decoding: query, as: UTF8.self)])
        guard result.status == 0,
              let answer = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
              let single = answer["single"] as? [String], let plural = answer["plural"] as? [[String]] else {
            throw Failed(description: "python: \(result.errors)")
        }
        return (single, plural)
    }

    struct Failed: Error, CustomStringConvertible { let description: String }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw XCTSkip("no \(executable)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // The errors go to a file, the output through a pipe read to its end: a child is never left blocked.
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-words-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorsFile)) ?? Data()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
