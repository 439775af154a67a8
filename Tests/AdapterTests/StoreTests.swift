import Foundation
@testable import GalleryCore
@testable import GalleryStore
import TesseraBench
import XCTest

final class StoreTests: XCTestCase {
    private var dir = ""

    override func setUp() {
        dir = NSTemporaryDirectory() + "tessera-store-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private var file: String { dir + "/" + SQLiteStore.fileName }

    func testPagesComeBackInOrderPerSourceAndPageSize() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
        try store.savePage(PageContents(photos: photos(30..<60)), page: 2, limit: 30, source: "a")
        try store.savePage(PageContents(photos: photos(0..<30), skipped: 1), page: 1, limit: 30, source: "a")
        try store.savePage(PageContents(photos: photos(0..<10)), page: 1, limit: 10, source: "a")
        try store.savePage(PageContents(photos: photos(0..<5)), page: 1, limit: 30, source: "b")
        let pages = try store.pages(source: "a", limit: 30, maxPages: 100)
        XCTAssertEqual(pages.map(\.page), [1, 2])
        XCTAssertEqual(pages[0].contents, PageContents(photos: photos(0..<30), skipped: 1))
        XCTAssertEqual(pages[1].contents.photos.first?.id, "30")
        // A page fetched again replaces the stored copy.
        try store.savePage(PageContents(photos: photos(100..<130)), page: 2, limit: 30, source: "a")
        XCTAssertEqual(try store.pages(source: "a", limit: 30, maxPages: 100)[1].contents.photos.first?.id, "100")
        XCTAssertEqual(try store.page(2, limit: 30, source: "a")?.photos.first?.id, "100")
        XCTAssertNil(try store.page(3, limit: 30, source: "a"))
        XCTAssertNil(try store.page(2, limit: 10, source: "a"), "another page size is another page")
    }

    func testImagesSurviveReopening() throws {
        do {
            let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
            try store.saveImage(Data([1, 2, 3]), forKey: "k")
        }
        let again = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
        XCTAssertEqual(try again.image(forKey: "k"), Data([1, 2, 3]))
        XCTAssertNil(try again.image(forKey: "missing"))
        XCTAssertEqual(again.storedBytes, 3)
        try again.removeImage(forKey: "k")
        XCTAssertNil(try again.image(forKey: "k"))
        XCTAssertEqual(again.storedBytes, 0)
    }

