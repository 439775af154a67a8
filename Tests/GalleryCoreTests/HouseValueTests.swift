import Foundation
import XCTest
@testable import GalleryCore

/// A value from the house (`--show-value TOPIC=TEMPLATE`): the template's reading and filling, a hostile payload
/// made a line, the board that keeps only the latest, and the rate at which a flood redraws.
final class HouseValueTests: XCTestCase {
    private func line(_ text: String) throws -> HouseValueLine { try HouseValueLine.parse(text).get() }
    private func fill(_ template: String, _ payload: String) throws -> String {
        try ValueTemplate.parse(template).get().fill(Data(payload.utf8))
    }

    func testATopicAndItsTemplateAreSplitAtTheFirstEquals() throws {
        let outside = try line("home/outside/temperature=Outside {value} °C")
        XCTAssertEqual(outside.topic, "home/outside/temperature")
        XCTAssertEqual(outside.template.parts, [.words("Outside "), .value, .words(" °C")])
        XCTAssertEqual(try line("a/b=x={value}").template.parts, [.words("x="), .value])
        XCTAssertEqual(try line("t={value_json.a.b}").template.parts, [.json(["a", "b"])])
        XCTAssertEqual(try line("t={{ value }} and {{value_json.temp}}").template.parts,
                       [.value, .words(" and "), .json(["temp"])], "Home Assistant's double braces")
        XCTAssertEqual(try line("laundry=Laundry done").template.parts, [.words("Laundry done")])
    }

    func testWhatIsNotATopicOrATemplateIsRefusedInWords() {
        for bad in ["no equals sign", "=x {value}", "home/+/temp=x", "home/#=x", "t=Outside {value", "t={temperature}",
                    "t={value_json.}", "t={value_json.a..b}", "t=" + String(repeating: "x", count: 201)] {
            guard case .failure(let problem) = HouseValueLine.parse(bad) else { return XCTFail("took \(bad)") }
            XCTAssertFalse(problem.description.isEmpty)
        }
    }

    func testTheTemplateFillsWithThePayloadAndJSONFieldsAsHomeAssistantNamesThem() throws {
        XCTAssertEqual(try fill("Outside {value} °C", "21.5"), "Outside 21.5 °C")
        let json = #"{"temperature": 21.0, "humidity": 40.5, "where": {"room": "Hall"}, "list": [3, "x"], "ok": true}"#
        XCTAssertEqual(try fill("{value_json.temperature} °C, {value_json.humidity} %", json), "21 °C, 40.5 %")
        XCTAssertEqual(try fill("{value_json.where.room}", json), "Hall")
        XCTAssertEqual(try fill("{value_json.list.0}/{value_json.list.1}/{value_json.ok}", json), "3/x/true")
        XCTAssertEqual(try fill("T {value_json.missing}", json), "T –", "a field not there")
        XCTAssertEqual(try fill("T {value_json.where}", json), "T –", "an object is not a value")
        XCTAssertEqual(try fill("T {value_json.temperature}", "not json"), "T –")
    }

