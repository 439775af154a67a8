import XCTest
@testable import GalleryCore

final class KioskTests: XCTestCase {
    func testAutoScrollStartsWithTheFirstScreenFollowsRealTimeAndPausesOnInput() {
        var scroll = AutoScroll(speed: 40, idle: 30)
        XCTAssertEqual(scroll.step(at: 0, dt: 1.0 / 60), 0, "not before the first screen")
        scroll.start()
        XCTAssertEqual(scroll.step(at: 1, dt: 1.0 / 60), 40.0 / 60, accuracy: 1e-9)
        // A late frame moves further: the motion follows the clock, not the frame count.
        XCTAssertEqual(scroll.step(at: 1.05, dt: 0.05), 2.0, accuracy: 1e-9)
        scroll.input(at: 10)
        XCTAssertEqual(scroll.step(at: 20, dt: 0.016), 0, "paused by input")
        XCTAssertFalse(scroll.resumes(at: 39.9, previous: 39.8))
        XCTAssertTrue(scroll.resumes(at: 40.0, previous: 39.99), "resumes after 30 s of quiet")
        XCTAssertFalse(scroll.resumes(at: 41, previous: 40.9), "once")
        XCTAssertGreaterThan(scroll.step(at: 41, dt: 0.016), 0)
    }

    func testOnlyDeliberatePointerMovesCount() {
        var gate = PointerGate(threshold: 8)
        XCTAssertFalse(gate.moved(toX: 100, y: 100), "the first position is where the pointer rests")
        XCTAssertFalse(gate.moved(toX: 105, y: 104), "under 8 px: a tremor")
        XCTAssertTrue(gate.moved(toX: 108, y: 100))
        gate.windowChanged()  // mapped, entered, fullscreen: SDL reports a position that is no move
        XCTAssertFalse(gate.moved(toX: 600, y: 400))
        XCTAssertFalse(gate.moved(toX: 601, y: 400))
        XCTAssertTrue(gate.moved(toX: 600, y: 420))
    }

    func testSchedulesIncludingOvernightOnesAndTheirNextChange() {
        let day = Schedule(parsing: "07:00-23:00")!
        XCTAssertFalse(day.isOn(minuteOfDay: 6 * 60 + 59))
        XCTAssertTrue(day.isOn(minuteOfDay: 7 * 60))
        XCTAssertTrue(day.isOn(minuteOfDay: 22 * 60 + 59))
        XCTAssertFalse(day.isOn(minuteOfDay: 23 * 60))
        XCTAssertEqual(day.secondsUntilChange(secondOfDay: 6 * 3600), 3600)
        XCTAssertEqual(day.secondsUntilChange(secondOfDay: 22 * 3600 + 30 * 60), 1800)
        let night = Schedule(parsing: "22:00-06:00")!
        XCTAssertTrue(night.isOn(minuteOfDay: 23 * 60))
        XCTAssertTrue(night.isOn(minuteOfDay: 5 * 60))
        XCTAssertFalse(night.isOn(minuteOfDay: 12 * 60))
        XCTAssertEqual(night.secondsUntilChange(secondOfDay: 23 * 3600), 7 * 3600)
        XCTAssertTrue(Schedule(parsing: "00:00-24:00")!.isOn(minuteOfDay: 720), "equal ends: always on")
        XCTAssertNil(Schedule(parsing: "00:00-24:00")!.secondsUntilChange(secondOfDay: 5))
        for bad in ["7-23", "07:00", "25:00-01:00", "07:60-08:00", "a:bc-de:fg", "07:00-23:00-01:00"] {
            XCTAssertNil(Schedule(parsing: bad), bad)
        }
        XCTAssertEqual(Schedule(parsing: " 7:05 - 23:30 ")?.description, "07:05-23:30")
    }

