import Foundation
import GalleryCore
@testable import LocalSources
import SDLKit
import XCTest

/// A folder named on the command line that goes away and comes back (a USB stick, a share, a folder replaced by a
/// script): its photos come off the wall while it is gone, and what is there when it returns shows within 10 s.
final class FolderComesAndGoesTests: XCTestCase {
    private var base = ""
    private var root: String { base + "/photos" }

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        base = NSTemporaryDirectory() + "tessera-comes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: base) }

    private func fill(_ folder: String, _ names: [String]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, name) in names.enumerated() {
            try flatJPEG(40 + i, 30).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    /// Starts a source on `root` and waits for its first scan to have found `count` photos.
    private func started(expecting count: Int) -> (FolderSource, FolderSourceTests.EditLog) {
        let source = FolderSource(roots: [root], cells: nil, indexStore: { nil }, log: { _ in })
        let edits = FolderSourceTests.EditLog()
        source.onEdits = { edits.add($0) }
        source.start()
        let page = expectation(description: "first page")
        source.fetchPage(1, limit: 50) { result in
            XCTAssertEqual((try? result.get().photos.count) ?? -1, count)
            page.fulfill()
        }
        wait(for: [page], timeout: 10)
        return (source, edits)
    }

    /// Waits (on the source's own edits, at most 10 s) until the photos in order are named `names`.
    private func expectPhotos(_ source: FolderSource, _ edits: FolderSourceTests.EditLog, _ names: Set<String>,
                              _ what: String) {
        let shown = expectation(description: what)
        edits.expect(shown) { _ in Set(source.photosInOrder().map(\.author)) == names }
        let started = Date()
        wait(for: [shown], timeout: 10)
        print("\(what): \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    func testAFolderRemovedAndMadeAgainShowsItsNewPhotos() throws {
        try fill(root, ["a.jpg", "b.jpg"])
        let (source, edits) = started(expecting: 2)
        defer { source.stop() }
        try FileManager.default.removeItem(atPath: root)
        expectPhotos(source, edits, [], "the removed folder's photos taken off")
        try fill(root, ["c.jpg", "d.jpg", "e.jpg"])
        expectPhotos(source, edits, ["c.jpg", "d.jpg", "e.jpg"], "the new folder's photos shown")
    }

    func testAFolderSwappedByARenameShowsTheNewOne() throws {
        try fill(root, ["a.jpg", "b.jpg"])
        let (source, edits) = started(expecting: 2)
        defer { source.stop() }
        // The atomic swap a sync script makes: a new folder renamed over the old one.
        try fill(base + "/incoming", ["x.jpg", "y.jpg"])
        XCTAssertEqual(rename(base + "/incoming", root + "-new"), 0)
        XCTAssertEqual(rename(root, base + "/old"), 0)
        XCTAssertEqual(rename(root + "-new", root), 0)
        expectPhotos(source, edits, ["x.jpg", "y.jpg"], "the swapped-in folder's photos shown")
    }

    func testTheSameNamesWithOtherFilesAreReadAgain() throws {
        // A stick mounted again with other photos under the same names: nothing of the old ones may stand.
        try fill(root, ["a.jpg"])
        let (source, edits) = started(expecting: 1)
        defer { source.stop() }
        let before = source.photosInOrder().map(\.id)
        try FileManager.default.moveItem(atPath: root, toPath: base + "/old")
        try fill(root, ["a.jpg"])
        let replaced = expectation(description: "the new a.jpg")
        edits.expect(replaced) { _ in
            let now = source.photosInOrder()
            return now.count == 1 && now.map(\.id) != before
        }
        wait(for: [replaced], timeout: 10)
    }

    private func run(_ arguments: [String]) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// A stick (here a tmpfs) unmounted and mounted again with other photos: noticed at once, read again whole.
    func testAFileSystemUnmountedAndMountedAgainShowsItsNewPhotos() throws {
        guard run(["mount", "-t", "tmpfs", "-o", "size=8m", "tessera-test", root]) == 0 else {
            throw XCTSkip("mounting needs root here (CI runs as root)")
        }
        defer { _ = run(["umount", "-l", root]) }
        try fill(root, ["a.jpg", "b.jpg"])
        let (source, edits) = started(expecting: 2)
        defer { source.stop() }
        XCTAssertEqual(run(["umount", root]), 0)
        expectPhotos(source, edits, [], "the unmounted stick's photos taken off")
        XCTAssertEqual(run(["mount", "-t", "tmpfs", "-o", "size=8m", "tessera-test", root]), 0)
        try fill(root, ["p.jpg", "q.jpg", "r.jpg"])
        expectPhotos(source, edits, ["p.jpg", "q.jpg", "r.jpg"], "the stick mounted again shows its photos")
    }

    /// A file system mounted over a folder being shown (no watch event says so), holding a file of the same name,
    /// size and time: its identity is another, so it is another photo, read afresh.
    func testAFileSystemMountedOverTheFolderIsReadAgainWhole() throws {
        try fill(root, ["a.jpg"])
        // The same bytes and times to the nanosecond (`cp -p`), kept aside to put on the mounted file system.
        XCTAssertEqual(run(["cp", "-p", root + "/a.jpg", base + "/a-copy.jpg"]), 0)
        let (source, edits) = started(expecting: 1)
        defer { source.stop() }
        let before = source.photosInOrder().map(\.id)
        guard run(["mount", "-t", "tmpfs", "-o", "size=8m", "tessera-test", root]) == 0 else {
            throw XCTSkip("mounting needs root here (CI runs as root)")
        }
        defer { _ = run(["umount", "-l", root]) }
        XCTAssertEqual(run(["cp", "-p", base + "/a-copy.jpg", root + "/a.jpg"]), 0)
        let replaced = expectation(description: "the mounted a.jpg")
        edits.expect(replaced) { _ in
            let now = source.photosInOrder()
            return now.count == 1 && now.map(\.id) != before
        }
        wait(for: [replaced], timeout: 10)
    }
}
