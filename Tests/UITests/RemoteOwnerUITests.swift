import AppDriving
import FixtureServer
import Foundation
import SDLKit
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The remote stays its owner's (issue 45), against the real app under Xvfb with `--remote`, judged by the frame's
/// pixels: while 400 slow connections from the owner's own address are held, and after another client at that
/// address sent wrong tokens until it was slowed down, the owner's commands are answered and move the frame.
final class RemoteOwnerUITests: XSessionTestCase {
    private var port = 0
    private let token = "remote-owner-ui-test-token-0123456789"

    /// Two photos of one colour each, in a slideshow that never moves by itself.
    private func launchFrame() throws -> String {
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for (name, colour) in [("a", "red"), ("b", "blue")] {
            try x.tool(["convert", "-size", "800x600", "xc:\(colour)", root + "/photos/\(name).png"])
        }
        FileManager.default.createFile(atPath: root + "/token", contents: Data(token.utf8),
                                       attributes: [.posixPermissions: 0o600])
        port = try LocalBroker.freePort()
        let id = try x.launch(["--name", "Ada", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                               "--interval", "3600", "--transition", "none", "--sort", "name",
                               "--remote", "127.0.0.1:\(port)", "--remote-token-file", root + "/token",
                               root + "/photos"],
                              environment: ["TESSERA_CONFIG": root + "/config"])
        _ = try x.waitForFrame(id, "the first photo, red") { isColour($0, (255, 0, 0)) }
        return id
    }

    private func isColour(_ frame: Surface, _ c: (Int, Int, Int)) -> Bool {
        XSession.isColor(frame.pixel(x: frame.width / 2, y: frame.height / 2), c, tolerance: 12)
    }

    func testTheOwnerSteersTheFrameWhile400SlowConnectionsAreHeldAndAfterAnothersWrongTokens() throws {
        let id = try launchFrame()
        // 400 connections from 127.0.0.1, each a byte of a head that never ends (slowloris).
        let slow = (0..<400).compactMap { _ in openSocket(sending: "G") }
        defer { slow.forEach { close($0) } }
        XCTAssertEqual(slow.count, 400)
        for (command, colour, name) in [("next", (0, 0, 255), "blue"), ("previous", (255, 0, 0), "red"),
                                        ("next", (0, 0, 255), "blue")] {
            XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"\#(command)"}"#,
                                       token: token).status, 200, command)
            _ = try x.waitForFrame(id, "\(name) after \(command) under 400 slow connections") { isColour($0, colour) }
        }
        // Another client at the same address guesses until it is slowed down; the owner is answered at once.
        for _ in 0..<8 { _ = try request("GET", "/api/v1/state", token: "not-the-token-at-all-00000") }
        XCTAssertEqual(try request("GET", "/api/v1/state", token: "not-the-token-at-all-00000").status, 429)
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"previous"}"#, token: token).status,
                       200)
        _ = try x.waitForFrame(id, "red, the right token after another client's wrong ones") { isColour($0, (255, 0, 0)) }
    }

    /// A connection to the app's port that has sent `text`; nil if it could not connect.
    private func openSocket(sending text: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    private func request(_ method: String, _ path: String, body: String? = nil, token: String?) throws -> RemoteAnswer {
        try remoteRequest(port: port, token: token, method, path, body: body)
    }
}
