import FixtureServer
import Foundation
import SDLKit
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole screen from afar and the frame that says which it is, as their owner meets them: the real app under
/// Xvfb with `--remote` (and `--mqtt` with a real mosquitto), its screenshot compared pixel for pixel with the
/// window as X has it (ImageMagick's `import`), `identify` seen in the window's pixels and the remote's state.
final class ScreenshotUITests: XSessionTestCase {
    private var port = 0
    private let token = "screenshot-ui-test-token-0123456789"
    private var broker: LocalBroker?

    override func tearDown() {
        broker?.stop(signal: SIGKILL)
        broker = nil
        super.tearDown()
    }

    /// A paused slideshow of detailed photos (fractal plasma: every pixel counts in a comparison), nothing moving.
    private func launchFrame(_ extra: [String] = [], environment: [String: String] = [:]) throws -> String {
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        for (name, seed) in [("a", "7"), ("b", "8")] {
            try x.tool(["convert", "-seed", seed, "-size", "800x600", "plasma:fractal", root + "/photos/\(name).png"])
        }
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        port = try LocalBroker.freePort()
        let id = try x.launch(["--name", "Ada", "--no-cache", "--size", "800x600", "--mode", "slideshow",
                               "--interval", "3600", "--transition", "none", "--sort", "name",
                               "--remote", "127.0.0.1:\(port)", "--remote-token-file", root + "/token"]
                              + extra + [root + "/photos"],
                              environment: ["TESSERA_CONFIG": root + "/config/config"].merging(environment) { $1 })
        try waitForState("the first photo") { ($0["photo"] as? [String: Any])?["index"] as? Int == 0 }
        XCTAssertEqual(try fetch("POST", "/api/v1/commands", body: #"{"command":"pause"}"#).status, 200)
        return id
    }

    /// Polls the window until two captures in a row are the same (the header faded away, the photo drawn).
    @discardableResult
    private func waitForStill(_ window: String) throws -> Surface {
        let deadline = Date().addingTimeInterval(30)
        var last = try x.frame(window)
        while Date() < deadline {
            let next = try x.frame(window)
            if differences(last, next) == 0 { return next }
            last = next
        }
        XCTFail("the window never stood still")
        return last
    }

    func testTheScreenshotIsTheWindowsPixelsScaledOrAsJPEGAtMostOneEveryTwoSeconds() throws {
        let window = try launchFrame()
        try waitForStill(window)
        let shot = try fetch("GET", "/api/v1/screenshot")
        XCTAssertEqual(shot.status, 200, String(decoding: shot.body, as: UTF8.self))
        XCTAssertEqual(shot.header("Content-Type"), "image/png")
        let png = try Surface(decoding: shot.body, with: .png).convertedToARGB()
        let seen = try x.frame(window)
        XCTAssertEqual(png.width, seen.width)
        XCTAssertEqual(png.height, seen.height)
        XCTAssertEqual(differences(png, seen), 0, "the screenshot is exactly the window's pixels")

        // Asked again at once: too soon, and said when to come back.
        let again = try fetch("GET", "/api/v1/screenshot")
        XCTAssertEqual(again.status, 429)
        XCTAssertNotNil(again.header("Retry-After").flatMap(Int.init))
        // Without the token: nothing.
        XCTAssertEqual(try fetch("GET", "/api/v1/screenshot", token: nil).status, 401)

        // Scaled to fit 400 pixels, as JPEG: the same picture, smaller, within JPEG's loss.
        let small = try fetchWhenAllowed("/api/v1/screenshot?size=400&format=jpeg")
        XCTAssertEqual(small.status, 200)
        XCTAssertEqual(small.header("Content-Type"), "image/jpeg")
        XCTAssertEqual(Array(small.body.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
        try small.body.write(to: URL(fileURLWithPath: root + "/small.jpg"))
        let jpeg = try Surface(contentsOf: root + "/small.jpg").convertedToARGB()
        XCTAssertEqual(jpeg.width, 400)
        XCTAssertEqual(jpeg.height, 300)
        let reference = try seen.scaled(toWidth: 400, height: 300)
        XCTAssertLessThan(meanDifference(jpeg, reference), 8, "the same screen, scaled")
        // Never scaled up.
        let large = try fetchWhenAllowed("/api/v1/screenshot?size=4000")
        XCTAssertEqual(try Surface(decoding: large.body, with: .png).width, 800)
    }

    func testIdentifyShowsTheNameAndAddressLargeForTenSeconds() throws {
        let window = try launchFrame()
        let before = try waitForStill(window)
        let inkBefore = ink(in: before)
        let asked = Date()
        let answer = try fetch("POST", "/api/v1/commands", body: #"{"command":"identify"}"#)
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        let shown = try x.waitForFrame(window, "the name, large, in the middle") { ink(in: $0).count > inkBefore.count + 600 }
        // Large: the lines' ink spans more than 8 % of the window's height.
        let rows = ink(in: shown).map(\.y)
        XCTAssertGreaterThan((rows.max() ?? 0) - (rows.min() ?? 0), shown.height * 8 / 100)
        // The state names it with its words: the frame's name and where its remote is.
        let words = try waitForState("identify in the state's overlays") { state in
            ((state["overlays"] as? [String: Any])?["identify"] as? [String: Any])?["words"] as? String
        }
        XCTAssertTrue(words.contains("Ada"), words)
        XCTAssertTrue(words.contains("127.0.0.1:\(port)"), words)

        // Then it goes by itself, after its ten seconds.
        _ = try x.waitForFrame(window, "the name gone again") { ink(in: $0).count <= inkBefore.count + 50 }
        let lasted = Date().timeIntervalSince(asked)
        XCTAssertGreaterThanOrEqual(lasted, 9, "it stayed its ten seconds")
        XCTAssertLessThan(lasted, 15)
        let state = try XCTUnwrap(try fetch("GET", "/api/v1/state").json)
        XCTAssertNil((state["overlays"] as? [String: Any])?["identify"])
    }

    func testADarkDisplaysScreenshotIsRefusedAndIdentifyLightsItForItsTenSeconds() throws {
        let window = try launchFrame(["--kiosk"])
        XCTAssertEqual(try fetch("POST", "/api/v1/commands", body: #"{"command":"display-off"}"#).status, 200)
        try waitForState("the display off") { $0["display"] as? String == "off" ? true : nil }
        _ = try x.waitForFrame(window, "dark") { XSession.isColor($0.pixel(x: 400, y: 300), (0, 0, 0)) }
        let refused = try fetch("GET", "/api/v1/screenshot")
        XCTAssertEqual(refused.status, 409, String(decoding: refused.body, as: UTF8.self))

        // Identify on the dark frame: lit for the card's seconds, then dark again.
        let asked = Date()
        XCTAssertEqual(try fetch("POST", "/api/v1/commands", body: #"{"command":"identify"}"#).status, 200)
        _ = try x.waitForFrame(window, "the name on the display lit for it") { ink(in: $0).count > 600 }
        try waitForState("the display off again") { $0["display"] as? String == "off" ? true : nil }
        let lasted = Date().timeIntervalSince(asked)
        XCTAssertGreaterThanOrEqual(lasted, 9, "lit for the card's ten seconds")
        XCTAssertLessThan(lasted, 15)
        _ = try x.waitForFrame(window, "dark again") { XSession.isColor($0.pixel(x: 400, y: 300), (0, 0, 0)) }
    }

    func testHomeAssistantsScreenImageComesOnTheScreenshotCommand() throws {
        guard FileManager.default.isExecutableFile(atPath: LocalBroker.executable) else { throw missing("mosquitto") }
        let broker = try LocalBroker()
        self.broker = broker
        try broker.start()
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try "hall\n".write(toFile: root + "/config/frame-id", atomically: true, encoding: .utf8)
        let window = try launchFrame(["--mqtt", "mqtt://127.0.0.1:\(broker.port)"])
        // The first photo's screen, retained, a moment after it showed.
        let first = try waitForScreen(broker, "the first photo's screen") { _ in true }
        XCTAssertEqual(Array(first.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
        let firstPicture = try picture(first, "first")
        XCTAssertLessThanOrEqual(max(firstPicture.width, firstPicture.height), 960)

        // The next photo: its screen waits for the minute; Home Assistant's "Take screenshot" brings it now.
        XCTAssertEqual(try fetch("POST", "/api/v1/commands", body: #"{"command":"next"}"#).status, 200)
        let seen = try waitForStill(window)
        let pressedAt = Date()
        try broker.publish("tessera/hall/command", "screenshot")
        let second = try waitForScreen(broker, "the second photo's screen") { $0 != first }
        XCTAssertLessThan(Date().timeIntervalSince(pressedAt), 30, "well before the minute's pace would send it")
        let secondPicture = try picture(second, "second")
        XCTAssertLessThan(meanDifference(secondPicture, try seen.scaled(toWidth: secondPicture.width, height: secondPicture.height)),
                          8, "the screen as the window shows it")
    }

    // MARK: helpers

    /// One request to the frame's remote on 127.0.0.1 (`token` "" is the frame's, nil none).
    private func fetch(_ method: String, _ path: String, body: String? = nil, token: String? = "") throws -> RemoteAnswer {
        try remoteRequest(port: port, token: token.map { $0.isEmpty ? self.token : $0 }, method, path, body: body)
    }

    /// Asks until the frame's pace lets it (429 says when), with a deadline.
    private func fetchWhenAllowed(_ path: String) throws -> RemoteAnswer {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let answer = try fetch("GET", path)
            guard answer.status == 429, Date() < deadline else { return answer }
            usleep(200_000)  // polling the remote's pace, with a deadline
        }
    }

    @discardableResult
    private func waitForState<T>(_ what: String, _ condition: ([String: Any]) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let state = try? fetch("GET", "/api/v1/state").json, let found = condition(state) { return found }
            usleep(50_000)  // polling the remote's state, with a deadline
        }
        throw Stuck(what: what)
    }

    /// The retained screen on the broker once `accept` takes it (deadline 30 s).
    private func waitForScreen(_ broker: LocalBroker, _ what: String, _ accept: (Data) -> Bool) throws -> Data {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let hex = try broker.run("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", String(broker.port),
                                                                "-t", "tessera/hall/screen", "-C", "1", "-W", "3",
                                                                "-F", "%x"])
            let bytes = bytes(fromHex: hex.trimmingCharacters(in: .whitespacesAndNewlines))
            if !bytes.isEmpty, accept(bytes) { return bytes }
        }
        throw Stuck(what: what)
    }

    private func picture(_ jpeg: Data, _ name: String) throws -> Surface {
        let path = root + "/screen-\(name).jpg"
        try jpeg.write(to: URL(fileURLWithPath: path))
        return try Surface(contentsOf: path).convertedToARGB()
    }

    private func bytes(fromHex hex: String) -> Data {
        var data = Data(capacity: hex.utf8.count / 2)
        var high: UInt8?
        for c in hex.utf8 {
            guard let v = UInt8(String(UnicodeScalar(c)), radix: 16) else { return Data() }
            if let h = high { data.append(h << 4 | v); high = nil } else { high = v }
        }
        return data
    }

    /// Pixels whose colour differs (alpha aside), both ARGB8888 of one size; every pixel if the sizes differ.
    private func differences(_ a: Surface, _ b: Surface) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, 1) }
        var count = 0
        a.withUnsafeMutablePixels { pa, pitchA in
            b.withUnsafeMutablePixels { pb, pitchB in
                for y in 0..<a.height {
                    let ra = pa.advanced(by: y * pitchA).assumingMemoryBound(to: UInt32.self)
                    let rb = pb.advanced(by: y * pitchB).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<a.width where ra[x] & 0xFFFFFF != rb[x] & 0xFFFFFF { count += 1 }
                }
            }
        }
        return count
    }

    /// The mean difference per channel (0–255) of two pictures of one size.
    private func meanDifference(_ a: Surface, _ b: Surface) -> Double {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var total = 0
        for y in stride(from: 0, to: a.height, by: 2) {
            for x in stride(from: 0, to: a.width, by: 2) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return Double(total) / Double(((a.width + 1) / 2) * ((a.height + 1) / 2) * 3)
    }

    /// The identify card's ink (its exact light grey) in the window's middle half.
    private func ink(in frame: Surface) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in stride(from: frame.height / 4, to: frame.height * 3 / 4, by: 1) {
            for x in stride(from: frame.width / 8, to: frame.width * 7 / 8, by: 2)
            where XSession.isColor(frame.pixel(x: x, y: y), (245, 245, 245), tolerance: 0) {
                found.append((x, y))
            }
        }
        return found
    }

    private struct Stuck: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }
}
