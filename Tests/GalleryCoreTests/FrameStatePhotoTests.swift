import XCTest
@testable import GalleryCore

/// The photo the remotes are told of: a folder's file by its name, with no author; a source's photo by its author.
final class FrameStatePhotoTests: XCTestCase {
    func testAFoldersFileHasANameAndNoAuthor() throws {
        let file = LocalFile(path: "/srv/photos/2024/motorcycle_left.png", bytes: 2048, modified: 0, width: 800,
                             height: 600)
        let shown = FrameState.PhotoShown(file.photo, caption: nil, index: 3)
        XCTAssertEqual(shown.author, "", "a file has no author")
        XCTAssertEqual(shown.title, "motorcycle_left.png")
        XCTAssertEqual(shown.index, 3)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(shown)) as? [String: Any])
        XCTAssertEqual(json["title"] as? String, "motorcycle_left.png")
        XCTAssertEqual(json["author"] as? String, "")
    }

    /// Immich names an asset by its originalFileName: its source says so, and the remote tells it as a file.
    func testASourceWhoseAuthorIsAFileNameIsToldLikeAFolder() throws {
        let photo = Photo(id: "a1", author: "IMG_0042.HEIC", width: 4032, height: 3024, url: "", downloadURL: "")
        let shown = FrameState.PhotoShown(photo, caption: nil, index: 0, authorIsFileName: true)
        XCTAssertEqual(shown.title, "IMG_0042.HEIC")
        XCTAssertEqual(shown.author, "")
        XCTAssertEqual(FrameState.PhotoShown(photo, caption: nil, index: 0).author, "IMG_0042.HEIC",
                       "without the source's word, an author")
    }

    func testASourcesPhotoKeepsItsAuthorAndHasNoTitle() throws {
        let photo = Photo(id: "12", author: "Ada Lovelace", width: 600, height: 400,
                          url: "https://example.org/12", downloadURL: "https://example.org/12.jpg")
        let shown = FrameState.PhotoShown(photo, caption: "1 June 2024", index: nil)
        XCTAssertEqual(shown.author, "Ada Lovelace")
        XCTAssertNil(shown.title)
        XCTAssertEqual(shown.caption, "1 June 2024")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(shown)) as? [String: Any])
        XCTAssertNil(json["title"], "no title key for a source's photo")
        // An Unsplash photo's reference is a URL, not a path: still a source's photo.
        let unsplash = Photo(id: "u1", author: "Grace", width: 10, height: 10, url: "", downloadURL: "",
                             imageReference: "https://images.unsplash.com/photo-1")
        XCTAssertEqual(FrameState.PhotoShown(unsplash, caption: nil, index: nil).author, "Grace")
    }
}
