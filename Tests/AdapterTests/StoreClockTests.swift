import Foundation
@testable import GalleryStore
import GRDB
import XCTest

/// The offline cache under a wall clock that is wrong: a Raspberry Pi has no clock battery and boots at its last
/// saved time (or 1970) until NTP answers, sometimes for days; a bad time source can also put it ahead. Which image
/// goes first when the budget is full must not depend on it: what was used last stays, whatever the clock said.
final class StoreClockTests: XCTestCase {
    private var dir = ""
    /// The wall clock the store reads (seconds since 1970), moved by the test.
    private final class WallClock: @unchecked Sendable {
        var now = Date().timeIntervalSince1970
    }

    override func setUp() {
        dir = NSTemporaryDirectory() + "tessera-store-clock-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private static let day = 86_400.0
    private static let year = 365 * day
    /// Five images of 2,000 bytes fill it.
    private static let budget = 10_000

    private func image(_ i: Int) -> Data { Data(repeating: UInt8(i % 250), count: 2_000) }

    private func open(_ clock: WallClock) throws -> SQLiteStore {
        try SQLiteStore(directory: dir, budgetBytes: StoreClockTests.budget, wallClock: { clock.now })
    }

    /// Yesterday's run filled the cache (at `filledShift` from now); today the frame boots with its clock `shift`
    /// off, shows one photo it had (`old4`) and a screen of four new ones, then the same screen again. Returns the
    /// images of that screen the store no longer has, which the frame downloads again.
    private func missingOnRevisit(filledShift: Double = 0, shift: Double,
                                  file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let clock = WallClock()
        let real = clock.now
        clock.now = real + filledShift - StoreClockTests.day
        do {
            let yesterday = try open(clock)
            for i in 0..<5 {
                clock.now += 60
                try yesterday.saveImage(image(i), forKey: "old\(i)")
            }
        }
        clock.now = real + shift
        let today = try open(clock)
        XCTAssertNotNil(try today.image(forKey: "old4"), "yesterday's photo, shown again", file: file, line: line)
        let screen = ["old4"] + (0..<4).map { "new\($0)" }
        for i in 0..<4 {
            clock.now += 1
            try today.saveImage(image(10 + i), forKey: "new\(i)")
        }
        XCTAssertLessThanOrEqual(today.storedBytes, StoreClockTests.budget, file: file, line: line)
        return try screen.filter { try today.image(forKey: $0) == nil }
    }

    func testAClockSetBackADayKeepsTheScreenJustShown() throws {
        // Without the use count: [old4, new0, new1, new2], 4 of the screen's 5 downloaded again.
        XCTAssertEqual(try missingOnRevisit(shift: -StoreClockTests.day), [])
    }

    func testAClockSetBackAYearKeepsTheScreenJustShown() throws {
        XCTAssertEqual(try missingOnRevisit(shift: -StoreClockTests.year), [])
    }

    func testAClockAtNineteenSeventyKeepsTheScreenJustShown() throws {
        XCTAssertEqual(try missingOnRevisit(shift: -Date().timeIntervalSince1970), [])
    }

    /// The cache was filled while the clock stood a year ahead; now it is right again. The images stored then must
    /// not count as the newest for a year.
    func testImagesStoredWhileTheClockRanAYearAheadDoNotOutstayNewerOnes() throws {
        XCTAssertEqual(try missingOnRevisit(filledShift: StoreClockTests.year, shift: 0), [])
    }

    /// A clock jumping a year forward (NTP answering at last) makes nothing look stale: the oldest goes first, and
    /// only as far as the budget needs.
    func testAClockJumpingAYearForwardEvictsOnlyWhatTheBudgetNeeds() throws {
        let clock = WallClock()
        let store = try open(clock)
        for i in 0..<5 { try store.saveImage(image(i), forKey: "k\(i)") }
        clock.now += StoreClockTests.year
        XCTAssertNotNil(try store.image(forKey: "k0"))
        try store.saveImage(image(5), forKey: "k5")
        XCTAssertEqual(try store.imageCount(), 5)
        XCTAssertNil(try store.image(forKey: "k1"), "the least recently used went")
        for key in ["k0", "k2", "k3", "k4", "k5"] { XCTAssertNotNil(try store.image(forKey: key), key) }
    }

    /// A cache written before the use count (uses ordered by the wall clock, `last_used`) keeps every image, and
    /// evicts in the order it was used, then counts on from there even with the clock set back a year.
    func testAStoreWrittenBeforeTheUseCountKeepsItsImagesAndTheirOrder() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: dir + "/" + SQLiteStore.fileName)
        let real = Date().timeIntervalSince1970
        // Inserted in another order than used: last_used says old2 is the oldest, then old0, old4, old1, old3.
        let used = ["old0": real - 400, "old1": real - 200, "old2": real - 500, "old3": real - 100, "old4": real - 300]
        try old.write { db in
            try db.execute(sql: """
            CREATE TABLE pages (
                source TEXT NOT NULL, page_limit INTEGER NOT NULL, page INTEGER NOT NULL,
                body BLOB NOT NULL, fetched_at REAL NOT NULL,
                PRIMARY KEY (source, page_limit, page));
            CREATE TABLE images (
                key TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL, bytes INTEGER NOT NULL,
                last_used REAL NOT NULL);
            CREATE INDEX images_by_use ON images(last_used);
            CREATE TABLE pinned (prefix TEXT PRIMARY KEY NOT NULL);
            CREATE TABLE folder_files (
                source TEXT NOT NULL, path TEXT NOT NULL, bytes INTEGER NOT NULL, modified INTEGER NOT NULL,
                identity INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
                date INTEGER NOT NULL, taken TEXT, camera TEXT,
                PRIMARY KEY (source, path)) WITHOUT ROWID;
            PRAGMA user_version = 3;
            """)
            for (i, key) in used.keys.sorted().enumerated() {
                try db.execute(sql: "INSERT INTO images (key, data, bytes, last_used) VALUES (?, ?, ?, ?)",
                               arguments: [key, image(i), 2_000, used[key]!])
            }
        }
        try old.close()

        let clock = WallClock()
        clock.now = real - StoreClockTests.year
        let store = try open(clock)
        XCTAssertEqual(try store.imageCount(), 5, "nothing lost")
        XCTAssertEqual(store.storedBytes, 10_000)
        for i in 0..<4 { try store.saveImage(image(10 + i), forKey: "new\(i)") }
        // The four used longest ago (old2, old0, old4, old1) made room; the one used last stays.
        let kept = try ["old0", "old1", "old2", "old3", "old4", "new0", "new1", "new2", "new3"].filter {
            try store.image(forKey: $0) != nil
        }
        XCTAssertEqual(kept, ["old3", "new0", "new1", "new2", "new3"])
        XCTAssertEqual(try store.imageCount(), 5)
    }
}
