import XCTest
@testable import GalleryCore

/// `tessera FILE` for a file its folder's walk leaves out (hidden, or a RAW beside its JPEG): the file is walked as a
/// root of its own beside its folder, so the pane can open on it; a file the folder lists is not.
final class OpenUnlistedPathsTests: XCTestCase {
    private let disk: [String: OpenPaths.PathKind] = [
        "/p": .folder, "/p/a.jpg": .file, "/p/.h.jpg": .file, "/p/IMG_1.CR2": .file, "/p/IMG_1.JPG": .file,
        "/p/solo.dng": .file, "/p/b.nef": .file, "/p/b.jpeg": .file,
    ]

    private func open(_ path: String) -> OpenPaths {
        OpenPaths([path], kind: { self.disk[$0] }, canonical: { $0 })
    }

    func testAHiddenFileOrARawBesideItsJPEGIsWalkedBesideItsFolder() {
        for file in ["/p/.h.jpg", "/p/IMG_1.CR2", "/p/b.nef"] {
            let opened = open(file)
            XCTAssertEqual(opened.roots, ["/p", file], file)
            XCTAssertEqual(opened.photo, file)
            XCTAssertTrue(opened.onlyTopFolders)
        }
    }

    func testAFileTheFolderListsIsItsFolderAlone() {
        XCTAssertEqual(open("/p/a.jpg").roots, ["/p"])
        XCTAssertEqual(open("/p/solo.dng").roots, ["/p"], "a RAW without a JPEG is on the wall")
    }

    /// A file new since a folder's kept index comes in an edit after the kept pages ended the feed: the opening
    /// stops asking for pages, and finds it among the edit's photos.
    func testTheOpeningFindsItsPhotoInAnEdit() {
        let opening = PhotoOpening(path: "/p/b.jpg")
        var edits = FeedEdits()
        edits.inserted = [(photo("x", "/p/a.jpg"), nil), (photo("y", "/p/b.jpg"), "x")]
        XCTAssertEqual(opening.inserted(in: edits), "y")
        XCTAssertNil(opening.inserted(in: FeedEdits()))
    }

    private func photo(_ id: String, _ file: String) -> Photo {
        Photo(id: id, author: id, width: 400, height: 300, url: "", downloadURL: "", imageReference: file)
    }
}
