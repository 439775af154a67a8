import XCTest
@testable import GalleryCore

/// What the list says beside each photo: name or author, date, camera, size; and where it goes.
final class ListDetailsTests: XCTestCase {
    func testAFilesLinesSayItsNameDateCameraAndSize() {
        var photo = Photo(id: "f1", author: "IMG_0042.jpg", width: 6000, height: 4000, url: "", downloadURL: "")
        photo.facts = PhotoFacts(taken: PhotoDateFilter.seconds(of: .init(year: 2026, month: 11, day: 3)) + 3600,
                                 camera: "Canon EOS R5")
        photo.file = FileFacts(modified: 0, bytes: 8_598_323)
        XCTAssertEqual(ListDetails.lines(for: photo),
                       ["IMG_0042.jpg", "3 November 2026", "Canon EOS R5", "6000 × 4000 · 8.2 MB"])
    }

    func testANetworkPhotoSaysItsAuthorAndPixelsOnly() {
        let photo = Photo(id: "7", author: "Ada Lovelace", width: 5000, height: 3333, url: "", downloadURL: "")
        XCTAssertEqual(ListDetails.lines(for: photo), ["Ada Lovelace", "5000 × 3333"])
    }

    func testAFileWithoutADateTakenSaysWhenItWasModifiedHere() {
        var photo = Photo(id: "f2", author: "scan.png", width: 800, height: 600, url: "", downloadURL: "")
        photo.file = FileFacts(modified: PhotoDateFilter.seconds(of: .init(year: 2026, month: 10, day: 31)) + 23 * 3600,
                               bytes: 400_000)
        XCTAssertEqual(ListDetails.lines(for: photo, fileTimeOffset: 3600),
                       ["scan.png", "Modified 1 November 2026", "800 × 600 · 391 KB"])
    }

    func testBytesReadAsAPersonSaysThem() {
        XCTAssertEqual(ListDetails.byteText(10), "1 KB")
        XCTAssertEqual(ListDetails.byteText(1 << 20), "1.0 MB")
        XCTAssertEqual(ListDetails.byteText(25 * (1 << 20) + (1 << 19)), "25.5 MB")
    }

    func testTheWordsGoBesideATallPictureElseOnIt() {
        let cell = Rect(x: 12, y: 100, width: 1256, height: 700)
        let tall = cell.aspectFit(width: 300, height: 1200)
        XCTAssertEqual(ListDetails.side(cell: cell, picture: tall, gap: 12),
                       Rect(x: tall.maxX + 12, y: tall.y, width: cell.maxX - tall.maxX - 24, height: tall.height))
        let wide = cell.aspectFit(width: 1600, height: 900)
        XCTAssertNil(ListDetails.side(cell: cell, picture: wide, gap: 12))
    }

    func testAFolderPhotoCarriesItsFilesTimeAndLength() {
        let file = LocalFile(path: "/p/a.jpg", bytes: 1234, modified: 1_700_000_000_123_456_789, width: 10, height: 10)
        XCTAssertEqual(file.photo.file, FileFacts(modified: 1_700_000_000, bytes: 1234))
        XCTAssertNil(file.photo.facts, "a file's time is no date taken")
        XCTAssertEqual(file.photo.validated()?.file, file.photo.file, "kept through validation")
    }
}
