import XCTest
@testable import GalleryCore

/// Counts said in the right number: "1 photo", never "1 photos".
final class CountedTests: XCTestCase {
    func testACountTakesItsNounInTheRightNumber() {
        XCTAssertEqual(counted(1, "photo", "photos"), "1 photo")
        XCTAssertEqual(counted(0, "photo", "photos"), "0 photos")
        XCTAssertEqual(counted(39, "photo", "photos"), "39 photos")
    }

    func testTheEndOfAOnePhotoCatalogueSaysOnePhoto() throws {
        let m = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = try XCTUnwrap(m.feed.nextPageRequest(now: 0))
        m.feed.receive(r, .success(PageContents(photos: photos(0..<1))), now: 0)
        let next = try XCTUnwrap(m.feed.nextPageRequest(now: 1))
        m.feed.receive(next, .success(PageContents(photos: [])), now: 1)
        XCTAssertTrue(m.catalog.hasEnded, "an empty page is the end")
        XCTAssertEqual(m.catalog.endText, "End of the catalogue — 1 photo")
    }
}

/// The header counts what the source holds where it knows (a folder's index), not only the pages read so far.
final class HeaderCountTests: XCTestCase {
    func testTheHeaderSaysTheIndexsCountBeforeEveryPageIsRead() throws {
        let m = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        let r = try XCTUnwrap(m.feed.nextPageRequest(now: 0))
        m.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
        func said() -> String {
            HeaderStatus.of(m, sourceName: "Pictures", sourceNote: nil, imagesLoading: 0, online: true, storeProblem: nil).summary
        }
        XCTAssertTrue(said().hasPrefix("30 photos"), said())
        m.standIn.knownPhotos = 39
        XCTAssertTrue(said().hasPrefix("39 photos"), "the index holds 39: \(said())")
    }
}
