import ImageSamples
import XCTest
@testable import GalleryCore
@testable import LocalSources

final class ExifInfoTests: XCTestCase {
    func testDateTakenAndCameraFromTheExifSubIFDInBothByteOrders() throws {
        for bigEndian in [false, true] {
            let segment = HeaderBytes.exif(orientation: 6, taken: "2021:07:04 18:30:05", make: "Canon",
                                           model: "Canon EOS 5D Mark IV", bigEndian: bigEndian)
            let jpeg = Data(HeaderBytes.jpeg(width: 4000, height: 3000).prefix(2)) + Data(segment)
                + HeaderBytes.jpeg(width: 4000, height: 3000).dropFirst(2)
            let header = try ImageHeaderReader.read(jpeg)
            XCTAssertEqual(header.orientation, .right)
            XCTAssertEqual(header.displaySize, PixelSize(width: 3000, height: 4000), "rotated: the sides swap")
            XCTAssertEqual(header.taken, "2021:07:04 18:30:05")
            XCTAssertEqual(header.camera, "Canon EOS 5D Mark IV", "the make is not repeated")
        }
    }

    func testMakeIsAddedWhenTheModelLacksIt() throws {
        let jpeg = HeaderBytes.withExif(HeaderBytes.jpeg(width: 10, height: 10), taken: nil, make: "NIKON CORPORATION",
                                        model: "D750")
        XCTAssertEqual(try ImageHeaderReader.read(jpeg).camera, "NIKON CORPORATION D750")
        XCTAssertNil(try ImageHeaderReader.read(jpeg).taken)
    }

    func testExifDatesBecomeSecondsAndUnsetClocksAreNoDate() {
        XCTAssertEqual(ExifInfo.seconds(fromExifDate: "1970:01:01 00:00:00"), 0)
        XCTAssertEqual(ExifInfo.seconds(fromExifDate: "2000:03:01 00:00:01"), 951_868_801)
        XCTAssertEqual(ExifInfo.seconds(fromExifDate: "2024:02:29 12:00:00"), 1_709_208_000)
        XCTAssertNil(ExifInfo.seconds(fromExifDate: "0000:00:00 00:00:00"))
        XCTAssertNil(ExifInfo.seconds(fromExifDate: "2024:13:01 00:00:00"))
        XCTAssertNil(ExifInfo.seconds(fromExifDate: "yesterday"))
    }

    func testDamagedExifNeverTrapsAndKeepsTheSize() throws {
        let jpeg = HeaderBytes.withExif(HeaderBytes.jpeg(width: 640, height: 480), orientation: 8,
                                        taken: "2020:01:01 00:00:00", make: "Make", model: "Model")
        var rng = SplitMix(state: 7)
        for _ in 0..<2000 {
            var bytes = [UInt8](jpeg)
            // Damage inside the EXIF segment only (after SOI and the APP1 length), so the frame header survives.
            let at = rng.int(6...80)
            bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            if let header = try? ImageHeaderReader.read(Data(bytes)) {
                XCTAssertEqual(Set([header.width, header.height]), [640, 480])
            }
        }
    }
}

final class FolderIndexTests: XCTestCase {
    private func file(_ name: String, modified: Int64 = 0, taken: String? = nil, w: Int = 400, h: Int = 300,
                      bytes: Int64 = 1000) -> LocalFile {
        LocalFile(path: "/pics/" + name, bytes: bytes, modified: modified * 1_000_000_000, width: w, height: h,
                  taken: taken)
    }

    func testDateOrderIsNewestFirstByDateTakenElseFileTime() {
        var index = FolderIndex(sort: .date)
        // Taken long ago but copied yesterday: the date taken wins over the file time.
        _ = index.add(file("old-photo.jpg", modified: 2_000_000_000, taken: "2001:01:01 00:00:00"))
        _ = index.add(file("screenshot.png", modified: 1_700_000_000))
        _ = index.add(file("recent.jpg", modified: 100, taken: "2024:05:05 10:00:00"))
        index.scanFinished = true
        XCTAssertEqual(index.page(1, limit: 10)?.map(\.author), ["recent.jpg", "screenshot.png", "old-photo.jpg"])
    }