    func testPixelShiftWalksASmallSquareOneStepAPeriod() {
        let shift = PixelShift(period: 180, amplitude: 3)
        var previous = shift.offset(at: 0)
        XCTAssertEqual(previous.dx, 0)
        var seen = Set<String>()
        for step in 1...18 {
            let o = shift.offset(at: Double(step) * 180 + 1)
            XCTAssertLessThanOrEqual(abs(o.dx), 3)
            XCTAssertLessThanOrEqual(abs(o.dy), 3)
            XCTAssertLessThanOrEqual(abs(o.dx - previous.dx), 3)
            XCTAssertLessThanOrEqual(abs(o.dy - previous.dy), 3)
            seen.insert("\(o.dx),\(o.dy)")
            previous = o
        }
        XCTAssertEqual(seen.count, 9, "every place of the square is used")
        XCTAssertEqual(shift.offset(at: 179).dx, shift.offset(at: 0).dx, "still within a period")
    }

    func testTheWatchdogFiresOnlyWhileScrollingOnlineWithoutNewPhotos() {
        var dog = Watchdog(limit: 180)
        XCTAssertFalse(dog.check(at: 0, scrolling: true, online: true))
        XCTAssertFalse(dog.check(at: 179, scrolling: true, online: true))
        XCTAssertTrue(dog.check(at: 181, scrolling: true, online: true))
        XCTAssertFalse(dog.check(at: 182, scrolling: true, online: true), "then it watches anew")
        dog.progress(at: 300)
        XCTAssertFalse(dog.check(at: 400, scrolling: true, online: true))
        XCTAssertFalse(dog.check(at: 1000, scrolling: false, online: true), "paused: nothing expected")
        XCTAssertFalse(dog.check(at: 1100, scrolling: true, online: false), "offline: nothing expected")
        XCTAssertFalse(dog.check(at: 1200, scrolling: true, online: true), "the watch starts over")
        XCTAssertTrue(dog.check(at: 1381, scrolling: true, online: true))
        XCTAssertEqual(dog.firings, 2)
    }

    func testTheKioskKeyMapHasNoWayOutButControlAltQ() {
        let map = KeyMap.kiosk()
        let everywhere = Scope.allCases
        for (key, mods) in [(Key.character("q"), Modifiers()), (.escape, []), (.character("f"), []), (.f11, []),
                            (.character("o"), []), (.character("c"), []), (.character("N"), [.shift]),
                            (.character("b"), []), (.character("B"), [.shift]), (.character("d"), [])] {
            let command = map.command(for: key, modifiers: mods, in: everywhere)
            XCTAssertTrue(command == nil || !KeyMap.kioskForbidden.contains(command!), "\(key) → \(String(describing: command))")
            XCTAssertNotEqual(command, .quit)
        }
        XCTAssertEqual(map.command(for: .character("q"), modifiers: [.control, .alt], in: [.global]), .quit)
        XCTAssertEqual(map.command(for: .down, in: [.browse]), .scrollLines(1), "looking around still works")
    }

    func testTheModelScrollsByItselfAndAQuietSpellClosesThePane() {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 800, height: 600)
        let model = GalleryModel(config: config, kiosk: Kiosk(speed: 100, idle: 30))
        let request = model.catalog.nextPageRequest(wantsMore: true, now: 0)!
        _ = model.feed.receive(request, .success(PageContents(photos: photos(0..<60))), now: 0)
        XCTAssertEqual(model.handle(key: .character("q")), .none, "a stray q does not quit")
        model.kiosk?.advance(model, now: 1, dt: 0.5)
        XCTAssertEqual(model.browse.scroll.offset, 0, "not before the first screen")
        model.kiosk?.autoScroll.start()
        model.kiosk?.advance(model, now: 2, dt: 0.2)
        XCTAssertEqual(model.browse.scroll.offset, 20, accuracy: 1e-9)
        model.kiosk?.advance(model, now: 2.5, dt: 5)
        XCTAssertEqual(model.browse.scroll.offset, 45, accuracy: 1e-9, "a stall moves a quarter second's worth, not a leap")
        // Someone opens a photo: the wall stops; after 30 s of quiet the pane closes and the wall moves on.
        model.kiosk?.noteInput(at: 3)
        _ = model.apply(.openDetail)
        XCTAssertNotNil(model.detail)
        model.kiosk?.advance(model, now: 20, dt: 0.5)
        XCTAssertEqual(model.browse.scroll.offset, 45, accuracy: 1e-9)
        XCTAssertNotNil(model.detail)
        XCTAssertNotNil(model.browse.focusedIndex, "the photo opened was focused")
        model.kiosk?.advance(model, now: 33.1, dt: 0.5)
        XCTAssertNil(model.detail, "the pane closed itself")
        XCTAssertNil(model.browse.focusedIndex, "and no focus ring is left on the wall")
        XCTAssertGreaterThan(model.browse.scroll.offset, 45)
        XCTAssertEqual(model.handle(key: .character("q"), modifiers: [.control, .alt]), .quit)
    }
}

