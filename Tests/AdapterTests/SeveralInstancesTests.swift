import Foundation
import GalleryCore
@testable import GalleryStore
import XCTest

/// Six copies started at once on a fresh profile, twenty times: every one opens the library and the cache without
/// taking the other's work for damage, and every bookmark is there afterwards.
final class SeveralInstancesTests: XCTestCase {
    func testSixInstancesStartedAtOnceLoseNothing() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tessera-bench").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: executable), "build the bench first")
        for round in 0..<20 {
            let root = NSTemporaryDirectory() + "tessera-six-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            var processes: [(Process, Pipe)] = []
            for i in 0..<6 {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: executable)
                p.arguments = ["open-library", "--library", root + "/data", "--cache", root + "/cache", "--id", "b\(i)"]
                let out = Pipe()
                p.standardOutput = out
                p.standardError = out
                processes.append((p, out))
            }
            for (p, _) in processes { try p.run() }
            var said: [String] = []
            for (p, out) in processes {
                said.append(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                p.waitUntilExit()
                XCTAssertEqual(p.terminationStatus, 0, "round \(round): \(said.last ?? "")")
            }
            for text in said {
                XCTAssertFalse(text.contains("could not be opened") || text.contains("moved to") || text.contains("not saved"),
                               "round \(round): \(text)")
            }
            let library = try LibraryStore(directory: root + "/data")
            XCTAssertEqual(Set(library.bookmarks().map(\.photo.id)), Set((0..<6).map { "b\($0)" }), "round \(round)")
            let moved = (try? FileManager.default.contentsOfDirectory(atPath: root + "/data"))?
                .filter { $0.contains("unreadable") } ?? []
            XCTAssertEqual(moved, [], "round \(round): nothing was moved aside")
        }
    }
}
