import DemoPhotos
import FixtureServer
import Foundation
import XCTest

/// The real app's slideshow over an Immich library in random order, killed (SIGKILL, as a power cut) every fifteen
/// photos, the cache on: every asset is shown exactly once before any repeats, each start carrying on from the place
/// the library kept (not from the cached pages of the run before, which would show those photos again).
final class ImmichPlaceUITests: XCTestCase {
    private var root = ""
    private var server: FixtureServer!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-immich-place-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        var faults = FixtureFaults()
        faults.immichAssets = 60
        server = FixtureServer(photos: 60, faults: faults)
        try server.start(port: 0)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// One run: the slideshow steps through `photos` photos, then the loop hangs and the app is killed. The asset
    /// IDs shown, in order, as the app logged them (after the library kept each place).
    private func run(photos: Int, sort: String = "random") throws -> [String] {
        let run = try AppProcess.killedAfterShowing(photos, arguments: [
            "--sort", sort, "--source", "immich", "--api", server.baseURL, "--name", "Ada", "--cache-dir", root + "/cache",
            "--library-dir", root + "/data"], environment: ["IMMICH_API_KEY": FixtureFaults().immichKey])
        XCTAssertTrue(run.killed, "killed, not ended")
        return run.shown.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    func testEveryAssetOnceAcrossKillsThenTheNextPass() throws {
        var shown: [String] = []
        for restart in 0..<4 {
            let run = try run(photos: 15)
            XCTAssertEqual(run.count, 15, "run \(restart)")
            shown += run
        }
        let all = Set((0..<60).map(DemoImmich.assetID))
        XCTAssertEqual(shown.count, 60)
        XCTAssertEqual(Set(shown), all, "every asset exactly once before any repeat: \(shown.count - Set(shown).count) repeated")
        let next = try run(photos: 10)
        XCTAssertEqual(next.count, 10, "a pass that ended on its last photo goes on with the next")
        XCTAssertTrue(all.isSuperset(of: next))
        XCTAssertNotEqual(next, Array(shown.prefix(10)), "in an order of its own")
        XCTAssertEqual(server.counters.immichWithoutKey, 0)
    }

    /// With the server gone, a show that keeps a place still shows what the cache holds, not the demo.
    func testWithTheServerGoneTheCachedPhotosShowInsteadOfTheDemo() throws {
        let online = try run(photos: 5)
        XCTAssertEqual(online.count, 5)
        server.stop()
        let offline = try run(photos: 2)
        XCTAssertEqual(offline.count, 2)
        let assets = Set((0..<60).map(DemoImmich.assetID))
        XCTAssertTrue(assets.isSuperset(of: offline), "the cached Immich photos, not the demo's: \(offline)")
    }

    /// A shuffle does not open on the pages a show newest first left in the cache: it starts from its own order.
    func testAShuffleAfterAShowNewestFirstDoesNotOpenOnItsCachedPages() throws {
        let newest = try run(photos: 5, sort: "date")
        XCTAssertEqual(newest, (0..<5).map(DemoImmich.assetID), "newest first: the library's order")
        let shuffled = try run(photos: 5)
        XCTAssertEqual(shuffled.count, 5)
        XCTAssertNotEqual(shuffled, newest, "the shuffle's own order, not the cached newest-first page")
    }
}
