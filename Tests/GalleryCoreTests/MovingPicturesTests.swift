import XCTest
@testable import GalleryCore

/// Moving pictures in the core: what plays on the wall, how long the slideshow shows a clip, the pane's controls.
final class MovingPicturesTests: XCTestCase {
    private func moving(_ id: String, _ kind: MotionKind, duration: Double? = 12, w: Int = 300, h: Int = 200) -> Photo {
        var p = Photo(id: id, author: "A", width: w, height: h, url: "", downloadURL: "")
        p.motion = PhotoMotion(kind: kind, duration: duration)
        return p
    }

    private func key(_ id: String) -> ItemKey { ItemKey(pass: 0, photoID: id) }

    private func model(_ photos: [Photo], interval: Double = 5, maxClip: Double = 30) -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        config.slideInterval = interval
        config.maxClipSeconds = maxClip
        let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let r = m.feed.nextPageRequest(now: 0)!
        m.feed.receive(r, .success(PageContents(photos: photos)), now: 0)
        return m
    }

    func testBadgesSayWhatMoves() {
        XCTAssertEqual(PhotoMotion(kind: .clip, duration: 12.9).badge, "0:12")
        XCTAssertEqual(PhotoMotion(kind: .clip, duration: 3849).badge, "1:04:09")
        XCTAssertEqual(PhotoMotion(kind: .clip).badge, "▶")
        XCTAssertEqual(PhotoMotion(kind: .livePhoto, duration: 2).badge, "LIVE")
        XCTAssertEqual(PhotoMotion(kind: .animation).badge, "GIF")
        XCTAssertNil(PhotoMotion(kind: .clip, duration: .nan).validated().duration)
        XCTAssertNil(PhotoMotion(kind: .clip, duration: 36_000).validated().duration, "ten hours is no clip's length")
        var p = moving("a", .clip)
        p.motion?.duration = -1
        XCTAssertNil(p.validated()?.motion?.duration)
        XCTAssertEqual(p.validated()?.motion?.kind, .clip, "the kind survives validation")
    }

    func testOldCachedPhotosWithoutMotionStillDecode() throws {
        let json = #"{"id":"a","author":"A","width":3,"height":2,"url":"","downloadURL":""}"#
        let p = try JSONDecoder().decode(Photo.self, from: Data(json.utf8))
        XCTAssertNil(p.motion)
        let round = try JSONDecoder().decode(Photo.self, from: JSONEncoder().encode(moving("b", .livePhoto)))
        XCTAssertEqual(round.motion, PhotoMotion(kind: .livePhoto, duration: 12))
    }

    func testTheWallPlaysTheMostVisibleClipsUpToItsBudget() {
        var wall = WallPlayback(maxPlaying: 2)
        let c = { (id: String, share: Double) in WallPlayback.Candidate(key: self.key(id), kind: .clip, visible: share) }
        XCTAssertEqual(wall.choose([c("a", 0.7), c("b", 1), c("c", 0.9), c("d", 0.3)], ended: { _ in false }),
                       [key("b"), key("c")])
        // A playing clip keeps its place while a quarter is in view; a new one needs more than half.
        XCTAssertEqual(Set(wall.choose([c("a", 1), c("b", 0.3), c("c", 0.9)], ended: { _ in false })),
                       [key("b"), key("c")])
        XCTAssertEqual(Set(wall.choose([c("a", 1), c("b", 0.2), c("c", 0.9)], ended: { _ in false })),
                       [key("a"), key("c")], "one scrolled almost away gives its place")
        XCTAssertEqual(wall.choose([c("a", 1), c("c", 0.9)], ended: { _ in false }, keepsUp: false).count, 1,
                       "a machine that does not keep up plays one")
        var none = WallPlayback(maxPlaying: 0)
        XCTAssertTrue(none.choose([c("a", 1)], ended: { _ in false }).isEmpty)
    }

    func testALivePhotoPlaysOnceInViewThenAgainAfterLeavingOrUnderThePointer() {
        var wall = WallPlayback(maxPlaying: 2)
        let live = { (share: Double, hover: Bool) in
            [WallPlayback.Candidate(key: self.key("l"), kind: .livePhoto, visible: share, hovered: hover)]
        }
        XCTAssertEqual(wall.choose(live(1, false), ended: { _ in false }), [key("l")])
        XCTAssertEqual(wall.choose(live(1, false), ended: { _ in true }), [], "it rests on its still once played")
        XCTAssertEqual(wall.choose(live(1, false), ended: { _ in true }), [])
        XCTAssertEqual(wall.choose(live(1, true), ended: { _ in false }), [key("l")], "the pointer plays it again")
        XCTAssertEqual(wall.choose(live(1, true), ended: { _ in true }), [])
        XCTAssertEqual(wall.choose(live(0, false), ended: { _ in true }), [], "scrolled away")
        XCTAssertEqual(wall.choose(live(1, false), ended: { _ in false }), [key("l")], "back in view: once more")
    }

    func testTheWallAsksToPlayItsVisibleClipsLooping() {
        let photos = [moving("0", .clip), Photo(id: "1", author: "A", width: 300, height: 200, url: "", downloadURL: ""),
                      moving("2", .livePhoto), moving("3", .animation)]
        let m = model(photos)
        let requests = m.onShow.playRequests
        XCTAssertEqual(requests.map(\.key.photoID), ["0", "2"], "two at most, a still never")
        XCTAssertEqual(requests.map(\.loops), [true, false], "a clip loops, a Live Photo plays once")
        XCTAssertTrue(requests.allSatisfy { !$0.sound }, "the wall is muted")
        XCTAssertEqual(requests[0].frame, m.browse.pictureFrame(of: 0))
    }

    func testTheSlideshowShowsAClipToItsEndCappedAndMovesOn() throws {
        var progress: [ItemKey: ClipProgress] = [:]
        let m = model([moving("c", .clip, duration: 8), moving("d", .clip, duration: 90),
                       Photo(id: "s", author: "A", width: 300, height: 200, url: "", downloadURL: "")],
                      interval: 5, maxClip: 30)
        m.standIn.progress = { progress[$0] }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        XCTAssertEqual(s.playRequests(in: m).map(\.loops), [false], "a clip plays once")
        progress[key("c")] = ClipProgress(position: 5.5, duration: 8, started: true)
        s.tick(dt: 6)
        XCTAssertEqual(s.current, key("c"), "past the interval, the clip still plays")
        progress[key("c")]?.ended = true
        s.tick(dt: 0.1)
        XCTAssertEqual(s.current, key("d"), "at its end the show moves on")
        let fading = s.playRequests(in: m)
        XCTAssertEqual(fading.map(\.key.photoID), ["d", "c"], "the clip fading out keeps its last frame")
        XCTAssertEqual(fading.map(\.paused), [false, true])
        s.tick(dt: SlideshowScreen.fadeDuration)
        XCTAssertEqual(s.playRequests(in: m).map(\.key.photoID), ["d"], "once faded, only the one shown")
        progress[key("d")] = ClipProgress(position: 29, duration: 90, started: true)
        s.tick(dt: 28)
        XCTAssertEqual(s.current, key("d"))
        progress[key("d")]?.position = 30
        s.tick(dt: 1)
        XCTAssertEqual(s.current, key("s"), "a long clip is cut at --max-clip")
    }

    func testAClipThatCannotPlayShowsItsPosterForAnIntervalAndAPlayerThatNeverStartsIsNotWaitedForEver() throws {
        var progress: [ItemKey: ClipProgress] = [:]
        let m = model([moving("c", .clip), moving("d", .clip), moving("e", .clip)], interval: 5, maxClip: 30)
        m.standIn.progress = { progress[$0] }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        progress[key("c")] = ClipProgress(failure: "cannot play")
        s.tick(dt: 4.9)
        XCTAssertEqual(s.current, key("c"))
        s.tick(dt: 0.2)
        XCTAssertEqual(s.current, key("d"))
        s.tick(dt: 34.9)
        XCTAssertEqual(s.current, key("d"), "no word from its player yet")
        s.tick(dt: 0.2)
        XCTAssertEqual(s.current, key("e"), "but never longer than a clip and an interval")
    }

    func testALivePhotoStaysThroughItsMotionAndItsInterval() throws {
        var progress: [ItemKey: ClipProgress] = [:]
        let m = model([moving("l", .livePhoto, duration: 3), moving("m", .clip)], interval: 5)
        m.standIn.progress = { progress[$0] }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        progress[key("l")] = ClipProgress(position: 1, duration: 3, started: true)
        s.tick(dt: 5.5)
        XCTAssertEqual(s.current, key("l"), "its motion still plays")
        progress[key("l")]?.ended = true
        s.tick(dt: 0.1)
        XCTAssertEqual(s.current, key("m"))
    }

    func testThePanePlaysPausesAndSeeks() throws {
        var progress = ClipProgress(position: 10, duration: 60, started: true)
        let m = model([moving("c", .clip, duration: 60)])
        m.standIn.progress = { _ in progress }
        _ = m.handle(key: .enter)
        let pane = try XCTUnwrap(m.overlays.last as? DetailPane)
        XCTAssertEqual(m.onShow.playRequests, [], "nothing plays while the pane grows")
        for _ in 0..<60 { m.tick(dt: 1.0 / 60) }
        XCTAssertEqual(m.onShow.playRequests.map(\.key.photoID), ["c"], "the pane's clip, not the wall's")
        XCTAssertFalse(m.onShow.playRequests[0].paused)
        _ = m.handle(key: .space)
        XCTAssertTrue(m.onShow.playRequests[0].paused)
        _ = m.handle(key: .character("."))
        XCTAssertEqual(m.onShow.playRequests[0].seek?.to, 15)
        let first = try XCTUnwrap(m.onShow.playRequests[0].seek?.id)
        _ = m.handle(key: .character(","))
        XCTAssertEqual(m.onShow.playRequests[0].seek?.to, 5)
        XCTAssertNotEqual(m.onShow.playRequests[0].seek?.id, first, "each seek is new")
        // A click on the bar's middle goes to the clip's middle.
        let bar = pane.layout(in: m).clipBar
        m.pointer(.click(x: bar.x + bar.width / 2, y: bar.y + bar.height / 2))
        XCTAssertEqual(try XCTUnwrap(m.onShow.playRequests[0].seek?.to), 30, accuracy: 1)
        XCTAssertTrue(m.overlays.last is DetailPane, "the click stayed in the pane")
        // An ended clip plays again from the start.
        progress.ended = true
        _ = m.handle(key: .space)
        XCTAssertEqual(m.onShow.playRequests[0].seek?.to, 0)
        XCTAssertFalse(m.onShow.playRequests[0].paused)
    }
}