/// What a kiosk keeps from passers-by: the way out stays out of its help, nobody types onto the public screen, and
/// a tap on a star writes no one's bookmark.
final class KioskHardeningTests: XCTestCase {
    func testTheKiosksHelpSearchAndStarsKeepToThemselves() {
        let library = MemoryLibrary(userName: "Lobby")
        let model = GalleryModel(kiosk: Kiosk(), library: library, asksName: false)
        let request = model.catalog.nextPageRequest(wantsMore: true, now: 0)!
        _ = model.feed.receive(request, .success(PageContents(photos: photos(0..<30))), now: 0)
        let desktop = GalleryModel()
        XCTAssertTrue(HelpSheet.sections(for: KeyMap.kiosk()).flatMap(\.rows).contains { $0.keys.hasPrefix("Ctrl+Alt+") && $0.action == "Quit" },
                      "the kiosk's key map does quit on Ctrl+Alt+Q")
        XCTAssertFalse(HelpSheet.sections(for: model).flatMap(\.rows).contains { $0.keys.contains("Ctrl+Alt") || $0.action == "Quit" },
                       "but its help does not say so")
        XCTAssertTrue(HelpSheet.sections(for: desktop).flatMap(\.rows).contains { $0.action == "Quit" }, "a desktop's help does")
        XCTAssertEqual(HelpSheet.sections(for: model).map(\.title).filter { ["Bookmarks", "Search"].contains($0) }, [],
                       "nor rooms a kiosk cannot open")
        XCTAssertEqual(HelpSheet.sections(for: desktop).map(\.title).filter { ["Bookmarks", "Search"].contains($0) },
                       ["Bookmarks", "Search"])
        _ = model.handle(key: .character("?"), modifiers: .shift)
        XCTAssertTrue(model.overlays.last is HelpOverlay, "the help itself is there")
        _ = model.handle(key: .escape)
        _ = model.handle(key: .character("?"), modifiers: .shift)
        _ = model.handle(key: .character("?"), modifiers: .shift)
        _ = model.handle(key: .character("/"))
        XCTAssertNil(SearchScreen.shown(in: model)?.search, "no search field on a kiosk")
        XCTAssertFalse(model.input.hasFocusedField)
        let star = BrowseScreen.starRect(of: model.browse.screenFrame(of: 0))!
        model.click(atWindowX: star.x + 4, y: star.y + 4)
        XCTAssertFalse(model.user.isBookmarked("0"))
        XCTAssertEqual(library.bookmarks().count, 0, "a tap on a star wrote nothing")
    }
}

/// A wall that wraps for weeks keeps a bounded list: earlier passes far above the viewport are dropped, and what
/// is on screen does not move.
final class PassTrimmingTests: XCTestCase {
    private func photos(_ n: Int) -> [Photo] {
        (0..<n).map { Photo(id: "p\($0)", author: "A", width: 300 + ($0 * 37) % 400, height: 300 + ($0 * 53) % 500,
                            url: "https://example.com/\($0)", downloadURL: "https://example.com/d/\($0)") }
    }

    func testDroppingTheFrontKeepsEveryOtherCellWhereItWas() {
        var layout = MasonryLayout(width: 800)
        layout.append(photos(400))
        let before = layout.frames
        let dy = layout.dropFirst(150)
        XCTAssertEqual(layout.count, 250)
        XCTAssertGreaterThan(dy, 0)
        for i in 0..<250 { XCTAssertEqual(layout.frames[i], before[i + 150].offsetBy(dy: -dy)) }
        XCTAssertEqual(layout.frames.map(\.y).min(), 12, "the content starts one gap down again")
        // Items appended afterwards go where they would have gone without the drop.
        var whole = MasonryLayout(width: 800)
        whole.append(photos(420))
        layout.append(photos(420).suffix(20))
        for i in 0..<20 { XCTAssertEqual(layout.frames[250 + i], whole.frames[400 + i].offsetBy(dy: -dy)) }
        XCTAssertEqual(layout.indices(intersecting: 0, 400), layout.frames.indices.filter { layout.frames[$0].y < 400 })
    }

