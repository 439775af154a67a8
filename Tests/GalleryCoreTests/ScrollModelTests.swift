import XCTest
@testable import GalleryCore

final class ScrollModelTests: XCTestCase {
    private func model(content: Double = 10_000, viewport: Double = 800) -> ScrollModel {
        var m = ScrollModel()
        m.setBounds(contentHeight: content, viewportHeight: viewport)
        return m
    }

    func testWheelGlidesInsteadOfJumping() {
        var m = model()
        m.scroll(by: 120)
        m.step(dt: 1.0 / 60)
        XCTAssertGreaterThan(m.offset, 0)
        XCTAssertLessThan(m.offset, 120, "one frame covers only part of the distance")
        for _ in 0..<120 { m.step(dt: 1.0 / 60) }
        XCTAssertEqual(m.offset, 120)
        XCTAssertFalse(m.isMoving)
    }

    func testScrollsAccumulateAndClampToTheContent() {
        var m = model(content: 1000, viewport: 800)
        m.scroll(by: 150); m.scroll(by: 150)
        XCTAssertEqual(m.target, 200, "clamped to content − viewport")
        m.scroll(by: -1000)
        XCTAssertEqual(m.target, 0)
    }

    func testDragFollowsThePointerAndFlingsOnRelease() {
        var m = model()
        m.beginDrag(at: 0)
        for i in 1...5 { m.drag(by: -40, at: Double(i) * 0.01) }  // pointer moves up: content scrolls down
        XCTAssertEqual(m.offset, 200)
        m.endDrag(at: 0.05)
        XCTAssertGreaterThan(m.velocity, 1000)
        m.step(dt: 0.1)
        XCTAssertGreaterThan(m.offset, 200, "keeps moving after release")
        for _ in 0..<600 { m.step(dt: 1.0 / 60) }
        XCTAssertEqual(m.velocity, 0, "friction stops it")
        XCTAssertLessThanOrEqual(m.offset, m.maxOffset)
    }

    func testASlowReleaseDoesNotFling() {
        var m = model()
        m.beginDrag(at: 0)
        m.drag(by: -10, at: 0.5)
        m.endDrag(at: 1.0)
        XCTAssertEqual(m.velocity, 0)
    }

    func testDirectionFollowsMotion() {
        var m = model()
        XCTAssertEqual(m.direction, 0)
        m.scroll(by: 300)
        XCTAssertEqual(m.direction, 1)
        for _ in 0..<200 { m.step(dt: 1.0 / 60) }
        m.scroll(by: -100)
        XCTAssertEqual(m.direction, -1)
    }

    func testGrowingContentKeepsTheOffset() {
        var m = model(content: 1000)
        m.set(offset: 200)
        m.setBounds(contentHeight: 5000, viewportHeight: 800)
        XCTAssertEqual(m.offset, 200)
    }
}

final class KeyMapTests: XCTestCase {
    func testDefaultBindingsByScope() {
        let map = KeyMap()
        let browse: [Scope] = [.browse, .global]
        XCTAssertEqual(map.command(for: .character("j"), in: browse), .scrollLines(1))
        XCTAssertEqual(map.command(for: .down, in: browse), .scrollLines(1))
        XCTAssertEqual(map.command(for: .character("k"), in: browse), .scrollLines(-1))
        XCTAssertEqual(map.command(for: .space, in: browse), .scrollPages(1))
        XCTAssertEqual(map.command(for: .space, modifiers: .shift, in: browse), .scrollPages(-1))
        XCTAssertEqual(map.command(for: .pageUp, in: browse), .scrollPages(-1))
        XCTAssertEqual(map.command(for: .character("g"), in: browse), .scrollToTop)
        XCTAssertEqual(map.command(for: .character("G"), modifiers: .shift, in: browse), .scrollToBottom)
        XCTAssertEqual(map.command(for: .end, in: browse), .scrollToBottom)
        XCTAssertEqual(map.command(for: .enter, in: browse), .openDetail)
        XCTAssertEqual(map.command(for: .character("q"), in: browse), .quit, "global keys reach every screen")
        XCTAssertEqual(map.command(for: .down, modifiers: .shift, in: browse), .scrollLines(1), "shift does not block arrows")
        XCTAssertNil(map.command(for: .character("z"), in: browse))
        // The detail pane's scope: Esc and Backspace close it; scrolling keys do not reach the wall under it.
        let detail: [Scope] = [.detail, .global]
        XCTAssertEqual(map.command(for: .escape, in: detail), .closeDetail)
        XCTAssertEqual(map.command(for: .backspace, in: detail), .closeDetail)
        XCTAssertNil(map.command(for: .pageDown, in: detail))
        XCTAssertEqual(map.command(for: .escape, in: browse), .clearSearch, "on the wall Esc clears a search")
    }

