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
        try frame.checkWallRestartedHalfWay(["--name", "Ada", "--library-dir", root + "/data", "--cache-dir", root + "/cache",
                                             "--size", "800x600", "--transition", "none"] + sourceArguments,
                                            environment: sourceEnvironment, killed: killed, driver: "x11")
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
