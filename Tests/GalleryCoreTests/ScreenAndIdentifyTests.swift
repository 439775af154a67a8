import Foundation
import GalleryCore
import XCTest

/// The screenshot's pace and size, the identify card's ten seconds, and their names for the remotes (the API's
/// command, MQTT's topic and command, Home Assistant's entities).
final class ScreenAndIdentifyTests: XCTestCase {
    func testOneScreenshotAtATimeAndNoneWithinTwoSecondsOfTheLast() throws {
        var gate = ScreenshotGate(gap: 2, longestWait: 5)
        XCTAssertNil(gate.admit(now: 100))
        let busy = try XCTUnwrap(gate.admit(now: 100.1), "one in flight")
        XCTAssertEqual(busy.kind, .tooSoon)
        gate.finished()
        let soon = try XCTUnwrap(gate.admit(now: 100.5), "half a second after the last")
        XCTAssertEqual(soon.kind, .tooSoon)
        XCTAssertEqual(soon.retryAfter, 2, "1.5 s to wait, said in whole seconds rounded up")
        XCTAssertNil(gate.admit(now: 102.1))
        // One whose frame never came does not hold every later one back.
        XCTAssertNotNil(gate.admit(now: 104))
        XCTAssertNil(gate.admit(now: 107.2))
    }

    func testAScreenshotGivenUpForWantOfAFrameIsSaidBeforeTheRemotesOwnTimeout() {
        let reply = RemoteLimits.standard.replySeconds
        XCTAssertLessThan(ScreenshotGate.standardLongestWait, reply, "else the client only ever hears the generic timeout")
        XCTAssertLessThanOrEqual(ScreenshotGate.standardLongestWait + ScreenshotGate.encodeBudget, reply)
        XCTAssertEqual(ScreenshotGate().longestWait, ScreenshotGate.standardLongestWait)
    }

    func testAScreenshotIsScaledDownToFitNeverUp() {
        let panel = PixelSize(width: 1600, height: 1000)
        XCTAssertEqual(ScreenshotGate.size(of: panel, fitting: nil), panel)
        XCTAssertEqual(ScreenshotGate.size(of: panel, fitting: 4000), panel, "never up")
        XCTAssertEqual(ScreenshotGate.size(of: panel, fitting: 800), PixelSize(width: 800, height: 500))
        XCTAssertEqual(ScreenshotGate.size(of: PixelSize(width: 1080, height: 1920), fitting: 960),
                       PixelSize(width: 540, height: 960), "a portrait panel by its height")
    }

    func testTheScreenshotRequestReadsSizeAndFormat() throws {
        let request = try ScreenshotRequest.parse(query: "size=320&format=jpeg").get()
        XCTAssertEqual(request, ScreenshotRequest(maxSide: 320, format: .jpeg))
        XCTAssertEqual(try ScreenshotRequest.parse(query: "").get(), ScreenshotRequest(maxSide: nil, format: .png))
        XCTAssertThrowsError(try ScreenshotRequest.parse(query: "format=gif").get())
    }

    func testIdentifyShowsTheNameAndAddressForTenSecondsThenGoes() {
        let gallery = GalleryModel(config: GalleryConfig(), library: MemoryLibrary())
        let clock = FakeMonotonic(now: 500)
        let card = IdentifyOverlay(clock: { clock.now })
        XCTAssertFalse(card.shows(in: gallery))
        XCTAssertNil(card.words)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        card.show(name: "Hall", address: "192.168.1.20:8080", at: 500)
        XCTAssertTrue(card.shows(in: gallery))
        XCTAssertEqual(card.words, "Hall — 192.168.1.20:8080")
        clock.now = 509.5
        XCTAssertFalse(card.refresh(OverlayContext(date: start + 9.5, gallery: gallery)), "still within its ten seconds")
        XCTAssertTrue(card.shows(in: gallery))
        clock.now = 510
        XCTAssertTrue(card.refresh(OverlayContext(date: start + 10, gallery: gallery)), "gone: drawn again without it")
        XCTAssertFalse(card.shows(in: gallery))
    }

