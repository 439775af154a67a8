import XCTest
@testable import GalleryCore

/// The slideshow with `--motion` and centres of interest: the next photo waits for its centre to be known (so its
/// path never jumps), the path keeps the centre in view, and a path once known stays as it is.
final class SlideshowInterestTests: XCTestCase {
    private let corner = UnitRect(x: 0.93, y: 0.92, width: 0.06, height: 0.06)

    private func show(motion: Bool = true) throws -> GalleryModel {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 1280, height: 800)
        config.slideMotion = motion
        config.slideInterval = 10
        let m = GalleryModel(config: config, pager: .init(pageSize: 50, wraps: false, minInterval: 0))
        let r = try XCTUnwrap(m.feed.nextPageRequest(now: 0))
        m.feed.receive(r, .success(PageContents(photos: (0..<3).map {
            Photo(id: "p\($0)", author: "A", width: 900, height: 600, url: "", downloadURL: "")
        })), now: 0)
        return m
    }

    func testTheNextPhotoWaitsForItsCentreAndKeepsItInView() throws {
        var answers: [String: CentreOfInterest] = ["p0": .none, "p1": .unknown]
        let m = try show()
        m.standIn.interests = { answers[$0.id] ?? .none }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        XCTAssertEqual(s.current?.photoID, "p0")
        for _ in 0..<120 { m.tick(dt: 0.1) }  // 12 s: p0 has had its time
        XCTAssertEqual(s.current?.photoID, "p0", "p1's centre is still being looked up")
        answers["p1"] = .area(corner)
        m.tick(dt: 0.1)
        XCTAssertEqual(s.current?.photoID, "p1", "known: the show goes on")
        let p1 = try XCTUnwrap(s.photo(s.current))
        answers["p1"] = CentreOfInterest.none
        for step in 0..<200 {
            m.tick(dt: 0.05)
            let crop = try XCTUnwrap(s.crop(of: p1))
            XCTAssertTrue(crop.contains(corner), "step \(step): \(crop) loses the centre")
        }
    }

    func testAShowThatWaitsTooLongGoesOnWithoutIt() throws {
        let m = try show()
        m.standIn.interests = { $0.id == "p1" ? .unknown : .none }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        for _ in 0..<210 { m.tick(dt: 0.1) }
        XCTAssertEqual(s.current?.photoID, "p1", "after two intervals the next photo shows all the same")
    }

    func testWithoutMotionNothingIsAsked() throws {
        let m = try show(motion: false)
        var asked = 0
        m.standIn.interests = { _ in asked += 1; return .unknown }
        _ = m.handle(key: .character("s"))
        let s = try XCTUnwrap(m.screen as? SlideshowScreen)
        _ = s.largeImages(in: m)
        for _ in 0..<110 { m.tick(dt: 0.1) }
        XCTAssertEqual(asked, 0)
        XCTAssertEqual(s.current?.photoID, "p1")
    }
}