    func testNameOrderIsNatural() {
        var index = FolderIndex(sort: .name)
        for name in ["img10.jpg", "IMG2.jpg", "img1.jpg", "b/a.jpg"] { _ = index.add(file(name)) }
        index.scanFinished = true
        XCTAssertEqual(index.page(1, limit: 10)?.map(\.author), ["a.jpg", "img1.jpg", "IMG2.jpg", "img10.jpg"])
        XCTAssertTrue(FolderIndex.naturalLess("x9", "x10"))
        XCTAssertFalse(FolderIndex.naturalLess("x10", "x9"))
        XCTAssertTrue(FolderIndex.naturalLess("a", "ab"))
    }

    func testRandomIsAShuffleWithoutRepeatsWithinAPassAndDiffersBetweenPasses() {
        var index = FolderIndex(sort: .random, seed: 42)
        for i in 0..<200 { _ = index.add(file("p\(i).jpg")) }
        index.scanFinished = true
        var first: [String] = []
        var page = 1
        while let photos = index.page(page, limit: 30), !photos.isEmpty {
            first += photos.map(\.author)
            page += 1
        }
        XCTAssertEqual(first.count, 200)
        XCTAssertEqual(Set(first).count, 200, "no photo twice in a pass")
        XCTAssertNotEqual(first, (0..<200).map { "p\($0).jpg" }, "shuffled")
        var second: [String] = []
        page = 1
        while let photos = index.page(page, limit: 30), !photos.isEmpty {
            second += photos.map(\.author)
            page += 1
        }
        XCTAssertEqual(Set(second), Set(first))
        XCTAssertNotEqual(second, first, "a new order each pass")
    }

    func testSmallFolderWaitsForItsScanBigFolderServesEarlyWithoutReordering() {
        var small = FolderIndex(sort: .date)
        for i in 0..<10 { _ = small.add(file("s\(i).jpg", modified: Int64(i))) }
        XCTAssertNil(small.page(1, limit: 4), "a small folder is ordered whole: wait for the scan")
        small.scanFinished = true
        XCTAssertEqual(small.page(1, limit: 4)?.first?.author, "s9.jpg")

        var big = FolderIndex(sort: .date)
        for i in 0..<1001 { _ = big.add(file("b\(i).jpg", modified: Int64(i))) }
        let first = big.page(1, limit: 100)
        XCTAssertEqual(first?.count, 100, "more than 1,000 files: pages go out before the scan ends")
        XCTAssertEqual(first?.first?.author, "b1000.jpg")
        // A newer file found later joins the photos still to come; it does not push served cells down.
        let edits = big.add(file("newest.jpg", modified: 5000))
        XCTAssertTrue(edits.isEmpty)
        XCTAssertEqual(big.page(2, limit: 100)?.first?.author, "newest.jpg")
    }

    func testAHugeFolderPagesThroughEveryFileOnceWhileFilesKeepArriving() {
        var index = FolderIndex(sort: .date)
        for i in 0..<20_000 { _ = index.add(file("p\(i).jpg", modified: Int64(i % 5000))) }
        var seen: [String] = []
        var page = 1
        var late = 0
        while let photos = index.page(page, limit: 100), !photos.isEmpty || !index.scanFinished {
            seen += photos.map(\.id)
            page += 1
            // The scan is still finding files, some newer than everything served.
            if late < 300 {
                for _ in 0..<3 { _ = index.add(file("late\(late).jpg", modified: 9000 + Int64(late))); late += 1 }
            } else {
                index.scanFinished = true
            }
        }
        XCTAssertEqual(seen.count, 20_300)
        XCTAssertEqual(Set(seen).count, 20_300, "each photo once in the pass")
    }