    /// The card is timed on the loop's monotonic clock, as the lit display is (`Kiosk.litUntil`): a wall clock set
    /// back (NTP's first answer on a Pi without a real-time clock) neither keeps it up nor takes it down early.
    func testTheCardsTenSecondsAreTheMonotonicClocksNotTheWallClocks() {
        let gallery = GalleryModel(config: GalleryConfig(), library: MemoryLibrary())
        let clock = FakeMonotonic(now: 40)
        let card = IdentifyOverlay(clock: { clock.now })
        let wall = Date(timeIntervalSince1970: 1_800_000_000)
        card.show(name: "Hall", address: nil, at: clock.now)
        clock.now = 45
        XCTAssertFalse(card.refresh(OverlayContext(date: wall + 3600, gallery: gallery)), "the wall clock jumped ahead")
        XCTAssertTrue(card.shows(in: gallery))
        clock.now = 50
        XCTAssertTrue(card.refresh(OverlayContext(date: wall - 86_400, gallery: gallery)), "stepped back a day: gone at ten seconds")
        XCTAssertFalse(card.shows(in: gallery))
        XCTAssertEqual(card.traits.depth, .top)
        XCTAssertEqual(card.traits.placement.spot, .centred)
    }

    func testAKioskAsleepIsLitForTheCardsSecondsThenSleepsAgain() throws {
        let kiosk = Kiosk(schedule: Schedule(parsing: "07:00-23:00"))
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let night = Date(timeIntervalSince1970: 2 * 3600)  // 02:00 UTC, outside its hours
        XCTAssertFalse(kiosk.screen(at: night, in: utc, now: 100).showsPhotos)
        kiosk.litUntil = 100 + IdentifyOverlay.duration
        XCTAssertTrue(kiosk.screen(at: night, in: utc, now: 101).showsPhotos, "lit for the card")
        XCTAssertTrue(kiosk.screen(at: night, in: utc, now: 109.9).showsPhotos)
        XCTAssertFalse(kiosk.screen(at: night, in: utc, now: 110).showsPhotos, "asleep again after its ten seconds")
    }

    func testIdentifyIsACommandOfTheOneVocabularyForTheApp() {
        XCTAssertEqual(Command(name: "identify"), .identify)
        XCTAssertEqual(try CommandNames.command(named: "identify", argument: nil).get(), .identify)
        XCTAssertEqual(AppEffect(handedOn: .identify), .identify)
        XCTAssertEqual(RemoteReplies.name(of: .identify), "identify")
        let topics = FrameTopics(frameID: FrameID("hall")!)
        XCTAssertEqual(try MQTTCommand.parse(topic: topics.command, payload: Data("identify".utf8), topics: topics).get(),
                       .identify)
    }

    func testTheScreenTopicAndTheScreenshotCommandAreTheBridges() {
        let topics = FrameTopics(frameID: FrameID("hall")!)
        XCTAssertEqual(topics.screen, "tessera/hall/screen")
        XCTAssertTrue(MQTTCommand.asksForScreen(topic: topics.command, payload: Data(" screenshot\n".utf8), topics: topics))
        XCTAssertFalse(MQTTCommand.asksForScreen(topic: topics.displaySet, payload: Data("screenshot".utf8), topics: topics))
        XCTAssertFalse(MQTTCommand.asksForScreen(topic: topics.command, payload: Data("next".utf8), topics: topics))
    }

    func testHomeAssistantHasTheScreenImageAndTheTwoButtons() throws {
        let discovery = HomeAssistantDiscovery(frameID: FrameID("hall")!, deviceName: "Hall", version: "1")
        func config(_ component: String, _ object: String) throws -> [String: Any] {
            let config = try XCTUnwrap(discovery.configs.first { $0.topic == "homeassistant/\(component)/hall/\(object)/config" },
                                       "no \(component) \(object)")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: config.payload) as? [String: Any])
        }
        let screen = try config("image", "screen")
        XCTAssertEqual(screen["image_topic"] as? String, "tessera/hall/screen")
        XCTAssertEqual(screen["content_type"] as? String, "image/jpeg")
        XCTAssertEqual(screen["name"] as? String, "Screen")
        let shot = try config("button", "screenshot")
        XCTAssertEqual(shot["command_topic"] as? String, "tessera/hall/command")
        XCTAssertEqual(shot["payload_press"] as? String, "screenshot")
        XCTAssertEqual(shot["name"] as? String, "Take screenshot")
        let identify = try config("button", "identify")
        XCTAssertEqual(identify["payload_press"] as? String, "identify")
        XCTAssertEqual(identify["object_id"] as? String, "Hall Identify")
    }
}

/// A monotonic clock a test moves.
private final class FakeMonotonic: @unchecked Sendable {
    var now: Double
    init(now: Double) { self.now = now }
}
