import Foundation
import LocalSources
import XCTest

/// The desktop entry offers Tessera for every file it reads: `desktop-file-validate` passes, and each extension the
/// folder scanner reads (`LocalFileReader`'s lists, the ones that decide what a walk shows) has its MIME type
/// (`MediaTypes`) in the entry's `MimeType`. A new format added to the scanner without its type fails here.
final class DesktopEntryTests: XCTestCase {
    private var entryPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/tessera.desktop").path
    }

    func testTheEntryIsValid() throws {
        let validator = ["/usr/bin/desktop-file-validate", "/usr/local/bin/desktop-file-validate"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try XCTUnwrap(validator, "desktop-file-validate is missing: make test-deps installs desktop-file-utils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [entryPath]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        // Hints are not errors, but a clean entry has none either.
        XCTAssertEqual(said.trimmingCharacters(in: .whitespacesAndNewlines), "", said)
    }

    func testEveryExtensionTheScannerReadsIsDeclared() throws {
        let text = try String(contentsOfFile: entryPath, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let declared = Set(line.dropFirst("MimeType=".count).split(separator: ";").map(String.init))
        let read = LocalFileReader.extensions.union(LocalFileReader.clipExtensions)
            .union(LocalFileReader.animationExtensions)
        XCTAssertFalse(read.isEmpty)
        for ext in read.sorted() {
            guard let type = MediaTypes.byExtension[ext] else {
                XCTFail(".\(ext) is read by the scanner but has no MIME type in MediaTypes.byExtension")
                continue
            }
            XCTAssertTrue(declared.contains(type), ".\(ext) (\(type)) is read but the desktop entry does not declare it")
        }
        // The list, whether or not the scanner reads them yet (JPEG XL and RAW land separately).
        for type in ["image/jpeg", "image/png", "image/webp", "image/gif", "image/heic", "image/heif", "image/avif",
                     "image/jxl", "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef",
                     "image/x-sony-arw", "image/x-fuji-raf", "image/x-olympus-orf", "image/x-panasonic-rw2",
                     "video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] {
            XCTAssertTrue(declared.contains(type), "\(type) is not declared")
        }
        // Nothing declared that Tessera does not read.
        let known = Set(MediaTypes.byExtension.values).union(MediaTypes.alsoDeclared)
        XCTAssertEqual(declared.subtracting(known), [], "declared but not read")
    }
}
