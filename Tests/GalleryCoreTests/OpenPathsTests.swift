import XCTest
@testable import GalleryCore

/// `tessera FILE…` and files dropped on the window: what the paths ask to see, and the pane opened on the file once
/// its folder's page brings it.
final class OpenPathsTests: XCTestCase {
    /// A disk of a folder `/p` with `a.jpg`, `b.jpg`, and a folder `/p/sub`.
    private func open(_ paths: [String]) -> OpenPaths {
        let disk: [String: OpenPaths.PathKind] = ["/p": .folder, "/p/a.jpg": .file, "/p/b.jpg": .file, "/p/sub": .folder,
                                                  "/top.jpg": .file]
        return OpenPaths(paths, kind: { disk[$0] }, canonical: { $0.hasPrefix("/") ? $0 : "/p/" + $0 })
    }

    func testOneFileOpensItsFolderWithoutSubfoldersAndThePaneOnIt() {
        let opened = open(["/p/a.jpg"])
        XCTAssertEqual(opened.roots, ["/p"])
        XCTAssertEqual(opened.photo, "/p/a.jpg")
        XCTAssertTrue(opened.onlyTopFolders)
        XCTAssertNil(opened.missingText)
        // A relative name is made absolute the walker's way, so it is spelt as the walk spells the file.
        XCTAssertEqual(open(["b.jpg"]).photo, "/p/b.jpg")
        XCTAssertEqual(open(["/top.jpg"]).roots, ["/"])
        XCTAssertEqual(open(["/top.jpg"]).photo, "/top.jpg")
    }

    func testSeveralFilesAreAWallOfThoseAndAFolderItsWall() {
        let files = open(["/p/a.jpg", "/p/b.jpg"])
        XCTAssertEqual(files.roots, ["/p/a.jpg", "/p/b.jpg"])
        XCTAssertNil(files.photo)
        XCTAssertFalse(files.onlyTopFolders)
        let folder = open(["/p"])
        XCTAssertEqual(folder.roots, ["/p"])
        XCTAssertNil(folder.photo)
        XCTAssertFalse(folder.onlyTopFolders, "a folder named shows everything under it, as before")
    }

    func testMissingPathsAreSaidAndTheOthersShown() {
        let mixed = open(["/p/a.jpg", "/gone.jpg", "/p/sub"])
        XCTAssertEqual(mixed.roots, ["/p/a.jpg", "/p/sub"])
        XCTAssertEqual(mixed.missing, ["/gone.jpg"])
        XCTAssertEqual(mixed.missingText, "/gone.jpg is not there: the others are shown")
        // Two named, one there: still a wall of what was named, not the folder of the one left.
        XCTAssertNil(mixed.photo)
        let many = open(["/x1", "/x2", "/x3", "/x4", "/p"])
        XCTAssertEqual(many.missingText, "/x1, /x2, /x3 and 1 more are not there: the others are shown")
        // None there: kept as named, to be waited for (a USB stick not mounted yet), and said so.
        let none = open(["/media/stick"])
        XCTAssertEqual(none.roots, ["/media/stick"])
        XCTAssertNil(none.photo)
        XCTAssertEqual(none.missingText, "/media/stick is not there")
    }

    func testTheStepWaitsOpensOrGivesUp() {
        let opening = PhotoOpening(path: "/p/b.jpg")
        let items = [file("/p/a.jpg"), file("/p/b.jpg")].map { FeedItem(photo: $0, pass: 0) }
        XCTAssertEqual(opening.step(after: items[0..<1], feedEnded: false), .wait)
        XCTAssertEqual(opening.step(after: items[0..<1], feedEnded: true), .giveUp)
        XCTAssertEqual(opening.step(after: items[1..<2], feedEnded: true), .open(1), "the index is the feed's")
    }