    func testTheBudgetEvictsLeastRecentlyUsedFirst() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 10_000)
        for i in 0..<8 { try store.saveImage(Data(repeating: UInt8(i), count: 2000), forKey: "k\(i)") }
        XCTAssertLessThanOrEqual(store.storedBytes, 10_000)
        XCTAssertEqual(try store.imageCount(), 5)
        XCTAssertNil(try store.image(forKey: "k0"), "oldest went first")
        XCTAssertNotNil(try store.image(forKey: "k3"))  // now recently used
        try store.saveImage(Data(repeating: 9, count: 2000), forKey: "k8")
        XCTAssertNotNil(try store.image(forKey: "k3"), "a recent read protects it")
        XCTAssertNil(try store.image(forKey: "k4"))
        try store.saveImage(Data(repeating: 1, count: 20_000), forKey: "huge")
        XCTAssertNil(try store.image(forKey: "huge"), "larger than the whole budget: not kept")
        XCTAssertLessThanOrEqual(store.storedBytes, 10_000)
    }

    func testTheFileFollowsTheBudget() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 300_000)
        for i in 0..<200 { try store.saveImage(Data(repeating: UInt8(i % 250), count: 20_000), forKey: "k\(i)") }
        XCTAssertLessThanOrEqual(store.storedBytes, 300_000)
        try store.checkpoint()
        let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        XCTAssertLessThan(size, 300_000 + 200_000, "4 MB were written through a 300 KB budget; the file stays near it")
    }

    func testAFileOfGarbageIsMovedAsideAndReplaced() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 50_000).write(to: URL(fileURLWithPath: file))
        let outcome = StoreOpener.open(directory: dir, budgetBytes: 1 << 20, now: Date(timeIntervalSince1970: 1000))
        let store = try XCTUnwrap(outcome.store, outcome.message ?? "")
        XCTAssertTrue(outcome.message?.contains("moved to") == true, outcome.message ?? "")
        XCTAssertEqual(outcome.message?.split(separator: "\n").count, 1, "one line")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file + ".broken-1000"), "the old file is kept, aside")
        try store.saveImage(Data([7]), forKey: "k")
        XCTAssertEqual(try store.image(forKey: "k"), Data([7]))
    }

    func testAStoreFromANewerVersionIsMovedAside() throws {
        do {
            let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 20)
            try store.saveImage(Data([1]), forKey: "old")
        }
        let raw = try GRDB_openForTest(file)
        try raw.write { try $0.execute(sql: "PRAGMA user_version = 99") }
        XCTAssertThrowsError(try SQLiteStore(directory: dir, budgetBytes: 1 << 20)) { error in
            XCTAssertTrue("\(error)".contains("newer"), "\(error)")
        }
        let outcome = StoreOpener.open(directory: dir, budgetBytes: 1 << 20)
        XCTAssertNotNil(outcome.store)
        XCTAssertTrue(outcome.message?.contains("newer") == true, outcome.message ?? "")
        XCTAssertNil(try outcome.store?.image(forKey: "old"), "a fresh store")
    }

    func testAPlaceThatCannotHoldAStoreRunsWithout() throws {
        // A regular file where the folder should be: nothing can be created there, even by root.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir))
        let outcome = StoreOpener.open(directory: dir + "/cache", budgetBytes: 1 << 20)
        XCTAssertNil(outcome.store)
        XCTAssertTrue(outcome.message?.hasPrefix("cache disabled") == true, outcome.message ?? "")
    }

    func testAFullDiskFailsTheWriteAndLosesNothing() throws {
        let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 30)
        try store.saveImage(Data(repeating: 1, count: 1000), forKey: "kept")
        try store.limitSize(toPages: 20)
        XCTAssertThrowsError(try store.saveImage(Data(repeating: 2, count: 500_000), forKey: "too-big")) { error in
            XCTAssertTrue("\(error)".contains("full"), "\(error)")
        }
        XCTAssertEqual(try store.image(forKey: "kept"), Data(repeating: 1, count: 1000))
        XCTAssertNil(try store.image(forKey: "too-big"))
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testDefaultDirectoryFollowsXDG() {
        XCTAssertEqual(StoreOpener.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]),
                       "/x/cache/tessera")
        XCTAssertEqual(StoreOpener.defaultDirectory(environment: ["HOME": "/home/u"]), "/home/u/.cache/tessera")
        XCTAssertEqual(StoreOpener.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.cache/tessera", "a relative XDG path is ignored, as the spec says")
    }

    func testAProcessKilledMidWriteLeavesOnlyWholeRecords() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tessera-bench").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: executable), "build the bench first")
        var committed = -1
        for round in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["cache-stress", "--cache-dir", dir]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            // Kill at a different point each round, right in the middle of the write stream.
            let target = 40 + round * 57
            var seen = -1
            var buffer = Data()
            while seen < target {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") {
                    if line.hasPrefix("committed "), let n = Int(line.dropFirst(10)) { seen = max(seen, n) }
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            committed = max(committed, seen)

            let store = try SQLiteStore(directory: dir, budgetBytes: 1 << 40)
            XCTAssertEqual(try store.integrityCheck(), "ok")
            let images = try store.allImages()
            for (key, data) in images {
                let i = try XCTUnwrap(Int(key.dropFirst("stress/".count)))
                XCTAssertEqual(data, StoreStress.payload(i), "record \(i) is whole")
            }
            let keys = Set(images.map(\.key))
            for i in 0...committed { XCTAssertTrue(keys.contains(StoreStress.key(i)), "committed record \(i) kept") }
            XCTAssertFalse(try store.pages(source: "stress", limit: 1, maxPages: 100).isEmpty)
        }
    }
}
