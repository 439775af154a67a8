import XCTest
import GallerySamples
@testable import GalleryCore

/// The one command vocabulary (scripts, the remote, MQTT) and what the new commands do to the gallery.
final class RemoteCommandsTests: XCTestCase {
    private func named(_ name: String, _ argument: String? = nil) -> Result<Command, CommandRefusal> {
        CommandNames.command(named: name, argument: argument)
    }

    func testTheRemotesNamesMeanOneCommandEach() {
        XCTAssertEqual(try named("next").get(), .nextPhoto)
        XCTAssertEqual(try named("Previous").get(), .previousPhoto)
        XCTAssertEqual(try named("pause").get(), .setPaused(true))
        XCTAssertEqual(try named("play").get(), .setPaused(false))
        XCTAssertEqual(try named("wall").get(), .setMode(.wall))
        XCTAssertEqual(try named("slideshow").get(), .setMode(.slideshow))
        XCTAssertEqual(try named("display-off").get(), .setDisplay(on: false))
        XCTAssertEqual(try named("display-on").get(), .setDisplay(on: true))
        XCTAssertEqual(try named("reload").get(), .reload)
        XCTAssertEqual(try named("interval", "8").get(), .setInterval(8))
        XCTAssertEqual(try named("speed", "0").get(), .setSpeed(0))
        XCTAssertEqual(try named("open-photo", "p7").get(), .openPhoto(id: "p7"))
        XCTAssertEqual(try named("source", "immich:abc").get(), .useSource("immich", album: "abc"))
        XCTAssertEqual(try named("source", "Folder").get(), .useSource("folder", album: nil))
        // Scripts say the same names, an argument after a colon.
        XCTAssertEqual(Command(name: "next"), .nextPhoto)
        XCTAssertEqual(Command(name: "interval:12.5"), .setInterval(12.5))
        XCTAssertEqual(Command(name: "show:help"), .show("help"))
    }

    func testBadNamesAndArgumentsAreRefusedWithWords() {
        XCTAssertEqual(named("explode").failureMessage, "no command called \"explode\"")
        XCTAssertEqual(named("next", "3").failureMessage, "next takes no argument")
        XCTAssertTrue(named("interval", "0").failureMessage?.hasPrefix("interval wants seconds between 1") == true)
        XCTAssertNotNil(named("interval", "nan").failureMessage)
        XCTAssertNotNil(named("interval").failureMessage, "an argument is needed")
        XCTAssertNotNil(named("speed", "-4").failureMessage)
        XCTAssertNotNil(named("open-photo", String(repeating: "x", count: 600)).failureMessage)
        XCTAssertNotNil(named("source", ":album").failureMessage)
        // Garbage in a name is not echoed raw.
        XCTAssertFalse(named("\u{1b}[2Jx").failureMessage?.contains("\u{1b}") ?? true)
        XCTAssertNil(Command(name: "interval:-1"))
    }

    func testNextOnTheWallIsTheNextPhoto() {
        let model = loadedGallery()
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        _ = model.apply(.nextPhoto)
        let first = model.browse.focusedIndex
        _ = model.apply(.nextPhoto)
        XCTAssertEqual(model.browse.focusedIndex, first.map { $0 + 1 })
        _ = model.apply(.previousPhoto)
        XCTAssertEqual(model.browse.focusedIndex, first)
    }

    func testModeIsSetNotToggled() {
        let model = loadedGallery()
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        XCTAssertEqual(model.mode, .wall)
        _ = model.apply(.setMode(.slideshow))
        _ = model.apply(.setMode(.slideshow))
        XCTAssertTrue(model.screen is SlideshowScreen, "asked twice, the slideshow still shows")
        XCTAssertEqual(model.screens.filter { $0 is SlideshowScreen }.count, 1)
        _ = model.apply(.setMode(.wall))
        _ = model.apply(.setMode(.wall))
        XCTAssertTrue(model.screen === model.browse)
        XCTAssertEqual(model.mode, .wall)
    }

    func testPauseAndPlayAreSetNotToggled() throws {
        let model = loadedGallery()
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        _ = model.apply(.setMode(.slideshow))
        let show = try XCTUnwrap(model.screen as? SlideshowScreen)
        _ = model.apply(.setPaused(true))
        _ = model.apply(.setPaused(true))
        XCTAssertTrue(show.paused)
        _ = model.apply(.setPaused(false))
        XCTAssertFalse(show.paused)
    }

    func testAPhotoByItsIDShowsInTheSlideshowOrItsPane() throws {
        let model = loadedGallery()
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        let id = model.catalog.items[12].photo.id
        _ = model.apply(.openPhoto(id: id))
        let pane = try XCTUnwrap(model.overlays.last as? DetailPane)
        XCTAssertEqual(pane.index, 12)
        _ = model.apply(.setMode(.slideshow))
        let show = try XCTUnwrap(model.screen as? SlideshowScreen)
        _ = model.apply(.openPhoto(id: model.catalog.items[20].photo.id))
        XCTAssertEqual(show.index, 20)
        _ = model.apply(.openPhoto(id: "not-in-the-feed"))
        XCTAssertEqual(show.index, 20, "a photo the feed does not hold changes nothing")
    }