    /// A camera folder scans oldest first, so newest-first order puts every file before all the others: the worst
    /// case for an insertion per file. 100,000 of them, with pages served while the scan still runs, every file
    /// once and in order; then a whole folder goes in one pass.
    func testAHundredThousandFilesFoundOldestFirstArePagedNewestFirst() {
        var index = FolderIndex(sort: .date)
        var served: [Photo] = []
        var page = 1
        var early = 0
        for i in 0..<100_000 {
            _ = index.add(LocalFile(path: "/dcim/\(i / 1000)/img\(i).jpg", bytes: 1, modified: Int64(i) * 1_000_000_000,
                                    width: 3, height: 2))
            if i % 5000 == 4999, let photos = index.page(page, limit: 100) {
                // The newest of what had been found so far.
                XCTAssertEqual(photos.first.map { index.file(id: $0.id)!.date }, Int64(i))
                served += photos
                early += photos.count
                page += 1
            }
        }
        index.scanFinished = true
        while let photos = index.page(page, limit: 1000), !photos.isEmpty {
            served += photos
            page += 1
        }
        XCTAssertEqual(served.count, 100_000)
        XCTAssertEqual(Set(served.map(\.id)).count, 100_000, "every file once")
        // Each page is in order; a page served early holds the newest of what had been found by then.
        let tail = served[early...].map { index.file(id: $0.id)!.date }
        XCTAssertEqual(tail, tail.sorted(by: >), "what was left is newest first")
        let edits = index.remove(under: "/dcim/7")
        XCTAssertEqual(edits.removed.count, 1000)
        XCTAssertEqual(index.count, 99_000)
        XCTAssertNil(index.file(path: "/dcim/7/img7500.jpg"))
        XCTAssertNotNil(index.file(path: "/dcim/8/img8500.jpg"))
    }

    func testARescanDropsFilesItDidNotFindAgain() {
        var index = FolderIndex(sort: .name)
        for name in ["a/1.jpg", "a/2.jpg", "a/b/3.jpg", "c/4.jpg"] {
            _ = index.add(LocalFile(path: "/p/" + name, bytes: 10, modified: 5, width: 3, height: 2))
        }
        index.scanFinished = true
        _ = index.page(1, limit: 10)
        XCTAssertTrue(index.has(path: "/p/a/1.jpg", bytes: 10, modified: 5))
        XCTAssertFalse(index.has(path: "/p/a/1.jpg", bytes: 11, modified: 5), "a changed size is read again")
        let (edits, paths) = index.remove(in: ["/p/a", "/p/a/b"], except: ["/p/a/1.jpg", "/p/a/b/3.jpg"])
        XCTAssertEqual(edits.removed.count, 1)
        XCTAssertEqual(paths, ["/p/a/2.jpg"])
        XCTAssertEqual(index.files(from: 0, count: 10).files.map(\.path).sorted(), ["/p/a/1.jpg", "/p/a/b/3.jpg", "/p/c/4.jpg"])
        XCTAssertNil(index.file(path: "/p/a/2.jpg"))
        XCTAssertNotNil(index.file(path: "/p/c/4.jpg"), "a folder not walked keeps its files")
    }

