import Foundation
import XCTest
@testable import GalleryCore

/// A value from the house says when it may no longer be true (the broker lost, or silence on its topic past
/// `--value-stale-after`), and every value's line is fitted to the window's width (smaller, then cut).
final class HouseValueStalenessTests: XCTestCase {
    private func line(_ text: String) throws -> HouseValueLine { try HouseValueLine.parse(text).get() }

    /// A clock the test moves (the board's monotonic seconds).
    private final class Hands: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1000.0
        func read() -> Double { lock.lock(); defer { lock.unlock() }; return seconds }
        func move(_ by: Double) { lock.lock(); seconds += by; lock.unlock() }
    }

    func testTheRule() {
        let hour = 3600.0
        XCTAssertNil(HouseValueStaleness.note(age: 0, brokerLost: false, after: 2 * hour))
        XCTAssertNil(HouseValueStaleness.note(age: 2 * hour - 1, brokerLost: false, after: 2 * hour))
        XCTAssertEqual(HouseValueStaleness.note(age: 2 * hour, brokerLost: false, after: 2 * hour), "(stale, 2 h)")
        XCTAssertEqual(HouseValueStaleness.note(age: 5, brokerLost: true, after: 2 * hour), "(stale)")
        XCTAssertEqual(HouseValueStaleness.note(age: 3 * hour, brokerLost: true, after: 2 * hour), "(stale, 3 h)")
        XCTAssertEqual(HouseValueStaleness.note(age: 600, brokerLost: false, after: 300), "(stale, 10 min)")
        XCTAssertEqual(HouseValueStaleness.ageWords(89 * 60), "89 min")
        XCTAssertEqual(HouseValueStaleness.ageWords(47 * hour + 59 * 60), "47 h")
        XCTAssertEqual(HouseValueStaleness.ageWords(72 * hour), "3 d")
        XCTAssertEqual(HouseValueStaleness.ageWords(-5), "0 min", "a clock read out of order is no negative age")
        XCTAssertEqual(HouseValueStaleness.defaultAfter, 2 * hour)
    }

    func testASilentTopicAndALostBrokerMakeTheLineStaleUntilTheNextMessage() throws {
        let hands = Hands()
        let board = HouseValueBoard(lines: [try line("t=Outside {value} °C"), try line("u=Laundry {value}")],
                                    staleAfter: 7200, clock: { hands.read() })
        let overlay = HouseValueOverlay(board: board), gallery = loadedGallery()
        let context = OverlayContext(date: Date(), gallery: gallery)
        _ = board.receive(topic: "t", payload: Data("21".utf8), now: 0)
        _ = board.receive(topic: "u", payload: Data("done".utf8), now: 0)
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 21 °C", "Laundry done"])
        XCTAssertEqual(overlay.stale, [false, false])
        hands.move(3600)
        _ = board.receive(topic: "u", payload: Data("done".utf8), now: 1)
        XCTAssertFalse(overlay.refresh(context), "an hour of silence is fresh; the same words again draw nothing")
        hands.move(3600)
        XCTAssertTrue(overlay.refresh(context), "time alone makes a value stale, with no message")
        XCTAssertEqual(overlay.lines, ["Outside 21 °C (stale, 2 h)", "Laundry done"])
        XCTAssertEqual(overlay.stale, [true, false])
        XCTAssertEqual(overlay.words, "Outside 21 °C (stale, 2 h)\nLaundry done")
        XCTAssertFalse(overlay.refresh(context), "the same words a moment later: nothing to draw")
        _ = board.receive(topic: "t", payload: Data("19".utf8), now: 2)
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 19 °C", "Laundry done"], "fresh again with the next message")
        board.brokerLost = true
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 19 °C (stale)", "Laundry done (stale)"])
        XCTAssertEqual(overlay.stale, [true, true])
        board.brokerLost = false
        XCTAssertTrue(overlay.refresh(context))
        XCTAssertEqual(overlay.lines, ["Outside 19 °C", "Laundry done"], "the broker back: fresh values again")
        XCTAssertEqual(overlay.stale, [false, false])
    }

    /// Each character `pixels / 2` wide: a line's width is its length times half the size.
    private func measure(_ text: String, _ pixels: Int) -> Int { text.count * pixels / 2 }

    func testLinesShrinkThenAreCutWithAnEllipsisToTheRoomAcross() {
        // 28 px (3.5 % of 800), 416 px across (480 less two insets of 32).
        let short = "Outside 21 °C"
        XCTAssertEqual(OverlayLineFit.fit([short], pixels: 28, width: 416, measure: measure).pixels, 28, "fits as asked")
        // 33 characters at 14 px = 462: too wide at 28, fits at 24 (0.85): both lines at that one size.
        let longer = String(repeating: "x", count: 33)
        let shrunk = OverlayLineFit.fit([short, longer], pixels: 28, width: 416, measure: measure)
        XCTAssertEqual(shrunk.pixels, 24)
        XCTAssertEqual(shrunk.lines, [short, longer])
        // 80 characters: wider than the room at the smallest size (17 px): cut with an ellipsis to fit.
        let long = String(repeating: "Kitchen 21.5 °C, ", count: 5).prefix(80).description
        let cut = OverlayLineFit.fit([short, long], pixels: 28, width: 416, measure: measure)
        XCTAssertEqual(cut.pixels, 17)
        XCTAssertEqual(cut.lines[0], short)
        XCTAssertTrue(cut.lines[1].hasSuffix("…"), cut.lines[1])
        XCTAssertTrue(long.hasPrefix(String(cut.lines[1].dropLast())))
        for line in cut.lines { XCTAssertLessThanOrEqual(measure(line, cut.pixels), 416, line) }
        XCTAssertEqual(measure(long, 28), 1120, "the line as it was drawn before: far past a 480 px window")
    }
}