    func testIntervalAndSpeedChangeWhatRuns() throws {
        let model = loadedGallery(kiosk: Kiosk(speed: 40, idle: 30))
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        _ = model.apply(.setMode(.slideshow))
        let show = try XCTUnwrap(model.screen as? SlideshowScreen)
        _ = model.apply(.setInterval(4))
        XCTAssertEqual(show.interval, 4)
        XCTAssertEqual(model.config.slideInterval, 4, "a slideshow opened later takes it too")
        _ = model.apply(.setSpeed(90))
        XCTAssertEqual(model.kiosk?.autoScroll.speed, 90)
        XCTAssertEqual(model.apply(.setDisplay(on: false)), .display(on: false), "the display is the app's to switch")
        XCTAssertEqual(model.apply(.useSource("demo", album: nil)), .useSource("demo", album: nil))
    }

    func testTheDisplaySwitchedByHandHoldsUntilTheScheduleChanges() {
        let kiosk = Kiosk(schedule: Schedule(parsing: "07:00-23:00"))
        let noon = 12 * 60, evening = 22 * 60, night = 23 * 60 + 30, morning = 7 * 60 + 1
        XCTAssertTrue(kiosk.displayIsLit(at: utcMinute(noon), in: utc, now: 0))
        kiosk.setDisplay(on: false, at: utcMinute(noon), in: utc)
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(noon + 1), in: utc, now: 1), "off by hand in the day")
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(evening), in: utc, now: 2), "and through the rest of the day")
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(night), in: utc, now: 3), "the night is off anyway")
        XCTAssertTrue(kiosk.displayIsLit(at: utcMinute(morning), in: utc, now: 4), "the morning's hours light it again")
        XCTAssertNil(kiosk.displayOverride, "forgotten once the schedule changed")

        kiosk.setDisplay(on: true, at: utcMinute(2 * 60), in: utc)
        XCTAssertTrue(kiosk.displayIsLit(at: utcMinute(2 * 60 + 5), in: utc, now: 5), "someone walked in at night")
        XCTAssertTrue(kiosk.displayIsLit(at: utcMinute(morning), in: utc, now: 6))
        XCTAssertFalse(kiosk.displayIsLit(at: utcMinute(night), in: utc, now: 7), "the next night is dark again")

        let always = Kiosk()
        XCTAssertFalse(always.keepsDisplayPower)
        always.setDisplay(on: false, at: utcMinute(noon), in: utc)
        XCTAssertTrue(always.keepsDisplayPower)
        XCTAssertFalse(always.displayIsLit(at: utcMinute(noon), in: utc, now: 0), "without hours, off until switched on")
        always.setDisplay(on: true, at: utcMinute(noon), in: utc)
        XCTAssertTrue(always.displayIsLit(at: utcMinute(noon), in: utc, now: 0))
    }

    func testTheStateSaysWhatShows() throws {
        let model = loadedGallery(kiosk: Kiosk(speed: 25, idle: 30, schedule: Schedule(parsing: "07:00-23:00")))
        model.resize(to: Viewport(size: PixelSize(width: 900, height: 700)))
        let facts = FrameState.Facts(version: "9.9", name: "Hall", displayOn: true,
                                     source: .init(name: "demo", title: "Demo"), online: true)
        var state = FrameState(model: model, facts: facts)
        XCTAssertEqual(state.mode, "wall")
        XCTAssertEqual(state.screen, "wall")
        XCTAssertEqual(state.schedule, "07:00-23:00")
        XCTAssertEqual(state.speed, 25)
        XCTAssertEqual(state.photos, 30)
        _ = model.apply(.setMode(.slideshow))
        _ = model.apply(.openPhoto(id: model.catalog.items[5].photo.id))
        _ = model.apply(.setPaused(true))
        state = FrameState(model: model, facts: facts)
        XCTAssertEqual(state.mode, "slideshow")
        XCTAssertEqual(state.photo?.id, model.catalog.items[5].photo.id)
        XCTAssertEqual(state.photo?.index, 5)
        XCTAssertTrue(state.paused)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: state.json()) as? [String: Any])
        XCTAssertEqual(json["display"] as? String, "on")
        XCTAssertEqual((json["source"] as? [String: Any])?["name"] as? String, "demo")
        XCTAssertEqual((json["photo"] as? [String: Any])?["kind"] as? String, "photo")
    }
}

private extension Result where Failure == CommandRefusal {
    var failureMessage: String? {
        if case .failure(let refusal) = self { return refusal.message }
        return nil
    }
}
