#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The show's place across restarts, judged by what the frame shows as its remote reports it (`GET /api/v1/state`:
/// the photo on screen, its place in the feed, the photos in the feed), never by the show's own bookkeeping.
/// A wall quit half-way (with `q`, or killed) opens again at the photo it stood at and still holds every photo, Home
/// reaching the first: a folder's, an Immich library's (shuffled, and newest first) and Lorem Picsum's shuffled list
/// (the fixture's stand-ins on 127.0.0.1); a kiosk's shuffled slideshow killed every ten photos shows each photo
/// exactly once before any repeats, and never one photo twice within ten slides, across the pass's edge too.
final class ShowResumeUITests: XCTestCase {
    private var root = ""
    private let token = "show-resume-ui-test-token-0123456789"
    private var port = 0
    private var app: Process?
    /// What the app wrote to stderr so far (its "shown" lines say a place was kept).
    private let log = AppStderr()
    /// The network's stand-ins (Immich, Lorem Picsum), for the walls over the network.
    private var server: FixtureServer?
    /// Where the photos come from: the test's folder, unless a test serves them from the stand-in.
    private var sourceArguments: [String] = []
    private var sourceEnvironment: [String: String] = [:]

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        root = NSTemporaryDirectory() + "tessera-resume-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        sourceArguments = [root + "/photos"]
    }

    override func tearDown() {
        if let app, app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() }
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: the wall

    func testAWallQuitHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try wallRestartedHalfWay(killed: false)
    }

    func testAWallKilledHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try wallRestartedHalfWay(killed: true)
    }

    // MARK: the wall over the network

    func testAShuffledImmichWallQuitHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: true, sort: "random")
        try wallRestartedHalfWay(killed: false)
    }

    func testAShuffledImmichWallKilledHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: true, sort: "random")
        try wallRestartedHalfWay(killed: true)
    }

    func testAnImmichWallNewestFirstQuitHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: true, sort: "date")
        try wallRestartedHalfWay(killed: false)
    }

    func testAnImmichWallNewestFirstKilledHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: true, sort: "date")
        try wallRestartedHalfWay(killed: true)
    }

    func testAShuffledPicsumWallQuitHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: false, sort: "random")
        try wallRestartedHalfWay(killed: false)
    }

    func testAShuffledPicsumWallKilledHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try serve(immich: false, sort: "random")
        try wallRestartedHalfWay(killed: true)
    }

    /// The fixture's Immich stand-in with 39 assets, or its Lorem Picsum list of 39 photos, as the walls' source.
    private func serve(immich: Bool, sort: String) throws {
        var faults = FixtureFaults()
        faults.immichAssets = 39
        let server = FixtureServer(photos: 39, faults: faults)
        try server.start(port: 0)
        self.server = server
        sourceArguments = ["--source", immich ? "immich" : "picsum", "--api", server.baseURL, "--sort", sort]
        if immich { sourceEnvironment["IMMICH_API_KEY"] = faults.immichKey }
    }

    /// 39 photos on a wall (a folder's, unless the test serves them: `serve`), scrolled to about the middle; quit
    /// with `q` (under X) or killed once the place is kept; started again: the wall shows the photo it stood at, at
    /// its place in the feed, the feed holds all 39 different photos, Home reaches the first.
    private func wallRestartedHalfWay(killed: Bool) throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        if server == nil { try makePhotos(39, size: "400x300", colours: true) }
        let arguments = ["--size", "800x600", "--transition", "none"]
        try launch(arguments, driver: "x11")
        let first = try waitForState("the first screen") { $0.photo?.index == 0 ? $0 : nil }
        // Down the wall to about its middle, by the remote's page-down (as the key would).
        var stood = first
        let deadline = Date().addingTimeInterval(30)
        while (stood.photo?.index ?? 0) < 16, Date() < deadline {
            _ = try request("POST", "/api/v1/commands", body: #"{"command":"pagedown"}"#)
            // A page-down that came before the window's first size is undone by it (the wall keeps its top photo
            // through a resize): one that moved nothing is sent again.
            let moved = try? waitForState("the wall scrolled", seconds: 3) { state in
                state.photo.map { $0.index ?? 0 > (stood.photo?.index ?? 0) } == true ? state : nil
            }
            if let moved { stood = moved }
        }
        // It comes to rest (the scroll glides to its target): the photo the state says then is the place kept (the
        // log's "shown" line comes after the write).
        var resting = try XCTUnwrap(stood.photo)
        let rests = Date().addingTimeInterval(20)
        while Date() < rests {
            let now = try XCTUnwrap(try state().photo)
            if now.id == resting.id, log.lines.contains(where: { $0.contains("shown \(now.id) ") }) { break }
            resting = now
            usleep(50_000)
        }
        let stoodPhoto = resting
        XCTAssertTrue(log.lines.contains { $0.contains("shown \(stoodPhoto.id) ") }, "the place kept where it rests")
        XCTAssertGreaterThanOrEqual(stoodPhoto.index ?? 0, 14, "half-way down")
        XCTAssertLessThan(stoodPhoto.index ?? 39, 30, "not at the end")
        if killed {
            stopApp(signal: SIGKILL)
        } else {
            let window = try XCTUnwrap(windowID)
            try xdotool(["key", "--window", window, "q"])
            try waitForExit("q quits")
        }
        try launch(arguments, driver: "x11")
        _ = try waitForState("the wall again") { $0.photo }
        // The feed as it comes (a cut one ends short of the source): whole within the deadline, else as it stands.
        let whole = try? waitForState("every photo", seconds: 10) { $0.photos == 39 ? $0 : nil }
        let again = try whole ?? state()
        XCTAssertEqual(again.photo?.id, stoodPhoto.id, "the wall opens at the photo it stood at")
        XCTAssertEqual(again.photo?.index, stoodPhoto.index, "in the same place of a feed that is whole")
        XCTAssertEqual(again.photos, 39, "every photo of the source, not those after the place")
        // Home (the remote's "top", as the key) reaches the folder's first photo.
        _ = try request("POST", "/api/v1/commands", body: #"{"command":"top"}"#)
        let top = try waitForState("Home") { $0.photo?.index == 0 ? $0 : nil }
        XCTAssertEqual(top.photo?.id, first.photo?.id, "the first photo is there again")
        XCTAssertEqual(top.photos, 39)
    }

    // MARK: the kiosk's shuffle

    /// 60 photos in random order, one a second, killed with SIGKILL every ten photos the screen showed: each shows
    /// exactly once before any repeats, then the next pass begins with none of the ten shown last.
    func testAShuffledKioskKilledEveryTenPhotosShowsEachOnceAndNoneTwiceWithinTen() throws {
        let photos = try makePhotos(60, size: "96x64", colours: false)
        let arguments = ["--kiosk", "--mode", "slideshow", "--interval", "1", "--transition", "none", "--sort", "random",
                         "--size", "320x240"]
        var slides: [String] = []
        var runs = 0
        let deadline = Date().addingTimeInterval(240)
        // Until the whole pass and twelve slides of the next have shown.
        while slides.count < photos.count + 12, Date() < deadline {
            try launch(arguments, driver: "offscreen")
            runs += 1
            let seen = try watchSlides(count: 10, deadline: deadline)
            slides += seen.map(\.id)
            // The power cut comes once the tenth photo's place is kept (a cut between its showing and that write
            // shows it once more after the restart: the write follows the screen, never runs ahead of it).
            if let last = seen.last?.id { try waitForLog("the place kept at \(last)") { $0.contains("shown \(last) ") } }
            stopApp(signal: SIGKILL)
        }
        XCTAssertGreaterThanOrEqual(runs, 7)
        print("slides:", slides.joined(separator: " "))
        XCTAssertGreaterThanOrEqual(slides.count, photos.count + 12, "slides watched: \(slides.count)")
        // A photo's ID names its file (path, size, time, inode): 60 different IDs are the folder's 60 photos.
        let pass = Array(slides.prefix(photos.count))
        XCTAssertEqual(Set(pass).count, photos.count, "each exactly once before any repeats: \(duplicates(pass))")
        for end in slides.indices {
            let window = slides[max(0, end - 9)...end]
            XCTAssertEqual(Set(window).count, window.count, "the same photo twice within ten slides, at slide \(end)")
        }
    }

    private func duplicates(_ ids: [String]) -> [String] {
        Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.map(\.key).sorted()
    }

    /// The photos the screen shows (their IDs), one by one as the state reports them, until `count` have come (the
    /// photo on screen at start counts).
    private func watchSlides(count: Int, deadline: Date) throws -> [(index: Int?, id: String)] {
        var seen: [(index: Int?, id: String)] = []
        while seen.count < count, Date() < deadline {
            guard let app, app.isRunning else { XCTFail("the app ended"); break }
            if let photo = try? state().photo, photo.id != seen.last?.id {
                // The feed's places follow one another: a gap would be a slide the polls missed, not the app's fault.
                if let before = seen.last?.index, let now = photo.index {
                    XCTAssertEqual(now, before + 1, "a slide between polls went unseen")
                }
                seen.append((photo.index, photo.id))
            }
            usleep(50_000)  // a poll's pace, not a wait for anything: the loop's condition is the state
        }
        return seen
    }

    // MARK: the app

    private var windowID: String?

    /// `count` photos named p00.jpg…: small JPEGs (each its own colour with `colours`). Returns their names.
    @discardableResult
    private func makePhotos(_ count: Int, size: String, colours: Bool) throws -> [String] {
        let names = (0..<count).map { String(format: "p%02d.jpg", $0) }
        for (i, name) in names.enumerated() {
            let colour = colours ? "rgb(\(i * 6 % 256),\(255 - i * 5 % 256),\(i * 37 % 256))" : "gray"
            try run("/usr/bin/convert", ["-size", size, "xc:\(colour)", root + "/photos/" + name])
        }
        return names
    }

    /// convert and xdotool, through the session's own tool runner (a time limit, what they print).
    private var tools: XSession { XSession(root: root) }

    private func run(_ tool: String, _ arguments: [String]) throws { try tools.tool([tool] + arguments) }

    private func xdotool(_ arguments: [String]) throws -> String { try tools.tool(["xdotool"] + arguments, check: false) }

    /// Starts the app on the test's source (its folder, unless it serves one) with the remote on, its library and
    /// cache in the test's folder, and waits for the remote to answer.
    private func launch(_ extra: [String], driver: String) throws {
        if port == 0 { port = try LocalBroker.freePort() }
        log.clear()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = ["--renderer", "software", "--no-vsync", "--name", "Ada", "--library-dir", root + "/data",
                       "--cache-dir", root + "/cache", "--remote", "127.0.0.1:\(port)",
                       "--remote-token-file", root + "/token"] + extra + sourceArguments
        var env = ProcessInfo.processInfo.environment.merging(sourceEnvironment) { $1 }
        env["SDL_VIDEODRIVER"] = driver
        env["TESSERA_CONFIG"] = "/nonexistent/tessera-config"
        env["TESSERA_LOG_SHOWN"] = "1"
        p.environment = env
        let pipe = Pipe()
        p.standardError = pipe
        let log = self.log
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { log.append(data) }
        }
        try p.run()
        app = p
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, p.isRunning, (try? state()) == nil { usleep(100_000) }
        XCTAssertTrue(p.isRunning, "the app runs: \(log.text.suffix(2000))")
        if driver == "x11" {
            windowID = try xdotool(["search", "--sync", "--onlyvisible", "--name", "^Tessera$"])
                .split(separator: "\n").first.map(String.init)
            if let windowID { _ = try xdotool(["windowfocus", "--sync", windowID]) }
        }
    }

    private func stopApp(signal: Int32) {
        guard let app else { return }
        if app.isRunning { kill(app.processIdentifier, signal) }
        app.waitUntilExit()
        self.app = nil
    }

    private func waitForExit(_ what: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while let app, app.isRunning, Date() < deadline { usleep(50_000) }
        XCTAssertFalse(app?.isRunning ?? false, "\(what): the app ended")
        stopApp(signal: SIGKILL)
    }

    private func waitForLog(_ what: String, _ holds: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if log.lines.contains(where: holds) { return }
            usleep(20_000)
        }
        XCTFail("timed out waiting for \(what)")
    }

    // MARK: the remote

    struct State: Decodable {
        struct Shown: Decodable {
            let id: String
            let index: Int?
        }
        let photo: Shown?
        let photos: Int
        let mode: String
    }

    private func state() throws -> State {
        let answer = try request("GET", "/api/v1/state")
        guard answer.status == 200 else { throw RemoteRefused(status: answer.status) }
        return try JSONDecoder().decode(State.self, from: answer.data)
    }

    private func waitForState<T>(_ what: String, seconds: Double = 20, _ condition: (State) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        var last: State?
        while Date() < deadline {
            if let s = try? state() {
                last = s
                if let found = condition(s) { return found }
            }
            usleep(50_000)
        }
        throw Timeout(what: "\(what); last state: \(String(describing: last))")
    }

    private struct RemoteRefused: Error { let status: Int }
    private struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    private func request(_ method: String, _ path: String, body: String? = nil) throws -> (status: Int, data: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 5
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let done = DispatchSemaphore(value: 0)
        let reply = Reply()
        URLSession.shared.dataTask(with: request) { data, response, error in
            reply.failure = error
            reply.answer = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 10) == .success else { throw Timeout(what: "\(method) \(path)") }
        if let failure = reply.failure { throw failure }
        return reply.answer ?? (0, Data())
    }

    /// A request's answer, handed over from URLSession's thread (read after the semaphore).
    private final class Reply: @unchecked Sendable {
        var answer: (Int, Data)?
        var failure: Error?
    }
}

/// Lines a process wrote, gathered from its pipe's thread.
private final class AppStderr: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    func clear() { lock.withLock { data.removeAll() } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    var lines: [String] { text.split(separator: "\n").map(String.init) }
}