    func testAWrappingWallDropsEarlierPassesAndTheScreenDoesNotMove() {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 800, height: 600)
        config.pageSize = 50
        config.wraps = true
        let model = GalleryModel(config: config)
        let catalogue = photos(200)
        var now = 0.0
        var screenBefore: [ItemKey: Rect] = [:]
        for _ in 0..<60 {
            // Scroll to the end of what is loaded, then let the next page come (pass after pass).
            let browse = model.browse
            browse.setScroll(offset: Double(browse.layout.contentHeight))
            screenBefore = Dictionary(uniqueKeysWithValues: browse.visibleIndices.map {
                (browse.catalog.items[$0].key, browse.screenFrame(of: $0)) })
            now += 10
            guard let request = model.feed.nextPageRequest(now: now) else { continue }
            let start = (request.page - 1) * request.limit
            let page = Array(catalogue[min(start, 200)..<min(start + request.limit, 200)])
            model.feed.receive(request, .success(PageContents(photos: page)), now: now)
            let after = model.browse
            for index in after.visibleIndices {
                if let old = screenBefore[after.catalog.items[index].key] {
                    XCTAssertEqual(after.screenFrame(of: index), old, "a cell on screen stayed put")
                }
            }
        }
        XCTAssertGreaterThan(model.catalog.pager.pass, 10, "many passes went by")
        XCTAssertGreaterThan(model.catalog.feed.droppedFront, 1000)
        XCTAssertLessThanOrEqual(model.catalog.count, 2 * 200 + Catalog.keptBehind + Catalog.dropChunk,
                                 "at most about two passes are held")
        XCTAssertEqual(model.browse.layout.count, model.catalog.count)
    }
}

final class LinearTrendTests: XCTestCase {
    func testTheSlopeOfALineAndOfNoise() {
        let line = (0..<50).map { (x: Double($0), y: 3 + 0.5 * Double($0)) }
        XCTAssertEqual(LinearTrend.slope(line)!, 0.5, accuracy: 1e-9)
        // A saw-tooth around a flat level has no drift; the same on a slope has that slope.
        let flat = (0..<100).map { (x: Double($0), y: 200 + Double($0 % 10)) }
        XCTAssertEqual(LinearTrend.slope(flat)!, 0, accuracy: 0.05)
        let rising = flat.map { (x: $0.x, y: $0.y + 0.04 * $0.x) }
        XCTAssertEqual(LinearTrend.slope(rising)!, 0.04, accuracy: 0.05)
        XCTAssertNil(LinearTrend.slope([(x: 1, y: 2)]))
        XCTAssertNil(LinearTrend.slope([(x: 1, y: 2), (x: 1, y: 5)]))
    }
}

final class DurationHistogramTests: XCTestCase {
    func testPercentilesMatchTheExactOnesToABin() {
        var rng = SplitMix(state: 3)
        let values = (0..<20_000).map { _ in Double.random(in: 0.5..<12, using: &rng) } + [31.4, 0.001]
        var histogram = DurationHistogram()
        for v in values { histogram.add(v) }
        let exact = Percentiles(values), binned = histogram.percentiles
        XCTAssertEqual(binned.count, values.count)
        XCTAssertEqual(binned.max, 31.4)
        for (a, b) in [(exact.p50, binned.p50), (exact.p95, binned.p95), (exact.p99, binned.p99)] {
            XCTAssertEqual(a, b, accuracy: DurationHistogram.binWidth)
        }
        // Beyond the limit everything lands in the last bin; the maximum stays exact.
        var long = DurationHistogram(limit: 10)
        long.add(500)
        XCTAssertEqual(long.percentiles.max, 500)
        XCTAssertEqual(long.percentiles.p50, 500)
        XCTAssertEqual(DurationHistogram().percentiles.p99, 0)
    }
}

