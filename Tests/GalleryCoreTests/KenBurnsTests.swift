import XCTest
@testable import GalleryCore

/// The slideshow's slow zoom and pan (`--motion`): inside the photo, a portrait's top kept, steady, repeatable.
final class KenBurnsTests: XCTestCase {
    private let span = 10.9
    private let ids = (0..<40).map { "photo-\($0)" }
    /// From before the start to well past the span (a late next photo).
    private var times: [Double] { stride(from: -1.0, through: 4 * span, by: 0.05).map { $0 } }

    func testTheTopThirdOfAPortraitIsAlwaysInView() {
        let top = UnitRect(x: 0.25, y: 0, width: 0.5, height: 1.0 / 3)
        for id in ids {
            let path = KenBurns(photoID: id, width: 3000, height: 4500, span: span)
            for t in times {
                let crop = path.crop(at: t)
                XCTAssertEqual(crop.y, 0, accuracy: 1e-12, "\(id) at \(t): the top edge never leaves")
                XCTAssertTrue(crop.contains(top), "\(id) at \(t): \(crop) cuts the top third")
            }
        }
    }

    func testACentreOfInterestIsAlwaysInView() {
        let point = (x: 0.9, y: 0.85)
        for id in ids {
            let path = KenBurns(photoID: id, width: 4000, height: 3000, span: span, interest: point)
            for t in times {
                let crop = path.crop(at: t)
                XCTAssertTrue(crop.x <= point.x && crop.maxX >= point.x && crop.y <= point.y && crop.maxY >= point.y,
                              "\(id) at \(t): \(crop) loses the subject")
            }
        }
    }

    func testTheCropStaysInsideThePhotoAndKeepsItsShape() {
        let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
        for id in ids {
            for (w, h) in [(4000, 3000), (3000, 4500), (1000, 1000)] {
                let path = KenBurns(photoID: id, width: w, height: h, span: span)
                for t in times {
                    let crop = path.crop(at: t)
                    XCTAssertTrue(whole.contains(crop), "\(id) \(w)x\(h) at \(t): \(crop)")
                    XCTAssertEqual(crop.width, crop.height, accuracy: 1e-12, "the photo's own shape: nothing stretched")
                    let px = crop.pixels(width: w, height: h)
                    XCTAssertTrue(px.x >= 0 && px.y >= 0 && px.maxX <= w && px.maxY <= h && !px.isEmpty)
                }
            }
        }
    }

    func testTheZoomGrowsSteadilyOverTheSpanAndNeverJerks() {
        let path = KenBurns(photoID: "a", width: 4000, height: 3000, span: span)
        XCTAssertEqual(path.zoom(at: 0), 1, "the whole photo as it comes in")
        XCTAssertEqual(path.zoom(at: span), 1 + KenBurns.zoomRange, accuracy: 1e-12)
        let dt = 0.01
        let speed = (path.zoom(at: dt) - path.zoom(at: 0)) / dt
        XCTAssertGreaterThan(speed, 0)
        var last = path.zoom(at: 0)
        var lastStep = speed * dt
        for t in stride(from: dt, through: 4 * span, by: dt) {
            let z = path.zoom(at: t), step = z - last
            XCTAssertGreaterThanOrEqual(step, 0, "monotonic at \(t)")
            if t <= span {
                XCTAssertEqual(step / dt, speed, accuracy: speed * 1e-6, "constant speed at \(t)")
            }
            // No jump in speed anywhere, the end of the span included: it slows smoothly when kept longer.
            XCTAssertEqual(step, lastStep, accuracy: speed * dt * 0.01, "no jerk at \(t)")
            XCTAssertLessThanOrEqual(z, 1 + KenBurns.zoomRange * (1 + KenBurns.overrun) + 1e-12, "bounded")
            last = z
            lastStep = step
        }
    }

    func testThePanMovesSteadilyWithoutJumps() {
        for id in ids.prefix(8) {
            let path = KenBurns(photoID: id, width: 4000, height: 3000, span: span)
            var last = path.crop(at: 0)
            let dt = 1.0 / 60
            for t in stride(from: dt, through: 2 * span, by: dt) {
                let crop = path.crop(at: t)
                // Well under a pixel of a 4000-pixel photo a frame.
                XCTAssertLessThan(abs(crop.x - last.x) + abs(crop.y - last.y), 0.0005, "\(id) at \(t)")
                last = crop
            }
        }
    }

    func testTheSameIDTakesTheSamePathAndOthersOtherDirections() {
        let a = KenBurns(photoID: "f0123456789abcdef", width: 4000, height: 3000, span: span)
        let again = KenBurns(photoID: "f0123456789abcdef", width: 4000, height: 3000, span: span)
        XCTAssertEqual(a, again)
        for t in [0.5, 3, 7.25, 10] { XCTAssertEqual(a.crop(at: t), again.crop(at: t), "a restart looks the same") }
        let directions = Set(ids.map { KenBurns(photoID: $0, width: 4000, height: 3000, span: span).direction })
        XCTAssertGreaterThanOrEqual(directions.count, 6, "photos drift every which way: \(directions)")
        // Two photos with different directions end in different places.
        let b = ids.lazy.map { KenBurns(photoID: $0, width: 4000, height: 3000, span: self.span) }
            .first { $0.direction != a.direction }!
        XCTAssertNotEqual(a.crop(at: span), b.crop(at: span))
    }

    func testTheSlideshowMovesOnlyWithMotionAndCarriesTheOutgoingPhotoOn() throws {
        for motion in [false, true] {
            var config = GalleryConfig()
            config.windowSize = PixelSize(width: 1280, height: 800)
            config.slideMotion = motion
            config.slideInterval = 10
            let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
            let r = m.feed.nextPageRequest(now: 0)!
            m.feed.receive(r, .success(PageContents(photos: (0..<3).map {
                Photo(id: "\($0)", author: "A", width: 900, height: 600, url: "", downloadURL: "")
            })), now: 0)
            _ = m.handle(key: .character("s"))
            let s = try XCTUnwrap(m.screen as? SlideshowScreen)
            let photo = try XCTUnwrap(s.photo(s.current))
            m.tick(dt: 0.1)
            let early = s.crop(of: photo)
            m.tick(dt: 0.1)
            m.tick(dt: 2)
            let later = s.crop(of: photo)
            guard motion else {
                XCTAssertNil(later, "the whole photo, still")
                XCTAssertFalse(s.movesByItself)
                continue
            }
            XCTAssertNotEqual(early, later, "it moves")
            XCTAssertTrue(s.movesByItself)
            XCTAssertNil(s.picture, "every frame is drawn")
            XCTAssertFalse(s.isAnimating, "but automation does not wait for it to end")
            s.step(1)
            XCTAssertEqual(s.crop(of: photo, outgoing: true), later, "the outgoing photo goes on from where it was")
            _ = m.apply(.action(RoomAction.pause))
            let paused = s.crop(of: photo, outgoing: true)
            m.tick(dt: 1)
            XCTAssertEqual(s.crop(of: photo, outgoing: true), paused, "a pause holds it still")
            XCTAssertFalse(s.movesByItself)
        }
    }
}
