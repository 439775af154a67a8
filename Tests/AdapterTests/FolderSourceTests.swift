import Foundation
import GalleryCore
import GalleryStore
import ImageSamples
import LocalSources
import SDLKit
@_spi(Bench) import TesseraApp
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Local folders: the scan, header-only sizes, the watcher and the decoded-cell cache, on real files in a
/// temporary folder.
final class FolderSourceTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        root = NSTemporaryDirectory() + "tessera-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func jpeg(_ w: Int, _ h: Int, shade: UInt8 = 90) throws -> Data { try flatJPEG(w, h, shade: shade) }

    private func write(_ data: Data, _ name: String) throws {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func testScanFindsNestedImagesAndSkipsWhatItCannotShowWithOneLineEach() throws {
        try write(try jpeg(64, 48), "a.jpg")
        let png = try Surface(width: 30, height: 60)
        try FileManager.default.createDirectory(atPath: root + "/sub/deep", withIntermediateDirectories: true)
        try png.savePNG(to: root + "/sub/deep/b.PNG")
        try write(HeaderBytes.withExif(try jpeg(80, 40), orientation: 6, taken: "2020:02:02 10:00:00",
                                       make: "Make", model: "Model"), "sub/rotated.jpg")
        try write(Data("not an image".utf8), "notes.txt")
        try write(Data("GIF89a, renamed".utf8), "fake.jpg")
        try write(try jpeg(10, 10), ".hidden/c.jpg")
        try write(try jpeg(10, 10), ".d.jpg")
        try write(try jpeg(10, 10), "locked/e.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/sub/loop", withDestinationPath: root)

        var scanner = FolderScanner()
        var skipped: [String] = []
        scanner.skipped = { skipped.append($0) }
        let locked = root + "/locked"
        scanner.openDirectory = { $0 == locked ? nil : opendir($0) }
        var found: [String: LocalFile] = [:]
        scanner.scan([root]) { found[$0.name] = $0 }

        XCTAssertEqual(Set(found.keys), ["a.jpg", "b.PNG", "rotated.jpg"])
        XCTAssertEqual(found["rotated.jpg"].map { [$0.width, $0.height] }, [40, 80], "EXIF orientation 6 swaps the sides")
        XCTAssertEqual(found["rotated.jpg"]?.taken, "2020:02:02 10:00:00")
        XCTAssertEqual(found["rotated.jpg"]?.camera, "Make Model")
        XCTAssertEqual(found["b.PNG"].map { [$0.width, $0.height] }, [30, 60])
        XCTAssertEqual(skipped.filter { $0.contains("fake.jpg") }.count, 1, "\(skipped)")
        XCTAssertTrue(skipped.first { $0.contains("fake.jpg") }?.contains("GIF") == true, "says what it is")
        XCTAssertEqual(skipped.filter { $0.contains("already visited") }.count, 1, "the link loop ends: \(skipped)")
        XCTAssertEqual(skipped.filter { $0.hasPrefix(locked) }.count, 1)
        XCTAssertFalse(skipped.contains { $0.contains("notes.txt") }, "other kinds of file are not even opened")

        var withHidden = FolderScanner(hidden: true)
        withHidden.openDirectory = scanner.openDirectory
        var names: Set<String> = []
        withHidden.scan([root]) { names.insert($0.name) }
        XCTAssertEqual(names, ["a.jpg", "b.PNG", "rotated.jpg", "c.jpg", ".d.jpg"])
    }

    func testSingleFilesCanBeGivenAndAMissingPathIsSkipped() throws {
        try write(try jpeg(20, 10), "one.jpg")
        var skipped: [String] = []
        var scanner = FolderScanner()
        scanner.skipped = { skipped.append($0) }
        var found: [String] = []
        scanner.scan([root + "/one.jpg", root + "/missing.jpg"]) { found.append($0.name) }
        XCTAssertEqual(found, ["one.jpg"])
        XCTAssertEqual(skipped.count, 1)
    }

    /// Collects edits and lets a test wait until they say what it expects.
    final class EditLog {
        private let lock = NSLock()
        private var all = FolderIndex.Edits()
        private var waiter: (predicate: (FolderIndex.Edits) -> Bool, done: XCTestExpectation)?
        func add(_ e: FolderIndex.Edits) {
            lock.lock()
            all.removed += e.removed
            all.inserted += e.inserted
            if let w = waiter, w.predicate(all) { waiter = nil; w.done.fulfill() }
            lock.unlock()
        }
        func expect(_ done: XCTestExpectation, _ predicate: @escaping (FolderIndex.Edits) -> Bool) {
            lock.lock()
            if predicate(all) { done.fulfill() } else { waiter = (predicate, done) }
            lock.unlock()
        }
        var edits: FolderIndex.Edits { lock.lock(); defer { lock.unlock() }; return all }
    }

    private func firstPage(_ source: FolderSource) -> [Photo] {
        let done = expectation(description: "page")
        let box = Box<[Photo]>()
        source.fetchPage(1, limit: 50) { result in
            box.set((try? result.get().photos) ?? [])
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return box.value ?? []
    }

    /// Log lines, and a wait for one that says something.
    private final class LogLines {
        private let lock = NSLock()
        private var lines: [String] = []
        private var waiter: (text: String, done: XCTestExpectation)?
        func add(_ line: String) {
            lock.lock(); defer { lock.unlock() }
            lines.append(line)
            if let w = waiter, line.contains(w.text) { waiter = nil; w.done.fulfill() }
        }
        func expect(_ text: String, _ done: XCTestExpectation) {
            lock.lock(); defer { lock.unlock() }
            if lines.contains(where: { $0.contains(text) }) { done.fulfill() } else { waiter = (text, done) }
        }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    /// The index outlives the run: the next start shows the last run's photos without reading a header, then
    /// finds what changed on disk meanwhile and applies it as edits.
    func testAWarmStartShowsTheStoredIndexThenAppliesWhatChanged() throws {
        for i in 0..<30 { try write(try jpeg(40 + i, 30), "dcim/\(i % 3)/img\(i).jpg") }
        let cache = root + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let store = try SQLiteStore(directory: cache, budgetBytes: 64 << 20)
        var settings = FolderSource.Settings()
        settings.watch = false

        let cold = LogLines()
        let first = FolderSource(roots: [root], settings: settings, cells: CellShelf(cache: StoredCells(store: { store }, log: { _ in })), indexStore: { store }, log: { cold.add($0) })
        first.start()
        XCTAssertEqual(firstPage(first).count, 30)
        let found = expectation(description: "scan")
        cold.expect("kept the index of 30 photos for the next start", found)
        wait(for: [found], timeout: 20)
        first.stop()
        XCTAssertTrue(try store.hasFolderIndex(source: "index:" + root))

        // Meanwhile: one deleted, one new, one rewritten at another size.
        try FileManager.default.removeItem(atPath: root + "/dcim/0/img0.jpg")
        try write(try jpeg(90, 60), "dcim/1/new.jpg")
        try write(try jpeg(300, 30), "dcim/2/img2.jpg")

        let warm = LogLines()
        let second = FolderSource(roots: [root], settings: settings, cells: CellShelf(cache: StoredCells(store: { store }, log: { _ in })), indexStore: { store }, log: { warm.add($0) })
        let edits = EditLog()
        second.onEdits = { edits.add($0) }
        second.start()
        defer { second.stop() }
        let page = firstPage(second)
        XCTAssertEqual(page.count, 30, "the last run's photos, from the index")
        XCTAssertTrue(warm.all.contains { $0.contains("showing 30 photos from the index of the last run") }, "\(warm.all)")
        let checked = expectation(description: "checked")
        warm.expect("since the folders were last read", checked)
        wait(for: [checked], timeout: 20)
        XCTAssertTrue(warm.all.contains("2 photos new or changed, 1 gone since the folders were last read"), "\(warm.all)")
        let applied = expectation(description: "edits")
        edits.expect(applied) { $0.removed.count == 2 }  // the deleted photo, and the old version of the rewritten one
        wait(for: [applied], timeout: 10)
        let now = second.photosInOrder()
        XCTAssertEqual(now.count, 30)
        XCTAssertTrue(now.contains { $0.author == "new.jpg" })
        XCTAssertFalse(now.contains { $0.author == "img0.jpg" })
        XCTAssertEqual(now.first { $0.author == "img2.jpg" }.map { [$0.width, $0.height] }, [300, 30])

        // And the stored index was brought up to date: a third start shows the disk as it is.
        second.flushIndexWrites()
        var stored: [LocalFile] = []
        try store.loadFolderIndex(source: "index:" + root, batchSize: 7) { stored += $0; return true }
        XCTAssertEqual(Set(stored.map(\.path)), Set(now.compactMap(\.imageReference)))
    }

    /// A file named on its own is watched through its folder; the folder's other files are not shown.
    func testAFileNamedOnItsOwnIsWatchedThroughItsFolder() throws {
        try write(try jpeg(40, 30), "a.jpg")
        try write(try jpeg(40, 30), "b.jpg")
        let source = FolderSource(roots: [root + "/a.jpg"], cells: nil, indexStore: { nil }, log: { _ in })
        let log = EditLog()
        source.onEdits = { log.add($0) }
        source.start()
        defer { source.stop() }
        XCTAssertEqual(firstPage(source).map(\.author), ["a.jpg"])
        try write(try jpeg(60, 20), "c.jpg")  // beside it: not asked for
        let replaced = expectation(description: "replaced")
        log.expect(replaced) { $0.inserted.contains { $0.photo.author == "a.jpg" && $0.photo.width == 90 } }
        try write(try jpeg(90, 30), ".a.part")
        try FileManager.default.moveItem(atPath: root + "/.a.part", toPath: root + "/a.jpg.new")
        _ = rename(root + "/a.jpg.new", root + "/a.jpg")
        wait(for: [replaced], timeout: 10)
        XCTAssertEqual(source.photosInOrder().map(\.author), ["a.jpg"], "c.jpg beside it is not shown")
    }

    func testDroppedDeletedAndReplacedFilesBecomeEdits() throws {
        try write(try jpeg(40, 30), "a.jpg")
        try write(try jpeg(40, 30), "b.jpg")
        var settings = FolderSource.Settings()
        settings.sort = .name
        let source = FolderSource(roots: [root], settings: settings, cells: nil, indexStore: { nil }, log: { _ in })
        let log = EditLog()
        source.onEdits = { log.add($0) }
        source.start()
        defer { source.stop() }
        let page = firstPage(source)
        XCTAssertEqual(page.map(\.author), ["a.jpg", "b.jpg"])

        // Dropped in the way file managers and cameras' sync tools do: written elsewhere, then renamed in.
        try write(try jpeg(60, 20), ".c.part")
        try FileManager.default.moveItem(atPath: root + "/.c.part", toPath: root + "/c.jpg")
        let added = expectation(description: "added")
        log.expect(added) { $0.inserted.contains { $0.photo.author == "c.jpg" } }
        wait(for: [added], timeout: 10)
        XCTAssertEqual(log.edits.inserted.first { $0.photo.author == "c.jpg" }.map { [$0.photo.width, $0.photo.height] }, [60, 20])

        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        let removed = expectation(description: "removed")
        log.expect(removed) { $0.removed.contains(page[0].id) }
        wait(for: [removed], timeout: 10)

        // Replaced in place by a picture of another size: the old photo goes, a new one with the new size comes.
        try write(try jpeg(30, 90), "b.jpg")
        let replaced = expectation(description: "replaced")
        log.expect(replaced) { edits in
            edits.removed.contains(page[1].id)
                && edits.inserted.contains { $0.photo.author == "b.jpg" && $0.photo.height == 90 }
        }
        wait(for: [replaced], timeout: 10)

        // A file replaced by something that is not an image disappears rather than staying stale.
        let newB = log.edits.inserted.last { $0.photo.author == "b.jpg" }!.photo
        try write(Data("garbage".utf8), "b.jpg")
        let garbage = expectation(description: "garbage")
        log.expect(garbage) { $0.removed.contains(newB.id) }
        wait(for: [garbage], timeout: 10)
    }

    func testCellsComeFromTheStoreUntilTheFileChanges() throws {
        let original = try jpeg(400, 300)
        try write(original, "p.jpg")
        let store = MemoryStore()
        // Without the watcher, which would replace the photo (a new ID) as soon as the file changes: here the old
        // photo is asked for again, and must come from the file as it is now.
        var settings = FolderSource.Settings()
        settings.watch = false
        let cells = StoredCells(store: { store }, log: { _ in })
        // The source asks the image layer's door to the cache, which alone reads and writes it.
        let shelf = CellShelf(cache: cells)
        let source = FolderSource(roots: [root], settings: settings, cells: shelf, indexStore: { nil }, log: { _ in })
        source.start()
        defer { source.stop() }
        let photo = try XCTUnwrap(firstPage(source).first)
        let size = PixelSize(width: 200, height: 150)

        func fetch() -> ImageAnswer? {
            let done = expectation(description: "image")
            let box = Box<ImageAnswer>()
            source.fetchImage(photo, size: size, priority: 0) { result in
                if case .success(let answer) = result { box.set(answer) }
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            return box.value
        }

        let first = try XCTUnwrap(fetch())
        XCTAssertEqual(first.data, original, "first time: the file itself")
        let key = try XCTUnwrap(FolderSource.cellKey(path: root + "/p.jpg", size: size))
        XCTAssertEqual(first.cellKey, key, "named so its decoded cell can be kept")
        XCTAssertTrue(shelf.wants(key))
        let cell = try jpeg(200, 150, shade: 10)
        // A cell kept under the source's key alone (before colours were managed: perhaps a file's raw colours) is
        // never read back.
        cells.keep(cell, forKey: key)
        cells.flush()
        XCTAssertEqual(fetch()?.data, original, "a cell kept in colours of no known display")
        shelf.keep(cell, forKey: key)  // as the image layer does once it has decoded the file
        cells.flush()
        XCTAssertFalse(shelf.wants(key), "kept once")
        XCTAssertEqual(try store.image(forKey: key + "|srgb"), cell,
                       "kept under path, size, time, cell size and the display's colours")
        let second = try XCTUnwrap(fetch())
        XCTAssertEqual(second.data, cell, "next time: the kept cell")
        XCTAssertTrue(second.inDisplayColours, "converted already: not converted again")
        XCTAssertNil(second.cellKey, "a kept cell is not kept again")
        // A kept cell that does not decode is forgotten: the next fetch reads the file.
        try XCTUnwrap(second.undecodable)()
        cells.flush()
        XCTAssertEqual(fetch()?.data, original)
        XCTAssertNil(FolderSource.cellKey(path: root + "/p.jpg", size: PixelSize(width: 100, height: 75)).flatMap {
            try? store.image(forKey: $0) }, "another cell size is another key")

        // The file changes (new bytes, new time): its kept cell no longer answers.
        let changed = try jpeg(400, 300, shade: 250)
        try write(changed, "p.jpg")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000_000)],
                                              ofItemAtPath: root + "/p.jpg")
        XCTAssertNotEqual(FolderSource.cellKey(path: root + "/p.jpg", size: size), key)
        XCTAssertEqual(fetch()?.data, changed, "never the stale cell")
    }

    func testThePaneShowsFileDetails() throws {
        try write(HeaderBytes.withExif(try jpeg(64, 48), taken: "2019:12:31 23:59:00", make: "Canon",
                                       model: "Canon EOS R5"), "trip/beach.jpg")
        let source = FolderSource(roots: [root], cells: nil, indexStore: { nil }, log: { _ in })
        source.start()
        defer { source.stop() }
        let photo = try XCTUnwrap(firstPage(source).first)
        let credit = source.credit(for: photo)
        XCTAssertEqual(credit.line, "beach.jpg")
        XCTAssertTrue(credit.page.hasPrefix("file:///") && credit.page.hasSuffix("/trip/beach.jpg"))
        XCTAssertEqual(credit.details.first, "Folder: " + root + "/trip")
        XCTAssertTrue(credit.details.last?.contains("taken 2019-12-31 23:59") == true, "\(credit.details)")
        XCTAssertTrue(credit.details.last?.contains("Canon EOS R5") == true)
        XCTAssertEqual(source.traits.networked, false)
        XCTAssertEqual(source.traits.wrapsByDefault, false)
    }
}