    func testTheInnermostScopeWins() {
        var map = KeyMap(bindings: [.global: [KeyMap.Chord(.character("x")): .quit],
                                    .detail: [KeyMap.Chord(.character("x")): .closeDetail]])
        XCTAssertEqual(map.command(for: .character("x"), in: [.detail, .global]), .closeDetail)
        XCTAssertEqual(map.command(for: .character("x"), in: [.browse, .global]), .quit)
        map.bindings[.global] = nil
        XCTAssertNil(map.command(for: .character("x"), in: [.browse, .global]))
    }

    func testTheModelTakesItsKeyMapAndDispatchesByScope() {
        let custom = KeyMap(bindings: [.browse: [KeyMap.Chord(.character("n")): .scrollPages(1)]])
        let model = GalleryModel(config: GalleryConfig(), keyMap: custom)
        XCTAssertEqual(model.handle(key: .character("q")), .none, "an injected map replaces the defaults")
        XCTAssertEqual(model.activeScopes, [.browse, .global])
    }

    func testScriptNames() {
        XCTAssertEqual(Command(name: "pagedown"), .scrollPages(1))
        XCTAssertEqual(Command(name: "OPEN"), .openDetail)
        XCTAssertNil(Command(name: "explode"))
    }
}

final class ClockFormatTests: XCTestCase {
    func testFormatsToTheMillisecond() {
        // 2026-11-21 23:24:31.007 UTC
        let ms: Int64 = 1_795_303_471_007
        XCTAssertEqual(ClockFormat.string(epochMilliseconds: ms, utcOffsetSeconds: 0), "23:24:31.007")
        XCTAssertEqual(ClockFormat.string(epochMilliseconds: ms, utcOffsetSeconds: 3600), "00:24:31.007")
        XCTAssertEqual(ClockFormat.string(epochMilliseconds: ms, utcOffsetSeconds: -5 * 3600 - 1800), "17:54:31.007")
        XCTAssertEqual(ClockFormat.string(epochMilliseconds: 999, utcOffsetSeconds: 0), "00:00:00.999")
        XCTAssertEqual(ClockFormat.string(epochMilliseconds: -1, utcOffsetSeconds: 0), "23:59:59.999")
    }

    func testUsesOnlyTheAtlasAlphabet() {
        let s = ClockFormat.now()
        XCTAssertEqual(s.count, 12)
        XCTAssertTrue(s.allSatisfy { ClockFormat.alphabet.contains($0) })
    }
}

final class HeaderStatusTests: XCTestCase {
    func testSummary() {
        XCTAssertEqual(HeaderStatus(photos: 1, sourceName: "demo", pageLoading: false, imagesLoading: 0).summary,
                       "1 photo · demo")
        XCTAssertEqual(HeaderStatus(photos: 60, sourceName: "picsum", pageLoading: true, imagesLoading: 3).summary,
                       "60 photos · picsum · loading page, 3 images")
        XCTAssertFalse(HeaderStatus(photos: 60, sourceName: "p", pageLoading: false, imagesLoading: 0).isBusy)
    }
}

final class VelocityMeterTests: XCTestCase {
    func testFollowsTheMotionSmoothedAndSettlesToZero() {
        var meter = VelocityMeter()
        for frame in 0..<30 { meter.sample(top: frame * 40, at: Double(frame) / 60) }
        XCTAssertEqual(meter.velocity, 2400, accuracy: 1, "40 px a frame at 60 Hz")
        meter.sample(top: 29 * 40, at: 30.0 / 60)  // one frame without motion halves it, not zeroes it
        XCTAssertEqual(meter.velocity, 1200, accuracy: 1)
        for frame in 31..<60 { meter.sample(top: 29 * 40, at: Double(frame) / 60) }
        XCTAssertEqual(meter.velocity, 0)
        meter.sample(top: 0, at: 0)  // time going backwards is ignored
        XCTAssertEqual(meter.velocity, 0)
    }
}
