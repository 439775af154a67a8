import Foundation
import GalleryCore
import XCTest

/// Messages on the frame's command topics: the one vocabulary by name, ON/OFF, wall/slideshow, and refusals for
/// whatever else anyone on the broker sends.
final class MQTTCommandTests: XCTestCase {
    let topics = FrameTopics(frameID: FrameID("kitchen")!)

    func parse(_ topic: String, _ text: String) -> Result<Command, CommandRefusal> {
        MQTTCommand.parse(topic: topic, payload: Data(text.utf8), topics: topics)
    }

    func testCommandsByName() {
        XCTAssertEqual(try parse(topics.command, "next").get(), .nextPhoto)
        XCTAssertEqual(try parse(topics.command, " Previous\n").get(), .previousPhoto)
        XCTAssertEqual(try parse(topics.command, "pause").get(), .setPaused(true))
        XCTAssertEqual(try parse(topics.command, "interval:8").get(), .setInterval(8))
        XCTAssertEqual(try parse(topics.command, "source:immich:Holidays").get(), .useSource("immich", album: "Holidays"))
    }

    func testCommandsAsJSON() {
        XCTAssertEqual(try parse(topics.command, #"{"command": "next"}"#).get(), .nextPhoto)
        XCTAssertEqual(try parse(topics.command, #"{"command": "interval", "argument": 8}"#).get(), .setInterval(8))
        XCTAssertEqual(try parse(topics.command, #"{"command": "interval", "argument": 2.5}"#).get(), .setInterval(2.5))
        XCTAssertEqual(try parse(topics.command, #"{"command": "open-photo", "argument": "42"}"#).get(), .openPhoto(id: "42"))
        XCTAssertEqual(try parse(topics.command, #"{"command": "next", "argument": null}"#).get(), .nextPhoto)
    }

    func testRefusals() {
        for bad in ["", "   ", "nonsense", "next:1", "interval", "interval:0", "{", "{}", #"{"command": 3}"#,
                    #"{"command": "interval", "argument": true}"#, #"{"command": "interval", "argument": [8]}"#,
                    #"["next"]"#,
                    // Read as strictly as the HTTP API's body: a member it does not know refuses the whole (the
                    // benchmark's hostile payloads found this one acting).
                    #"{"command": "next", "extra": 1}"#, #"{"command": "quit"}"#] {
            XCTAssertThrowsError(try parse(topics.command, bad).get(), bad)
        }
        XCTAssertThrowsError(try parse(topics.displaySet, "maybe").get())
        XCTAssertThrowsError(try parse(topics.modeSet, "pane").get())
        XCTAssertThrowsError(try parse("tessera/kitchen/state", "next").get())
        XCTAssertThrowsError(try parse("tessera/hall/command", "next").get())
    }

    func testQuitIsNotTakenFromAfar() {
        for quit in ["quit", "QUIT", #"{"command": "quit"}"#] {
            guard case .failure(let refusal) = parse(topics.command, quit) else { return XCTFail(quit) }
            XCTAssertTrue(refusal.message.hasPrefix("quit is not taken from afar"), quit)
        }
    }

    func testDisplayAndMode() {
        XCTAssertEqual(try parse(topics.displaySet, "ON").get(), .setDisplay(on: true))
        XCTAssertEqual(try parse(topics.displaySet, "off").get(), .setDisplay(on: false))
        XCTAssertEqual(try parse(topics.modeSet, "slideshow").get(), .setMode(.slideshow))
        XCTAssertEqual(try parse(topics.modeSet, "wall").get(), .setMode(.wall))
    }

    func testPayloadsAreBoundedAndUTF8() {
        let big = Data(repeating: UInt8(ascii: " "), count: MQTTCommand.maxPayloadBytes + 1)
        XCTAssertThrowsError(try MQTTCommand.parse(topic: topics.command, payload: big, topics: topics).get())
        let padded = Data(repeating: UInt8(ascii: " "), count: MQTTCommand.maxPayloadBytes - 4) + Data("next".utf8)
        XCTAssertEqual(try MQTTCommand.parse(topic: topics.command, payload: padded, topics: topics).get(), .nextPhoto)
        XCTAssertThrowsError(try MQTTCommand.parse(topic: topics.command, payload: Data([0x6e, 0xff, 0xfe]), topics: topics).get())
    }

    func testRandomPayloadsNeverMakeACommandTheyDoNotName() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...64, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for topic in topics.commandTopics {
                if case .success(let command) = MQTTCommand.parse(topic: topic, payload: Data(bytes), topics: topics) {
                    XCTAssertNotEqual(command, .quit)
                }
            }
        }
    }
}

/// The state's pacing to the broker.
final class RemotePacingTests: XCTestCase {
    func testUpdatesGoAtOnceThenNoFasterThanTheGap() {
        var pacer = UpdatePacer(minimumGap: 0.25)
        XCTAssertEqual(pacer.wait(now: 10), 0)
        pacer.sent(at: 10)
        XCTAssertEqual(pacer.wait(now: 10.1), 0.15, accuracy: 1e-9)
        XCTAssertEqual(pacer.wait(now: 10.25), 0)
        XCTAssertEqual(pacer.wait(now: 11), 0)
        // A burst of 100 changes in a second sends at most 5 (one at once, then one per gap).
        var sends = 0
        var burst = UpdatePacer(minimumGap: 0.25)
        var due: Double? = nil
        for i in 0..<100 {
            let now = Double(i) / 100
            if let d = due, now >= d { burst.sent(at: now); sends += 1; due = nil }
            if due == nil {
                let wait = burst.wait(now: now)
                if wait == 0 { burst.sent(at: now); sends += 1 } else { due = now + wait }
            }
        }
        XCTAssertLessThanOrEqual(sends, 5)
        XCTAssertGreaterThanOrEqual(sends, 4)
    }
}
