@testable import GalleryCore
import XCTest

/// The image layer's scheduling without a texture, thread or source: what starts in what order, what is cancelled or
/// let go, and when a failed load is tried again (one `RetryPolicy` type for an image's failures and a network's).
final class LoadScheduleTests: XCTestCase {
    private typealias Schedule = LoadSchedule<String>

    private func schedule(maxLoads: Int = 4, networked: Bool = true) -> Schedule {
        Schedule(maxLoads: maxLoads, imageRetry: RetryPolicy(base: 1, factor: 2, cap: 20, jitter: 0), imageRetries: 3,
                 networked: networked)
    }

    private func wants(_ keys: [String], size: Int = 64, worth: Bool = true) -> [Schedule.Want] {
        keys.map { Schedule.Want(key: $0, size: PixelSize(width: size, height: size), worthStarting: worth) }
    }

    private let cell = PixelSize(width: 64, height: 64)

    func testTheMostUrgentStartFirstAndANewUrgentOneCrowdsOutTheLeast() {
        var s = schedule(maxLoads: 2)
        let first = s.plan(wants(["a", "b", "c"]), now: 0)
        XCTAssertEqual(first.started.map(\.index), [0, 1], "no more than the budget, most urgent first")
        XCTAssertEqual(s.loadingCount, 2)
        let again = s.plan(wants(["a", "b", "c"]), now: 0.1)
        XCTAssertEqual(again, Schedule.Plan(), "loads on their way are not started twice")
        let urgent = s.plan(wants(["z", "a", "b"]), now: 0.2)
        XCTAssertEqual(urgent.started.map(\.index), [0])
        XCTAssertEqual(urgent.cancelled, [first.started[1].token], "b, now the least urgent, gives its place up")
        XCTAssertEqual(urgent.released, ["c"])
    }

    func testWhatIsNoLongerWantedIsLetGoAndItsLoadCancelled() {
        var s = schedule()
        let plan = s.plan(wants(["a", "b"]), now: 0)
        XCTAssertTrue(s.arrived("a", token: plan.started[0].token, standIn: false))
        s.uploaded("a", token: plan.started[0].token, size: cell, now: 0.3)
        let next = s.plan(wants(["c"]), now: 1)
        XCTAssertEqual(Set(next.released), ["a", "b"])
        XCTAssertEqual(next.cancelled, [plan.started[1].token], "only b was still on its way")
        XCTAssertEqual(s.state(of: "a"), .empty)
        XCTAssertFalse(s.arrived("b", token: plan.started[1].token, standIn: false), "a stale result is dropped")
    }

    func testACellThatWouldArriveTooLateIsWantedButNotStarted() {
        var s = schedule()
        XCTAssertEqual(s.plan(wants(["a"], worth: false), now: 0).started, [])
        XCTAssertEqual(s.state(of: "a"), .empty)
    }

    func testAResizeLoadsAnewWhileTheOldPictureIsHeld() {
        var s = schedule()
        let token = s.plan(wants(["a"]), now: 0).started[0].token
        _ = s.arrived("a", token: token, standIn: false)
        s.uploaded("a", token: token, size: cell, now: 0.1)
        XCTAssertEqual(s.plan(wants(["a"]), now: 0.2).started, [], "held at the size wanted")
        let bigger = s.plan(wants(["a"], size: 128), now: 0.3)
        XCTAssertEqual(bigger.started.count, 1)
        XCTAssertEqual(s.state(of: "a"), .ready, "the old picture still shows")
    }