    /// The file is on the third page of its folder: the feed keeps asking (the wall alone would stop after one
    /// screen), the pane opens on it when its page comes, the wall's focus stands at it, → shows the next file of the
    /// folder, and closing the pane leaves the wall at the photo.
    func testThePaneOpensOnTheFileWhenItsPageArrives() throws {
        let model = GalleryModel(pager: .init(pageSize: 10, minInterval: 0), library: MemoryLibrary(), asksName: false)
        let folder = (0..<25).map { file(String(format: "/p/%03d.jpg", $0)) }
        model.feed.opening = PhotoOpening(path: "/p/022.jpg")
        var pages = 0
        while model.detail == nil, let request = model.feed.nextPageRequest(now: 0) {
            let start = (request.page - 1) * request.limit
            let page = Array(folder[min(start, folder.count)..<min(start + request.limit, folder.count)])
            model.feed.receive(request, .success(PageContents(photos: page)), now: 0)
            pages += 1
            XCTAssertLessThan(pages, 10)
        }
        XCTAssertEqual(pages, 3)
        let shown = try XCTUnwrap(model.detail)
        XCTAssertEqual(model.catalog.items[shown.index].photo.imageReference, "/p/022.jpg")
        XCTAssertNil(model.feed.opening, "opened once, not again on later pages")
        XCTAssertEqual(model.browse.focusedIndex, shown.index)
        _ = model.apply(.nextPhoto)
        XCTAssertEqual(model.detail.map { model.catalog.items[$0.index].photo.imageReference }, "/p/023.jpg")
        _ = model.apply(.closeDetail)
        XCTAssertEqual(model.browse.focusedIndex.map { model.catalog.items[$0].photo.imageReference }, "/p/023.jpg")
    }

    /// A file its folder does not show (not a photo after all): the wall of the folder, and the feed stops asking.
    func testAFileNeverFoundLeavesTheWall() {
        let model = GalleryModel(pager: .init(pageSize: 10, wraps: false, minInterval: 0), library: MemoryLibrary(),
                                 asksName: false)
        model.feed.opening = PhotoOpening(path: "/p/notes.txt")
        let request = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(request, .success(PageContents(photos: [file("/p/a.jpg")])), now: 0)
        XCTAssertNil(model.feed.opening)
        XCTAssertNil(model.detail)
        XCTAssertTrue(model.catalog.hasEnded)
    }

    /// A wall that wraps (`--wrap`) gives up once the folder comes round again without it.
    func testAWrappingWallGivesUpWhenItComesRound() {
        let model = GalleryModel(pager: .init(pageSize: 10, minInterval: 0), library: MemoryLibrary(), asksName: false)
        model.feed.opening = PhotoOpening(path: "/p/notes.txt")
        for _ in 0..<2 {
            let request = model.feed.nextPageRequest(now: 0)!
            model.feed.receive(request, .success(PageContents(photos: [file("/p/a.jpg")])), now: 0)
        }
        XCTAssertNil(model.feed.opening)
        XCTAssertNil(model.detail)
    }

    /// A new source (a drop, the welcome screen's folder) forgets what the last one was to open.
    func testAResetForgetsTheFileToOpen() {
        let model = GalleryModel(pager: .init(pageSize: 10, minInterval: 0), library: MemoryLibrary(), asksName: false)
        model.feed.opening = PhotoOpening(path: "/p/a.jpg")
        model.resetFeed()
        XCTAssertNil(model.feed.opening)
    }

    /// Files dropped on the window are the app's to open, as one command; a kiosk's input path refuses them later.
    func testADropIsACommandForTheApp() {
        let model = loadedGallery()
        XCTAssertEqual(model.apply(.openPaths(["/p/a.jpg"])), .openPaths(["/p/a.jpg"]))
        XCTAssertEqual(ScriptStep(name: "drop:/p/a.jpg;/p/b.jpg"), .drop(["/p/a.jpg", "/p/b.jpg"]))
        XCTAssertNil(ScriptStep(name: "drop:"))
    }

    private func file(_ path: String) -> Photo {
        LocalFile(path: path, bytes: 100, modified: 0, width: 400, height: 300).photo
    }
}
