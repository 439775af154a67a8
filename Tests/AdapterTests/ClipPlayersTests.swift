import Foundation
import GalleryCore
import SDLKit
import XCTest
@_spi(Bench) @testable import TesseraApp
@testable import ImageLayer

/// The app's players over real media workers: one per request, its frames in the uploader's stream of the size drawn
/// (which the layer then hands out in place of the poster), gone when no longer asked for; a clip that cannot play is
/// remembered and not started again on every frame. Waits are on the players' wake-ups, each with a deadline.
final class ClipPlayersTests: XCTestCase {
    private let woken = NSCondition()
    private var wakes = 0
    /// The layer's owner of every texture: the players' streams are its slots.
    private let textures = TextureUploader()

    override func setUp() {
        // The workers are the built app, not this test runner.
        setenv("TESSERA_MEDIA_WORKER", MediaClips.worker, 1)
    }

    private func players(_ location: @escaping (Photo) -> MediaLocation?) -> ClipPlayers {
        ClipPlayers(textures: textures, location: location) { [woken] in
            woken.lock(); self.wakes += 1; woken.broadcast(); woken.unlock()
        }
    }

    /// Uploads after each wake-up until `condition` holds, for at most `seconds`.
    private func upload(_ players: ClipPlayers, _ renderer: Renderer, for seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = MediaClips.now() + seconds
        while MediaClips.now() < deadline {
            _ = players.upload(to: renderer)
            if condition() { return true }
            woken.lock()
            let seen = wakes
            while wakes == seen, MediaClips.now() < deadline { _ = woken.wait(until: Date(timeIntervalSinceNow: 0.1)) }
            woken.unlock()
        }
        return condition()
    }

    private func clip(_ id: String) -> Photo {
        var photo = Photo(id: id, author: "A", width: 320, height: 240, url: "", downloadURL: "")
        photo.motion = PhotoMotion(kind: .clip, duration: 2)
        return photo
    }

    func testAPlayerPerRequestItsFramesInATextureOfTheSizeDrawnNoneOnceNotAsked() throws {
        let path = try MediaClips.h264()
        let renderer = try TestVideo.renderer()
        let playing = players { _ in MediaLocation(file: path) }
        let photo = clip("c1"), key = ItemKey(pass: 0, photoID: "c1")
        let request = PlayRequest(key: key, photo: photo, frame: Rect(x: 0, y: 0, width: 80, height: 60), large: false,
                                  loops: true)
        playing.update([request], scale: 2, now: 0)
        XCTAssertEqual(playing.count, 1)
        let cell = ImageKey(item: key, detail: false)
        XCTAssertNil(textures.texture(for: cell), "no texture before a frame")
        XCTAssertTrue(upload(playing, renderer, for: 15) { textures.texture(for: cell) != nil }, "frames arrive")
        let texture = try XCTUnwrap(textures.texture(for: cell))
        XCTAssertEqual([texture.width, texture.height], [160, 120], "at the size drawn, in pixels")
        XCTAssertNil(textures.texture(for: ImageKey(item: key, detail: true)), "the pane's image is another")
        XCTAssertEqual(playing.progress(of: key)?.started, true)
        let uploaded = playing.framesUploaded
        XCTAssertTrue(upload(playing, renderer, for: 15) { playing.framesUploaded >= uploaded + 5 }, "it goes on")
        playing.update([], scale: 2, now: 1)
        XCTAssertEqual(playing.count, 0)
        XCTAssertNil(textures.texture(for: cell))
        XCTAssertNil(playing.progress(of: key))
    }

    func testPauseAndSeekReachThePlayerOnceEach() throws {
        let path = try MediaClips.h264()
        let renderer = try TestVideo.renderer()
        let playing = players { _ in MediaLocation(file: path) }
        let key = ItemKey(pass: 0, photoID: "c2")
        var request = PlayRequest(key: key, photo: clip("c2"), frame: Rect(x: 0, y: 0, width: 64, height: 48),
                                  large: true, loops: false)
        playing.update([request], scale: 1, now: 0)
        XCTAssertTrue(upload(playing, renderer, for: 15) { playing.progress(of: key)?.started == true })
        request.paused = true
        request.seek = PlayRequest.Seek(to: 1.5, id: 1)
        playing.update([request], scale: 1, now: 0.1)
        XCTAssertTrue(upload(playing, renderer, for: 15) {
            let p = playing.progress(of: key)
            return p?.paused == true && (p?.position ?? 0) >= 1.4
        }, "paused where the seek went")
        let frames = playing.framesUploaded
        // The same request again: no second seek back to 1.5 (its id is the same).
        playing.update([request], scale: 1, now: 0.2)
        XCTAssertEqual(playing.count, 1)
        XCTAssertLessThanOrEqual(playing.framesUploaded, frames + 1)
    }

    func testAClipThatCannotPlayKeepsItsPosterAndIsNotStartedAgain() throws {
        let text = try MediaClips.text()
        let renderer = try TestVideo.renderer()
        let playing = players { $0.id == "gone" ? nil : MediaLocation(file: text) }
        let bad = ItemKey(pass: 0, photoID: "bad"), gone = ItemKey(pass: 0, photoID: "gone")
        let requests = [PlayRequest(key: bad, photo: clip("bad"), frame: Rect(x: 0, y: 0, width: 32, height: 24),
                                    large: false, loops: true),
                        PlayRequest(key: gone, photo: clip("gone"), frame: Rect(x: 0, y: 0, width: 32, height: 24),
                                    large: false, loops: true)]
        playing.update(requests, scale: 1, now: 0)
        XCTAssertEqual(playing.started, 1, "no worker for a photo its source has no clip for")
        XCTAssertNotNil(playing.progress(of: gone)?.failure)
        XCTAssertTrue(upload(playing, renderer, for: 15) { playing.progress(of: bad)?.failure != nil }, "refused")
        XCTAssertEqual(playing.count, 0)
        for frame in 1...5 { playing.update(requests, scale: 1, now: Double(frame)) }
        XCTAssertEqual(playing.started, 1, "remembered: not started again on each frame")
        XCTAssertNil(textures.texture(for: ImageKey(item: bad, detail: false)), "its poster stays")
    }
}