    func testFilesAddedRemovedAndReplacedAfterTheScanBecomeEdits() {
        var index = FolderIndex(sort: .date)
        for i in 0..<5 { _ = index.add(file("p\(i).jpg", modified: Int64(10 * i))) }
        index.scanFinished = true
        let page = index.page(1, limit: 3)!  // p4, p3, p2 served
        XCTAssertEqual(page.map(\.author), ["p4.jpg", "p3.jpg", "p2.jpg"])

        // Newest of all: it goes in before p4.
        let added = index.add(file("new.jpg", modified: 100))
        XCTAssertEqual(added.inserted.map(\.photo.author), ["new.jpg"])
        XCTAssertEqual(added.inserted.first?.before, page[0].id)
        // Older than everything served: it comes with a later page, not as an edit.
        XCTAssertTrue(index.add(file("older.jpg", modified: 1)).isEmpty)

        // Replaced (new size and time): a new photo ID takes the old one's place.
        let replaced = index.add(file("p3.jpg", modified: 35, bytes: 2000))
        XCTAssertEqual(replaced.removed, [page[1].id])
        XCTAssertEqual(replaced.inserted.count, 1)
        XCTAssertNotEqual(replaced.inserted[0].photo.id, page[1].id)
        XCTAssertEqual(replaced.inserted[0].before, page[0].id == replaced.inserted[0].before ? page[0].id : page[2].id)

        let removed = index.remove(path: "/pics/p2.jpg")
        XCTAssertEqual(removed.removed, [page[2].id])
        XCTAssertNil(index.file(id: page[2].id))
        XCTAssertTrue(index.remove(path: "/pics/none.jpg").isEmpty)
    }

    func testAFileDroppedIntoAnEndedFolderIsAppended() {
        var index = FolderIndex(sort: .name)
        _ = index.add(file("a.jpg"))
        index.scanFinished = true
        XCTAssertEqual(index.page(1, limit: 10)?.count, 1)
        XCTAssertEqual(index.page(2, limit: 10)?.count, 0, "the pass has ended")
        let edits = index.add(file("z.jpg"))
        XCTAssertEqual(edits.inserted.map(\.photo.author), ["z.jpg"])
        XCTAssertNil(edits.inserted.first?.before, "at the end")

        var empty = FolderIndex(sort: .date)
        empty.scanFinished = true
        XCTAssertEqual(empty.page(1, limit: 10), [])
        XCTAssertEqual(empty.add(file("first.jpg")).inserted.count, 1, "an empty folder's first photo appears")
    }

    func testIDsChangeWithTheFileAndPhotosCarryThePath() {
        let a = file("x.jpg", modified: 1), b = file("x.jpg", modified: 2)
        XCTAssertNotEqual(a.id, b.id)
        XCTAssertTrue(Photo.isAcceptableID(a.id))
        XCTAssertEqual(a.photo.imageReference, "/pics/x.jpg")
        XCTAssertEqual(a.photo.validated()?.imageReference, "/pics/x.jpg", "a path survives validation")
        XCTAssertEqual(a.folder, "/pics")
    }
}

final class LiveCatalogTests: XCTestCase {
    func testEditsKeepThePhotoAtTheTopOfTheViewportInPlace() {
        let config = GalleryConfig()
        let catalog = Catalog(pager: FeedPager.Settings(pageSize: 40, wraps: false))
        let request = catalog.nextPageRequest(wantsMore: true, now: 0)!
        catalog.receive(request, .success(PageContents(photos: photos(0..<40))), now: 0)
        let browse = BrowseScreen(catalog: catalog, config: config)
        browse.setScroll(offset: 2000)
        let top = browse.layout.indices(intersecting: browse.scrollTop, browse.scrollTop + 1).first!
        let key = catalog.items[top].key
        let screenY = browse.layout.frames[top].y - browse.scrollTop

        var edits = FolderIndex.Edits()
        edits.inserted = [(photo("new-a", 300, 600), "0"), (photo("new-b"), nil)]
        edits.removed = ["1", "39"]
        browse.apply(edits)

        XCTAssertEqual(catalog.items.first?.photo.id, "new-a")
        XCTAssertEqual(catalog.items.last?.photo.id, "new-b")
        XCTAssertFalse(catalog.items.contains { ["1", "39"].contains($0.photo.id) })
        XCTAssertEqual(catalog.count, 40)
        let index = catalog.feed.index(of: key)!
        XCTAssertEqual(browse.layout.count, 40)
        XCTAssertEqual(browse.layout.frames[index].y - browse.scrollTop, screenY, "the viewed photo did not move")
    }
}
