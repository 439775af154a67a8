import Foundation
import GalleryCore
import LocalSources
import XCTest

/// The key a folder source's bookmarks, kept place and cached pages belong to. The store reads keys as C text, so a
/// key must hold no NUL: runs naming the same first folder once shared one key (everything after the NUL lost).
final class FolderSourceKeyTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-key-\(UUID().uuidString)"
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func key(_ paths: [String], onlyTop: Bool = false) throws -> String {
        var context = SourceContext(requested: "folder", http: NeverClient(), paths: paths)
        context.onlyTopFolders = onlyTop
        return try FolderSource.kind.make(context).key
    }

    func testMultiRootRunsDifferingInTheSecondPathHaveDifferentKeys() throws {
        let first = try key([root + "/a", root + "/b"]), second = try key([root + "/a", root + "/c"])
        XCTAssertNotEqual(first, second)
        for key in [first, second] { XCTAssertFalse(key.utf8.contains(0), "no NUL in \(key.debugDescription)") }
        // Each differs from the first folder's own key too (it was that key, cut at the NUL).
        XCTAssertNotEqual(first, try key([root + "/a"]))
        XCTAssertEqual(first, "folder:" + root + "/a\n" + root + "/b")
    }

    func testASingleRootKeyIsWhatItAlwaysWas() throws {
        // Bookmarks and kept places of existing users are found under it.
        XCTAssertEqual(try key([root + "/a"]), "folder:" + root + "/a")
        XCTAssertEqual(try key([root + "/a"], onlyTop: true), "folder:top:" + root + "/a")
    }
}
