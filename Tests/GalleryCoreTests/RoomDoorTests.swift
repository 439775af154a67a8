import XCTest
@testable import GalleryCore

/// The one door between the rooms and the app (`AppServices`), and what the navigator handed to the rooms' owners:
/// requests go out one way and replies come back to the room that asked; bookmarks, the slideshow's mode and
/// interval and a photo opened by id are carried out by their owners; the remote's state asks rooms, not types.
final class RoomDoorTests: XCTestCase {
    func testRoomsSendRequestsThroughTheDoorAndRepliesComeBackToTheRoomThatAsked() throws {
        let model = loadedGallery()
        model.standIn.offersMemories = true
        model.standIn.today = PhotoDateFilter.day(of: 86_400 * 400)
        _ = model.apply(.showMemories)
        XCTAssertEqual(model.standIn.requests, [.askMemories(model.standIn.today)], "asked once, through the door")
        XCTAssertTrue(model.screen.awaitsReply, "the room waits for its answer")
        let note = model.receive(.memories(.success(photos(0..<3))))
        XCTAssertEqual(note?.hasPrefix("memories of"), true, "the memories room took it: \(note ?? "nil")")
        XCTAssertFalse(model.screen.awaitsReply)
        XCTAssertNil(model.receive(.chosenFolder("/srv")), "no welcome screen shows: nobody takes a chooser's answer")
    }

    func testABookmarkIsItsOwnersWithUndo() throws {
        let model = loadedGallery()
        let photo = model.catalog.items[3].photo
        Bookmarking.toggle(photo, in: model)
        XCTAssertTrue(model.user.isBookmarked(photo.id))
        XCTAssertEqual(model.toasts.current?.text, "Bookmarked")
        model.toasts.runAction()
        XCTAssertFalse(model.user.isBookmarked(photo.id), "Undo takes it back")
        let bare = GalleryModel(pager: .init(pageSize: 30, minInterval: 0))
        Bookmarking.toggle(photo, in: bare)
        XCTAssertEqual(bare.toasts.current?.text, "Bookmarks are not kept in this run")
    }

    func testTheSlideshowsModeAndIntervalAndAPhotoByIDAreCarriedOutByTheirOwners() throws {
        let model = loadedGallery()
        _ = model.apply(.setInterval(12))
        XCTAssertEqual(model.config.slideInterval, 12, "a slideshow opened later keeps it")
        _ = model.apply(.setMode(.slideshow))
        XCTAssertEqual(model.mode, .slideshow)
        XCTAssertEqual(model.screen.frameMode, .slideshow)
        _ = model.apply(.setInterval(7))
        XCTAssertEqual(model.state.interval, 7, "the slideshow showing says its new interval")
        let id = model.catalog.items[5].photo.id
        _ = model.apply(.openPhoto(id: id))
        XCTAssertEqual(FrameState.photoShown(in: model)?.index, 5, "the slideshow goes to it")
        _ = model.apply(.setMode(.wall))
        XCTAssertEqual(model.mode, .wall)
        _ = model.apply(.openPhoto(id: id))
        XCTAssertEqual(model.state.screen, "pane", "on the wall its pane opens")
        XCTAssertEqual(FrameState.photoShown(in: model)?.photo.id, id)
        _ = model.apply(.setMode(.wall))
        XCTAssertEqual(model.state.screen, "pane", "asked for what shows, nothing changes")
    }

    func testAnAlbumFromAfarTravelsAsAValueNotGluedToTheSourcesName() {
        let body = #"{"command": "source", "argument": "immich:old", "album": "A1"}"#
        XCTAssertEqual(RemoteCommandBody.parse(Data(body.utf8)), .success(.useSource("immich", album: "A1")),
                       "the album given, whatever the source's argument carries")
    }
}

private extension GalleryModel {
    var state: FrameState {
        FrameState(model: self, facts: .init(version: "1", name: nil, displayOn: true,
                                             source: .init(name: "picsum", title: "Lorem Picsum"), online: true))
    }
}
