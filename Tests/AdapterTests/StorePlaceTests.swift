import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryStore
import GRDB
import XCTest

/// The cache is input too: its place is private, odd entries where its files go are moved aside, pages count
/// against the budget, and stored pages are validated again when read.
final class StorePlaceTests: XCTestCase {
    private var dir = ""
    private var file: String { dir + "/" + SQLiteStore.fileName }

    override func setUp() { dir = NSTemporaryDirectory() + "tessera-place-\(UUID().uuidString)" }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func mode(_ path: String) -> Int {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return Int(info.st_mode & 0o777)
    }

    func testTheFolderIsPrivateAndSoAreTheFiles() throws {
        let oldMask = umask(0o022)
        defer { umask(oldMask) }
        let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
        try store.saveImage(Data([1, 2, 3]), forKey: "k")
        XCTAssertEqual(mode(dir), 0o700)
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(mode(file + "-wal"), 0o600, "SQLite gives the log the database's mode")
        // A folder and file made public by someone else are made private again.
        chmod(dir, 0o755); chmod(file, 0o644)
        _ = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
        XCTAssertEqual(mode(dir), 0o700)
        XCTAssertEqual(mode(file), 0o600)
    }

    /// A folder the user named (`--cache-dir`) keeps the permissions its owner gave it; the store's files are
    /// private all the same, and a folder Tessera had to make is private.
    func testAFolderTheUserNamedKeepsItsPermissions() throws {
        let oldMask = umask(0o022)
        defer { umask(oldMask) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20, ownsDirectory: false)
        try store.saveImage(Data([1]), forKey: "k")
        XCTAssertEqual(mode(dir), 0o755, "not chmod'ed")
        XCTAssertEqual(mode(file), 0o600)
        let made = dir + "/made"
        _ = try SQLiteStore(directory: made, budgetBytes: 1 << 20, ownsDirectory: false)
        XCTAssertEqual(mode(made), 0o700, "a folder Tessera makes is private")
    }

    /// Opens on another thread, so a hang (a FIFO opened for reading) fails the test instead of stopping it.
    private func openWithin(seconds: Double) -> StoreOpener.Outcome? {
        let done = DispatchSemaphore(value: 0)
        let box = Box<StoreOpener.Outcome>()
        let dir = self.dir
        Thread.detachNewThread {
            box.set(StoreOpener.open(directory: dir, budgetBytes: 1 << 20, now: Date(timeIntervalSince1970: 2000)))
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    func testASymlinkFIFOOrDirectoryWhereTheStoreGoesIsMovedAside() throws {
        let victim = NSTemporaryDirectory() + "tessera-victim-\(UUID().uuidString)"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        defer { try? FileManager.default.removeItem(atPath: victim) }
        let makers: [(String, () throws -> Void)] = [
            ("a symbolic link", { try FileManager.default.createSymbolicLink(atPath: self.file, withDestinationPath: victim) }),
            ("a FIFO", { XCTAssertEqual(mkfifo(self.file, 0o600), 0) }),
            ("a directory", { try FileManager.default.createDirectory(atPath: self.file, withIntermediateDirectories: false) }),
            ("a symbolic link", { try FileManager.default.createSymbolicLink(atPath: self.file + "-wal", withDestinationPath: victim) }),
        ]
        for (what, make) in makers {
            try? FileManager.default.removeItem(atPath: dir)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try make()
            let outcome = try XCTUnwrap(openWithin(seconds: 10), "opening hung with \(what) in place")
            let store = try XCTUnwrap(outcome.store, outcome.message ?? "")
            XCTAssertTrue(outcome.message?.contains("is \(what), not a file") == true, outcome.message ?? "")
            XCTAssertTrue(outcome.message?.contains("moved to") == true, outcome.message ?? "")
            XCTAssertEqual(outcome.message?.split(separator: "\n").count, 1)
            try store.saveImage(Data([9]), forKey: "k")
            XCTAssertEqual(mode(file), 0o600, "a regular file now")
        }
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious", "the link's target untouched")
    }

    func testPagesCountAgainstTheBudgetAndTheFirstPagesStay() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 20_000)
        let page = PageContents(photos: (0..<30).map {
            Photo(id: String($0), author: String(repeating: "a", count: 60), width: 300, height: 200,
                  url: "https://x/\($0)", downloadURL: "https://x/d/\($0)")
        })
        for n in 1...20 { try store.savePage(page, page: n, limit: 30, source: "s") }
        XCTAssertLessThanOrEqual(store.storedBytes, 20_000)
        let kept = try store.pages(source: "s", limit: 30, maxPages: 100).map(\.page)
        XCTAssertFalse(kept.isEmpty)
        XCTAssertEqual(kept, Array(1...kept.count), "the furthest pages go first")
        XCTAssertLessThan(kept.count, 20)
        // Images go before pages.
        try store.saveImage(Data(repeating: 1, count: 3000), forKey: "img")
        XCTAssertLessThanOrEqual(store.storedBytes, 20_000)
    }

    func testStoredPagesAreValidatedAgainWhenRead() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
        // Written by "anyone": a page body with a bidi-override author, a bad ID and an endless URL.
        let hostile = """
        {"photos":[{"id":"1","author":"\\u202Eevil\\u0007","width":300,"height":200,"url":"https://x/\(String(repeating: "y", count: 3000))","downloadURL":""},
                   {"id":"../../etc","author":"x","width":1,"height":1,"url":"","downloadURL":""}],"skipped":0}
        """
        let raw = try DatabaseQueue(path: file)
        try raw.write {
            try $0.execute(sql: "INSERT INTO pages (source, page_limit, page, body, fetched_at) VALUES ('k', 30, 1, ?, 0)",
                           arguments: [Data(hostile.utf8)])
        }
        let source = CachingSource(upstream: PicsumSource(baseURL: "http://127.0.0.1:1", http: NeverHTTP()), store: store,
                                   sourceKey: "k", networkReport: { _ in }, storeFailure: { _ in })
        let pages = source.storedPages(limit: 30)
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages[0].contents.photos.map(\.id), ["1"])
        XCTAssertEqual(pages[0].contents.photos[0].author, "evil")
        XCTAssertEqual(pages[0].contents.photos[0].url, "")
        XCTAssertEqual(pages[0].contents.rawCount, 2)
    }
}

private final class NeverHTTP: HTTPClient {
    func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID {
        RequestID(0)
    }
    func cancel(_ id: RequestID) -> Bool { false }
}

final class PinnedImagesTests: XCTestCase {
    func testBookmarkedImagesAreNeverEvicted() throws {
        let dir = NSTemporaryDirectory() + "tessera-pins-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SQLiteStore(directory: dir, budgetBytes: 10_000)
        try store.saveImage(Data(repeating: 1, count: 3000), forKey: "k/id/7/300/200")
        try store.setPinned("k/id/7/", true)
        for i in 0..<20 { try store.saveImage(Data(repeating: 2, count: 3000), forKey: "k/id/\(100 + i)/300/200") }
        XCTAssertNotNil(try store.image(forKey: "k/id/7/300/200"), "pinned: kept through 60 KB of newer images")
        try store.setPinned("k/id/7/", false)
        for i in 0..<5 { try store.saveImage(Data(repeating: 3, count: 3000), forKey: "k/id/\(200 + i)/300/200") }
        XCTAssertNil(try store.image(forKey: "k/id/7/300/200"), "unpinned: it ages out again")
    }
}