    func testAnImagesFailuresBackOffThenItGivesUp() {
        var s = schedule()
        var now = 0.0
        for attempt in 1...4 {
            let started = s.plan(wants(["x"]), now: now).started
            XCTAssertEqual(started.count, 1, "attempt \(attempt)")
            let outcome = s.failed("x", token: started[0].token, .retryable, now: now, unit: 0.5)
            if attempt <= 3 {
                let wait = Double(1 << (attempt - 1))  // 1, 2, 4 s
                XCTAssertEqual(outcome, .retryAt(now + wait))
                XCTAssertEqual(s.plan(wants(["x"]), now: now + wait - 0.01).started, [], "no retry before the backoff")
                now += wait
            } else {
                XCTAssertEqual(outcome, .gaveUp)
            }
        }
        XCTAssertEqual(s.state(of: "x"), .failed)
        XCTAssertEqual(s.plan(wants(["x"]), now: 1000).started, [], "gave up for as long as the slot lives")
    }

    func testBytesFromADiskAreNotRetriedNorIsARefusal() {
        var disk = schedule(networked: false)
        let token = disk.plan(wants(["a"]), now: 0).started[0].token
        XCTAssertEqual(disk.failed("a", token: token, .retryable, now: 0, unit: 0), .gaveUp)
        var net = schedule()
        let refused = net.plan(wants(["b"]), now: 0).started[0].token
        XCTAssertEqual(net.failed("b", token: refused, .final, now: 0, unit: 0), .gaveUp)
    }

    func testNetworkFailuresWaitLongerEachTimeWithoutGivingUpAndEndWhenTheServerIsBack() {
        var s = schedule()
        var now = 0.0
        for (n, wait) in [5.0, 10, 20, 40, 80, 160, 300, 300].enumerated() {
            let started = s.plan(wants(["x"]), now: now).started
            XCTAssertEqual(started.count, 1, "attempt \(n + 1)")
            XCTAssertEqual(s.failed("x", token: started[0].token, .network, now: now, unit: 0.9), .retryAt(now + wait),
                           "the same policy, without jitter, capped at five minutes")
            now += wait
        }
        XCTAssertNotEqual(s.state(of: "x"), .failed)
        let started = s.plan(wants(["x"]), now: now).started
        _ = s.failed("x", token: started[0].token, .network, now: now, unit: 0)
        XCTAssertEqual(s.plan(wants(["x"]), now: now + 1).started, [])
        s.retryNow()
        XCTAssertEqual(s.plan(wants(["x"]), now: now + 1).started.count, 1, "at once when the server answers")
    }

    func testAStandInIsAskedForAtItsOwnSizeWhenTheServerIsBack() {
        var s = schedule()
        let token = s.plan(wants(["a"]), now: 0).started[0].token
        XCTAssertTrue(s.arrived("a", token: token, standIn: true))
        s.uploaded("a", token: token, size: cell, now: 0.1)
        XCTAssertEqual(s.plan(wants(["a"]), now: 1).started, [])
        s.retryNow()
        XCTAssertEqual(s.plan(wants(["a"]), now: 2).started.count, 1)
    }

    func testAPictureTooLargeToUploadSettlesForWhatTheSlotHolds() {
        var s = schedule()
        let token = s.plan(wants(["a"]), now: 0).started[0].token
        s.uploaded("a", token: token, size: cell, now: 0.1)
        let larger = s.plan(wants(["a"], size: 9000), now: 1).started[0].token
        s.uploadFailed("a", token: larger)
        XCTAssertEqual(s.state(of: "a"), .ready, "the picture it had stays")
        XCTAssertEqual(s.plan(wants(["a"], size: 9000), now: 2).started, [], "no other size asked while the slot lives")
    }

    func testLoadTimeFollowsHowLongLoadsTake() {
        var s = schedule()
        for i in 0..<40 {
            let token = s.plan(wants(["k\(i)"]), now: Double(i)).started[0].token
            s.uploaded("k\(i)", token: token, size: cell, now: Double(i) + 0.5)
        }
        XCTAssertEqual(s.loadTime, 0.5, accuracy: 0.01)
    }

    func testAResetCancelsEveryLoadOnItsWay() {
        var s = schedule()
        let tokens = s.plan(wants(["a", "b"]), now: 0).started.map(\.token)
        XCTAssertEqual(Set(s.reset()), Set(tokens))
        XCTAssertEqual(s.loadingCount, 0)
    }
}
