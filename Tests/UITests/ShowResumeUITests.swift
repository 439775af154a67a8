#if canImport(AppDriving)
import AppDriving
#endif
import FixtureServer
import Foundation
import XCTest

/// The show's place across restarts, judged by what the frame shows as its remote reports it (`GET /api/v1/state`:
/// the photo on screen, its place in the feed, the photos in the feed), never by the show's own bookkeeping.
/// A wall quit half-way (with `q`, or killed) opens again at the photo it stood at and still holds every photo, Home
/// reaching the first: a folder's, an Immich library's (shuffled, and newest first) and Lorem Picsum's shuffled list
/// (the fixture's stand-ins on 127.0.0.1). (A folder wall killed half-way, and a kiosk's shuffle killed every ten
/// photos, are the brief's promises: `BriefFrameTests`.)
final class ShowResumeUITests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame!
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
        frame = RemoteFrame(root: root)
        sourceArguments = [root + "/photos"]
    }

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: the wall

    func testAWallQuitHalfWayOpensWhereItStoodAndHoldsEveryPhoto() throws {
        try wallRestartedHalfWay(killed: false)
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
        if server == nil { try makePhotos(39) }
        let arguments = ["--name", "Ada", "--library-dir", root + "/data", "--cache-dir", root + "/cache",
                         "--size", "800x600", "--transition", "none"] + sourceArguments
        try frame.launch(arguments, driver: "x11", environment: sourceEnvironment)
        let first = try frame.waitForState("the first screen") { $0.photo?.index == 0 ? $0.photo : nil }
        // Down the wall to about its middle, by the remote's page-down (as the key would).
        var stood = first
        let deadline = Date().addingTimeInterval(30)
        while (stood.index ?? 0) < 16, Date() < deadline {
            try frame.command("pagedown")
            // A page-down that came before the window's first size is undone by it (the wall keeps its top photo
            // through a resize): one that moved nothing is sent again.
            let before = stood.index ?? 0
            if let moved = try? frame.waitForState("the wall scrolled", seconds: 3, { s in
                s.photo.flatMap { ($0.index ?? 0) > before ? $0 : nil }
            }) { stood = moved }
        }
        // It comes to rest (the scroll glides to its target): the photo the state says then is the place kept (the
        // log's "shown" line comes after the write).
        var resting = stood
        let rests = Date().addingTimeInterval(20)
        while Date() < rests {
            let now = try XCTUnwrap(try frame.state().photo)
            if now.id == resting.id, frame.log.contains("shown \(now.id) ") { break }
            resting = now
            usleep(50_000)  // a poll's pace; the loop's condition is the state
        }
        XCTAssertTrue(frame.log.contains("shown \(resting.id) "), "the place kept where it rests")
        XCTAssertGreaterThanOrEqual(resting.index ?? 0, 14, "half-way down")
        XCTAssertLessThan(resting.index ?? 39, 30, "not at the end")
        if killed {
            frame.stop(signal: SIGKILL)
        } else {
            let window = try XCTUnwrap(frame.window)
            try XSession(root: root).tool(["xdotool", "key", "--window", window, "q"], check: false)
            XCTAssertTrue(frame.waitForExit(), "q quits")
            frame.stop(signal: SIGKILL)
        }
        try frame.launch(arguments, driver: "x11", environment: sourceEnvironment)
        _ = try frame.waitForState("the wall again") { $0.photo }
        // The feed as it comes (a cut one ends short of the source): whole within the deadline, else as it stands.
        let whole = try? frame.waitForState("every photo", seconds: 10) { $0.photos == 39 ? $0 : nil }
        let again = try whole ?? frame.state()
        XCTAssertEqual(again.photo?.id, resting.id, "the wall opens at the photo it stood at")
        XCTAssertEqual(again.photo?.index, resting.index, "in the same place of a feed that is whole")
        XCTAssertEqual(again.photos, 39, "every photo of the source, not those after the place")
        // Home (the remote's "top", as the key) reaches the source's first photo.
        try frame.command("top")
        let top = try frame.waitForState("Home") { $0.photo?.index == 0 ? $0 : nil }
        XCTAssertEqual(top.photo?.id, first.id, "the first photo is there again")
        XCTAssertEqual(top.photos, 39)
    }

    /// 39 photos p00.jpg…, small JPEGs each of its own colour.
    private func makePhotos(_ count: Int) throws {
        let tools = XSession(root: root)
        for i in 0..<count {
            try tools.tool(["/usr/bin/convert", "-size", "400x300", "xc:rgb(\(i * 6 % 256),\(255 - i * 5 % 256),\(i * 37 % 256))",
                            root + "/photos/" + String(format: "p%02d.jpg", i)])
        }
    }
}