/// What a kiosk does with a server that has nothing new to say.
final class RepeatingServerKioskTests: XCTestCase {
    /// A server that sends its first page again and again: a desktop's feed stops and says "r reloads"; a kiosk's
    /// starts a new pass over what it has and keeps moving, a minute long, asking the server at a calm pace.
    func testARepeatingServerNeverStopsAKiosksWall() {
        var config = GalleryConfig()
        config.windowSize = PixelSize(width: 800, height: 600)
        config.pageInterval = 0
        let speed = 400.0
        func run(kiosk: Kiosk?) -> (requests: Int, passes: Int, offset: Double, ended: Bool) {
            let model = GalleryModel(config: config, kiosk: kiosk, asksName: false)
            model.resize(to: Viewport(size: config.windowSize))
            model.kiosk?.autoScroll.start()
            var requests = 0, passes = Set<Int>()
            for step in 0..<600 {  // a minute, ten frames a second
                let now = Double(step) / 10
                if let request = model.feed.nextPageRequest(now: now) {
                    requests += 1
                    passes.insert(request.pass)
                    model.feed.receive(request, .success(PageContents(photos: photos(0..<30))), now: now)
                }
                // The kiosk scrolls itself; the desktop is scrolled by someone at the same pace.
                if let kiosk = model.kiosk { kiosk.advance(model, now: now, dt: 0.1) } else {
                    model.browse.setScroll(offset: model.browse.scroll.offset + speed / 10)
                }
                model.tick(dt: 0.1)
            }
            return (requests, passes.count, model.browse.scroll.offset, model.catalog.pager.phase == .ended)
        }
        let desktop = run(kiosk: nil)
        XCTAssertTrue(desktop.ended, "a desktop's feed stops and says so")
        let kiosk = run(kiosk: Kiosk(speed: speed, idle: 30))
        XCTAssertFalse(kiosk.ended, "a kiosk's never does")
        XCTAssertGreaterThan(kiosk.passes, 3, "new passes over what it has")
        XCTAssertGreaterThan(kiosk.offset, 0.95 * speed * 60, "it scrolled the whole minute")
        XCTAssertLessThan(kiosk.requests, 60, "at a calm pace: \(kiosk.requests) requests in a minute")
    }

    /// A feed of 17 photos gone round four times is 17 photos in the header, not 68.
    func testTheHeaderCountsEachPhotoOnceHoweverOftenTheFeedWraps() {
        let model = GalleryModel(pager: .init(pageSize: 30, wraps: true, minInterval: 0), kiosk: Kiosk(), asksName: false)
        for pass in 0..<4 {
            let request = model.catalog.nextPageRequest(wantsMore: true, now: Double(pass))!
            XCTAssertEqual(request.pass, pass)
            model.feed.receive(request, .success(PageContents(photos: photos(0..<17))), now: Double(pass))
        }
        XCTAssertEqual(model.catalog.count, 68, "the wall holds four passes")
        let status = HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: true,
                                     storeProblem: nil)
        XCTAssertEqual(status.photos, 17)
        var edits = FeedEdits()
        edits.removed = ["3"]
        model.feed.apply(edits)
        XCTAssertEqual(HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: true,
                                       storeProblem: nil).photos, 16, "a photo deleted counts no more")
    }
}

final class KioskDisplayNoteTests: XCTestCase {
    /// A frame whose display cannot be switched off says why in its header by day, below anything more pressing.
    func testTheHeaderSaysWhyTheDisplayStaysLitAtNight() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: Kiosk(), asksName: false)
        let status = { HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: true,
                                       storeProblem: nil).note }
        XCTAssertNil(status())
        model.kiosk?.displayNote = "The display stays lit at night, black: the X server has no DPMS extension"
        XCTAssertEqual(status(), model.kiosk?.displayNote)
        XCTAssertEqual(HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: false,
                                       storeProblem: nil).note?.hasPrefix("Offline"), true, "being offline comes first")
    }
}
