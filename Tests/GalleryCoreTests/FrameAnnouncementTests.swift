import Foundation
import XCTest
@testable import GalleryCore

/// The frame's DNS-SD service and TXT record, and another frame read back from what the network said.
final class FrameAnnouncementTests: XCTestCase {
    private let id = FrameID("kitchen-3f9a2c")!

    func testTheTXTRecordSaysVersionIdNameVersionAndPath() {
        XCTAssertEqual(FrameAnnouncement.txt(id: id, name: "Küche", version: "0.2.0"),
                       ["txtvers=1", "id=kitchen-3f9a2c", "name=Küche", "version=0.2.0", "path=/"])
    }

    func testALongNameIsCutWithinItsLimitsAtACharactersEdge() {
        let name = String(repeating: "ü", count: 200)  // 400 bytes
        let txt = FrameAnnouncement.txt(id: id, name: "a" + name, version: "1")
        XCTAssertEqual(txt[2].utf8.count, 255 - 1, "255 bytes would split a two-byte ü")
        XCTAssertTrue(txt[2].hasPrefix("name=aü"))
        let service = FrameAnnouncement.serviceName(for: name)
        XCTAssertLessThanOrEqual(service.utf8.count, 63)
        XCTAssertEqual(service, String(repeating: "ü", count: 31))
        XCTAssertEqual(FrameAnnouncement.serviceName(for: "  \u{202E}\n "), "Tessera", "nothing left: the program's name")
        XCTAssertEqual(FrameAnnouncement.serviceName(for: "Hall\u{7}way"), "Hallway")
    }

    func testARecordReadsBackIntoTheFrameSeen() {
        let txt = FrameAnnouncement.txt(id: id, name: "Küche", version: "0.2.0").map { Data($0.utf8) }
        let frame = FrameAnnouncement.frame(txt: txt, serviceName: "Küche #2", hostName: "kitchen.local",
                                            address: "192.168.1.20", isIPv6: false, port: 8080)
        XCTAssertEqual(frame, FrameSeen(id: "kitchen-3f9a2c", name: "Küche", url: "http://192.168.1.20:8080/",
                                        version: "0.2.0", via: ["mdns"]))
    }

    func testKeysAreWithoutCaseTheFirstCountsAndBadBytesAreSkipped() {
        let pairs = FrameAnnouncement.pairs([Data("TXTVers=1".utf8), Data("txtvers=2".utf8), Data([0xFF, 0x3D, 0x41]),
                                             Data("flag".utf8), Data("=nokey".utf8), Data("a=b=c".utf8), Data()])
        XCTAssertEqual(pairs, ["txtvers": "1", "flag": "", "a": "b=c"])
    }

    func testARecordThatIsNotAFramesIsNone() {
        func frame(_ strings: [String]) -> FrameSeen? {
            FrameAnnouncement.frame(txt: strings.map { Data($0.utf8) }, serviceName: "x", hostName: "h.local",
                                    address: "10.0.0.1", isIPv6: false, port: 80)
        }
        XCTAssertNil(frame([]))
        XCTAssertNil(frame(["txtvers=2", "id=a"]), "another version of the record")
        XCTAssertNil(frame(["txtvers=1"]), "no id")
        XCTAssertNil(frame(["txtvers=1", "id=../../etc"]), "not an id")
        XCTAssertEqual(frame(["txtvers=1", "id=a"])?.name, "x", "no name: the service's")
        XCTAssertNil(frame(["txtvers=1", "id=a"])?.version)
        XCTAssertEqual(frame(["txtvers=1", "id=a", "name=A\u{202E}B\u{0}C"])?.name, "ABC", "controls removed")
        XCTAssertEqual(frame(["txtvers=1", "id=a", "path=javascript:x"])?.url, "http://10.0.0.1:80/", "a path is a path")
        XCTAssertEqual(frame(["txtvers=1", "id=a", "path=/frame/"])?.url, "http://10.0.0.1:80/frame/")
    }

    func testAPathWithControlBytesOrSpacesNeverReachesTheLinkOrATerminal() {
        func frame(_ strings: [String]) -> FrameSeen? {
            FrameAnnouncement.frame(txt: strings.map { Data($0.utf8) }, serviceName: "x", hostName: "h.local",
                                    address: "10.0.0.1", isIPv6: false, port: 80)
        }
        for hostile in ["/\u{1B}]0;owned\u{7}", "/\u{1B}[2J", "/a b", "/a\"><script>", "/\u{9B}31m", "/\u{202E}x", "/ü"] {
            XCTAssertEqual(frame(["txtvers=1", "id=a", "path=\(hostile)"])?.url, "http://10.0.0.1:80/", hostile.debugDescription)
        }
        XCTAssertEqual(frame(["txtvers=1", "id=a", "path=/a/b~c_d-e.f%20g(1)"])?.url, "http://10.0.0.1:80/a/b~c_d-e.f%20g(1)",
                       "a path's printable characters stay")
        XCTAssertEqual(frame(["txtvers=1", "id=a", "path=/a?x=1"])?.url, "http://10.0.0.1:80/", "a query is no path")
        XCTAssertEqual(FrameAnnouncement.remotePath("/" + String(repeating: "a", count: 200)), "/", "too long")
        // Whatever a sighting holds, its terminal line has no control character.
        let seen = FrameSeen(id: "a\u{1B}[2J", name: "Hall\u{1B}]0;x\u{7}", url: "http://h/\u{1B}[2J", version: "1\u{9B}",
                             via: ["mqtt"])
        XCTAssertEqual(seen.terminalColumns, ["Hall]0;x", "-", "a[2J", "1"])
    }

    func testAddressesMakeLinksABrowserCanOpen() {
        XCTAssertEqual(FrameAddress.url(address: "127.0.0.1", isIPv6: false, hostName: "h.local", port: 8080),
                       "http://127.0.0.1:8080/")
        XCTAssertEqual(FrameAddress.url(address: "2001:db8::5", isIPv6: true, hostName: "h.local", port: 8080),
                       "http://[2001:db8::5]:8080/", "IPv6 in brackets")
        XCTAssertEqual(FrameAddress.url(address: "fe80::1", isIPv6: true, hostName: "hall.local", port: 80),
                       "http://hall.local:80/", "a link-local address needs its interface: the name instead")
        XCTAssertNil(FrameAddress.url(address: "fe80::1", isIPv6: true, hostName: "a b/c", port: 80))
        XCTAssertNil(FrameAddress.url(address: "1.2.3", isIPv6: false, hostName: "", port: 80))
        XCTAssertLessThan(FrameAddress.rank(of: "http://10.0.0.1:80/"), FrameAddress.rank(of: "http://[2001:db8::5]:80/"))
        XCTAssertLessThan(FrameAddress.rank(of: "http://[2001:db8::5]:80/"), FrameAddress.rank(of: "http://hall.local:80/"))
        XCTAssertLessThan(FrameAddress.rank(of: "http://hall.local:80/"), FrameAddress.rank(of: nil))
    }
}
