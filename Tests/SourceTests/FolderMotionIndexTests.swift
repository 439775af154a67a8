import Foundation
import XCTest
@testable import GalleryCore
@testable import LocalSources

/// The folder index with moving pictures: a file's motion comes back with it, a rescan notices a Live Photo's clip
/// coming or going though the still did not change, and a still that gains its clip replaces its photo.
final class FolderMotionIndexTests: XCTestCase {
    private func file(_ name: String, motion: LocalMotion? = nil) -> LocalFile {
        LocalFile(path: "/photos/" + name, bytes: 1000, modified: 1_700_000_000_000_000_000, width: 40, height: 30,
                  motion: motion)
    }

    func testMotionComesBackWithItsFileAndItsPhoto() {
        var index = FolderIndex(sort: .name)
        let clip = file("a.mp4", motion: LocalMotion(kind: .clip, duration: 4, hasSound: true))
        _ = index.add(clip)
        _ = index.add(file("b.jpg"))
        index.scanFinished = true
        let page = index.page(1, limit: 10) ?? []
        XCTAssertEqual(page.map(\.author), ["a.mp4", "b.jpg"])
        XCTAssertEqual(page[0].motion, PhotoMotion(kind: .clip, duration: 4, hasSound: true))
        XCTAssertNil(page[1].motion)
        XCTAssertEqual(index.file(id: clip.id)?.motion, clip.motion)
        XCTAssertEqual(index.files(from: 0, count: 10).files.first { $0.name == "a.mp4" }?.motion, clip.motion)
    }

    func testARescanSeesAClipComeAndGoBesideAnUnchangedStill() {
        var index = FolderIndex(sort: .name)
        let still = file("IMG_1.HEIC")
        _ = index.add(still)
        XCTAssertTrue(index.has(path: still.path, bytes: 1000, modified: still.modified, companion: nil))
        XCTAssertFalse(index.has(path: still.path, bytes: 1000, modified: still.modified, companion: "IMG_1.MOV"),
                       "a MOV appeared beside it: read again")
        let live = file("IMG_1.HEIC", motion: LocalMotion(kind: .livePhoto, companion: "IMG_1.MOV"))
        _ = index.add(live)
        XCTAssertTrue(index.has(path: still.path, bytes: 1000, modified: still.modified, companion: "IMG_1.MOV"))
        XCTAssertFalse(index.has(path: still.path, bytes: 1000, modified: still.modified, companion: nil),
                       "its MOV was taken away: read again")
        XCTAssertEqual(index.count, 1)
    }

    func testAStillThatGainsItsClipReplacesItsPhotoOnTheWall() {
        var index = FolderIndex(sort: .name)
        let still = file("IMG_1.HEIC")
        _ = index.add(still)
        index.scanFinished = true
        XCTAssertEqual(index.page(1, limit: 10)?.count, 1)
        let live = file("IMG_1.HEIC", motion: LocalMotion(kind: .livePhoto, duration: 2.9, companion: "IMG_1.MOV"))
        let edits = index.add(live)
        XCTAssertEqual(edits.removed, [still.id])
        XCTAssertEqual(edits.inserted.map(\.photo.motion?.kind), [.livePhoto])
        XCTAssertEqual(live.id, still.id, "the same photo: its bookmark and the show's place still name it")
        XCTAssertEqual(index.file(id: live.id)?.motion?.kind, .livePhoto, "edited in place")
        XCTAssertEqual(index.file(id: live.id)?.companionPath, "/photos/IMG_1.MOV")
        XCTAssertTrue(index.add(live).isEmpty, "the same again changes nothing")
        // Taken away again: a still once more.
        let back = index.add(still)
        XCTAssertEqual(back.removed, [live.id])
        XCTAssertNil(index.file(id: still.id)?.motion)
    }
}
