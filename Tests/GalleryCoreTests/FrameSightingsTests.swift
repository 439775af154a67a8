import Foundation
import XCTest
@testable import GalleryCore

/// The other frames, merged from every way and every time they were seen, the frame itself left out.
final class FrameSightingsTests: XCTestCase {
    private func frame(_ id: String, _ name: String, _ url: String?, version: String? = "0.2.0", via: String = "mdns") -> FrameSeen {
        FrameSeen(id: id, name: name, url: url, version: version, via: [via])
    }

    func testOneFrameSeenOnSeveralInterfacesIsOneEntryWithItsIPv4Address() {
        var sightings = FrameSightings()
        sightings.saw(frame("hall", "Hall", "http://[2001:db8::5]:8080/"), way: .mdns, key: "2/1/Hall")
        sightings.saw(frame("hall", "Hall", "http://192.168.1.5:8080/"), way: .mdns, key: "2/0/Hall")
        sightings.saw(frame("hall", "Hall", "http://127.0.0.1:8080/"), way: .mdns, key: "1/0/Hall")
        let frames = sightings.frames(excluding: nil)
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frames.first?.via, ["mdns"])
        XCTAssertEqual(FrameAddress.rank(of: frames.first?.url), 0, "an IPv4 address: \(frames)")
    }

    func testItselfIsLeftOutAndTheRestOrderedByName() {
        var sightings = FrameSightings()
        sightings.saw(frame("me", "Me", "http://10.0.0.1:80/"), way: .mdns, key: "a")
        sightings.saw(frame("z", "zebra", "http://10.0.0.2:80/"), way: .mdns, key: "b")
        sightings.saw(frame("k", "Kitchen", "http://10.0.0.3:80/"), way: .mqtt, key: "tessera/k/about")
        XCTAssertEqual(sightings.frames(excluding: "me").map(\.id), ["k", "z"])
    }

    func testMDNSAndMQTTMergeIntoOneWithBothWays() {
        var sightings = FrameSightings()
        sightings.saw(frame("hall", "Hall (broker)", "http://hall.example:8080/", version: nil, via: "mqtt"),
                      way: .mqtt, key: "tessera/hall/about")
        sightings.saw(frame("hall", "Hall", "http://192.168.1.5:8080/", version: "0.2.0"), way: .mdns, key: "2/0/Hall")
        let frames = sightings.frames(excluding: nil)
        XCTAssertEqual(frames, [FrameSeen(id: "hall", name: "Hall", url: "http://192.168.1.5:8080/", version: "0.2.0",
                                          via: ["mdns", "mqtt"])])
        sightings.lost(way: .mdns, key: "2/0/Hall")
        XCTAssertEqual(sightings.frames(excluding: nil).first?.via, ["mqtt"], "still on the broker")
        XCTAssertEqual(sightings.frames(excluding: nil).first?.url, "http://hall.example:8080/")
        sightings.forget(way: .mqtt)
        XCTAssertEqual(sightings.frames(excluding: nil), [])
    }

    func testStrangersCostBoundedMemory() {
        var sightings = FrameSightings()
        for index in 0..<(FrameSightings.maxPerWay * 2) {
            sightings.saw(frame("f\(index)", "F", nil), way: .mdns, key: "\(index)")
        }
        XCTAssertEqual(sightings.frames(excluding: nil).count, FrameSightings.maxPerWay)
        sightings.saw(frame("f0", "Renamed", nil), way: .mdns, key: "0")
        XCTAssertTrue(sightings.frames(excluding: nil).contains { $0.name == "Renamed" }, "one already seen is updated")
    }

    func testAnAboutMessageIsCheckedBeforeItIsBelieved() {
        let id = FrameID("hall")!
        let payload = FrameAbout.payload(id: id, name: "Hall", url: "http://192.168.1.5:8080/", version: "0.2.0")
        XCTAssertEqual(FrameAbout.frame(topic: "tessera/hall/about", payload: payload),
                       FrameSeen(id: "hall", name: "Hall", url: "http://192.168.1.5:8080/", version: "0.2.0", via: ["mqtt"]))
        XCTAssertNil(FrameAbout.frame(topic: "tessera/other/about", payload: payload), "another frame's topic")
        XCTAssertNil(FrameAbout.frame(topic: "tessera/hall/about", payload: Data("{".utf8)))
        XCTAssertNil(FrameAbout.frame(topic: "tessera/hall/about", payload: Data(count: FrameAbout.maxBytes + 1)))
        let script = Data(#"{"id": "hall", "name": "H", "url": "javascript:alert(1)"}"#.utf8)
        XCTAssertNil(FrameAbout.frame(topic: "tessera/hall/about", payload: script)?.url, "only web addresses")
        XCTAssertEqual(FrameAbout.frameID(inTopic: "tessera/hall/availability"), id)
        XCTAssertNil(FrameAbout.frameID(inTopic: "tessera/hall/state/x"))
        XCTAssertNil(FrameAbout.frameID(inTopic: "homeassistant/hall/about"))
    }
}