    func testAHostilePayloadBecomesOneShortCleanLine() throws {
        XCTAssertEqual(try fill("{value}", "21.5\nrm -rf /\nmore"), "21.5", "cut to its first line")
        XCTAssertEqual(try fill("{value}", "a\u{1B}[31mred\u{7}\u{0}b"), "a[31mredb", "control characters gone")
        let long = try fill("{value}", String(repeating: "x", count: 10_000))
        XCTAssertEqual(long.count, HouseValuePayload.maxCharacters)
        XCTAssertTrue(long.hasSuffix("…"))
        XCTAssertEqual(HouseValuePayload.text(Data([0xFF, 0xFE, 0x41])), "\u{FFFD}\u{FFFD}A", "not UTF-8: replaced")
        // 4,000 brackets would decode 4,000 calls deep: not read as JSON at all.
        let deep = Data((String(repeating: "[", count: 4000) + String(repeating: "]", count: 4000)).utf8)
        XCTAssertNil(HouseValuePayload.json(deep))
        XCTAssertEqual(HouseValuePayload.depth(Data(#"{"a": "[[[[", "b": [1, {"c": 2}]}"#.utf8)), 3, "brackets in strings do not count")
    }

    func testTheBoardKeepsOnlyTheLatestOfEachTopicAndRefusesWhatIsTooLarge() throws {
        let board = HouseValueBoard(lines: [try line("a=A {value}"), try line("b=B {value}"), try line("a=again {value}")])
        XCTAssertEqual(board.topics, ["a", "b"])
        XCTAssertNil(board.receive(topic: "elsewhere", payload: Data("1".utf8), now: 0))
        XCTAssertEqual(board.snapshot().generation, 0, "a topic of no line is not kept")
        XCTAssertNil(board.receive(topic: "a", payload: Data("1".utf8), now: 0))
        XCTAssertNil(board.receive(topic: "a", payload: Data("2".utf8), now: 0.1))
        XCTAssertEqual(board.snapshot().payloads, ["a": Data("2".utf8)])
        let huge = Data(count: HouseValuePayload.maxBytes + 1)
        let said = try XCTUnwrap(board.receive(topic: "a", payload: huge, now: 0.2))
        XCTAssertTrue(said.contains("refused a value of 4097 bytes on a"), said)
        XCTAssertEqual(board.snapshot().payloads["a"], Data("2".utf8), "the last value stays")
        XCTAssertNil(board.receive(topic: "a", payload: huge, now: 0.3), "said once a minute")
    }

    func testAFloodIsSaidOnceAndItsMemoryIsOnePayload() throws {
        let board = HouseValueBoard(lines: [try line("t={value}")])
        var said: [String] = []
        // 1,000 messages a second for five seconds.
        for i in 0..<5000 {
            if let line = board.receive(topic: "t", payload: Data("value \(i)".utf8), now: Double(i) / 1000) { said.append(line) }
        }
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said[0].contains("t floods the frame (over 50 messages a second): only the latest is kept"), said[0])
        XCTAssertEqual(board.bytesKept, "value 4999".utf8.count)
        XCTAssertEqual(board.snapshot().payloads["t"], Data("value 4999".utf8))
    }

    func testAFloodIsSaidAgainOnlyAfterItEndedAndAMinutePassed() {
        var watch = FloodWatch()
        func burst(at start: Double) -> [Int] { (0..<100).compactMap { watch.heard(at: start + Double($0) / 200) } }
        XCTAssertEqual(burst(at: 0), [51])
        XCTAssertEqual(burst(at: 10), [], "over, but within the minute")
        XCTAssertNil(watch.heard(at: 80))  // a quiet second ends the flood
        XCTAssertEqual(burst(at: 82), [51])
        var calm = FloodWatch()
        XCTAssertEqual((0..<600).compactMap { calm.heard(at: Double($0) / 10) }, [], "ten a second is no flood")
    }

    func testAFloodRedrawsAtMostAtTheOverlaysRateAndShowsTheLatest() throws {
        let board = HouseValueBoard(lines: [try line("t=Outside {value} °C"), try line("u=Laundry {value}")])
        let overlay = HouseValueOverlay(board: board)
        let gallery = loadedGallery()
        XCTAssertEqual(overlay.traits.refresh, .every(seconds: HouseValueOverlay.refreshSeconds))
        XCTAssertFalse(overlay.refresh(OverlayContext(date: Date(), gallery: gallery)), "nothing heard yet")
        XCTAssertNil(overlay.words)
        XCTAssertFalse(overlay.shows(in: gallery))
        // A second of flood at 1,000 messages: the layer asks at most 1 / refreshSeconds times; each shows the latest.
        var redraws = 0
        let asks = Int(1 / HouseValueOverlay.refreshSeconds)
        for ask in 0..<asks {
            for i in 0..<(1000 / asks) { _ = board.receive(topic: "t", payload: Data("\(ask).\(i)".utf8), now: 0) }
            if overlay.refresh(OverlayContext(date: Date(), gallery: gallery)) { redraws += 1 }
            XCTAssertEqual(overlay.lines, ["Outside \(ask).\(1000 / asks - 1) °C"])
        }
        XCTAssertEqual(redraws, asks)
        XCTAssertLessThanOrEqual(Double(redraws), 1 / HouseValueOverlay.refreshSeconds)
        XCTAssertFalse(overlay.refresh(OverlayContext(date: Date(), gallery: gallery)), "nothing new, nothing drawn")
        _ = board.receive(topic: "u", payload: Data("done".utf8), now: 1)
        XCTAssertTrue(overlay.refresh(OverlayContext(date: Date(), gallery: gallery)))
        XCTAssertEqual(overlay.words, "Outside 3.249 °C\nLaundry done")
        XCTAssertTrue(overlay.shows(in: gallery))
    }

    func testTheOverlayIsInstalledOnlyForValuesAskedForInTheirCorner() throws {
        var config = GalleryConfig()
        XCTAssertNil(HouseValueOverlay(config: config))
        config.houseValues = HouseValueBoard(lines: [try line("t={value}")])
        config.houseValueCorner = .bottomRight
        XCTAssertEqual(HouseValueOverlay(config: config)?.traits.placement.spot, .bottomRight)
    }
}
