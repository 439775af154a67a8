import Foundation
@testable import GalleryCore
import XCTest

/// Who holds the remote's connections (`ConnectionAdmission`) and how a flood is logged (`CountedNotice`).
final class RemoteAdmissionTests: XCTestCase {
    func testWithinTheBoundsEveryoneIsAdmitted() {
        var admission = ConnectionAdmission(total: 4, perAddress: 2)
        XCTAssertEqual(admission.admit(1, from: "a"), .admit)
        XCTAssertEqual(admission.admit(2, from: "a"), .admit)
        XCTAssertEqual(admission.admit(3, from: "b"), .admit)
        XCTAssertEqual(admission.count, 3)
        XCTAssertEqual(admission.count(from: "a"), 2)
        admission.closed(1)
        admission.closed(1)
        XCTAssertEqual(admission.count(from: "a"), 1, "closing twice counts once")
        XCTAssertEqual(admission.admit(4, from: "a"), .admit)
    }

    func testANewcomerFromAFullAddressTakesThePlaceOfItsLongestWaitingAnonymousConnection() {
        var admission = ConnectionAdmission(total: 10, perAddress: 3)
        for id in 1...3 { XCTAssertEqual(admission.admit(id, from: "10.0.0.1"), .admit) }
        XCTAssertEqual(admission.admit(4, from: "10.0.0.1"), .admitInPlaceOf(1))
        XCTAssertFalse(admission.holds(1))
        XCTAssertEqual(admission.count(from: "10.0.0.1"), 3)
        // A connection that has answered since waits from then: it is not the oldest any more.
        admission.headArrived(2, owners: false)
        admission.answered(2)
        XCTAssertEqual(admission.admit(5, from: "10.0.0.1"), .admitInPlaceOf(3))
        // Another address is not touched.
        XCTAssertEqual(admission.admit(6, from: "10.0.0.2"), .admit)
    }

    func testTheOwnersConnectionIsNeverGivenUpForANewcomer() {
        var admission = ConnectionAdmission(total: 3, perAddress: 3)
        for id in 1...3 { _ = admission.admit(id, from: "127.0.0.1") }
        admission.headArrived(1, owners: true)
        admission.answered(1)
        XCTAssertEqual(admission.admit(4, from: "127.0.0.1"), .admitInPlaceOf(2), "the owner's, though oldest, stays")
        admission.headArrived(3, owners: true)
        admission.headArrived(4, owners: true)
        XCTAssertEqual(admission.admit(5, from: "127.0.0.1"), .turnAway, "every place is the owner's")
        XCTAssertEqual(admission.count, 3)
        XCTAssertTrue([1, 3, 4].allSatisfy { admission.holds($0) })
        // The owner's stays the owner's between its requests, even after one without the token.
        admission.answered(3)
        admission.headArrived(3, owners: false)
        admission.answered(3)
        XCTAssertEqual(admission.admit(6, from: "127.0.0.1"), .turnAway)
    }

    func testAConnectionWaitingForAHeadGoesBeforeOneAtWork() {
        var admission = ConnectionAdmission(total: 2, perAddress: 2)
        _ = admission.admit(1, from: "a")
        _ = admission.admit(2, from: "a")
        admission.headArrived(1, owners: false)  // an anonymous request at work: the page, a refusal's body
        XCTAssertEqual(admission.admit(3, from: "a"), .admitInPlaceOf(2))
        admission.headArrived(3, owners: false)
        XCTAssertEqual(admission.admit(4, from: "a"), .admitInPlaceOf(1), "then the longest at work")
    }

    func testWhenTheServerIsFullTheBusiestAddressGivesUpAPlace() {
        var admission = ConnectionAdmission(total: 4, perAddress: 3)
        _ = admission.admit(1, from: "owner")
        for id in 2...4 { _ = admission.admit(id, from: "scanner") }
        XCTAssertEqual(admission.admit(5, from: "phone"), .admitInPlaceOf(2), "not the owner's older anonymous one")
        XCTAssertTrue(admission.holds(1))
        XCTAssertEqual(admission.count, 4)
    }

    /// 400 slow connections from the owner's own address, opened again as soon as closed, with the owner's
    /// connections among them: the owner's newest connection outlasts the next `perAddress - 1` newcomers, and its
    /// request head arrives long before; the slow ones never hold more than `perAddress`.
    func testSlowConnectionsFromTheOwnersAddressNeverKeepTheOwnerOut() {
        var admission = ConnectionAdmission(total: 32, perAddress: 16)
        var id = 0
        var slow: Set<Int> = []
        func next() -> Int { id += 1; return id }
        for _ in 0..<400 {
            let newcomer = next()
            if case .admitInPlaceOf(let gone) = admission.admit(newcomer, from: "127.0.0.1") { slow.remove(gone) }
            slow.insert(newcomer)
        }
        XCTAssertEqual(admission.count(from: "127.0.0.1"), 16)
        for _ in 0..<25 {
            let owner = next()
            XCTAssertNotEqual(admission.admit(owner, from: "127.0.0.1"), .turnAway)
            for _ in 0..<15 {
                let newcomer = next()
                if case .admitInPlaceOf(let gone) = admission.admit(newcomer, from: "127.0.0.1") {
                    XCTAssertNotEqual(gone, owner)
                }
            }
            XCTAssertTrue(admission.holds(owner))
            admission.headArrived(owner, owners: true)
            admission.answered(owner)
            admission.closed(owner)
        }
    }

    func testTheTableStaysWithinItsBoundsWhateverArrives() {
        var admission = ConnectionAdmission(total: 32, perAddress: 16)
        var random = SplitMix(state: 45)
        for id in 0..<10_000 {
            let address = "10.0.\(Int.random(in: 0..<4, using: &random)).1"
            _ = admission.admit(id, from: address)
            if Bool.random(using: &random) { admission.headArrived(id - Int.random(in: 0..<40, using: &random), owners: false) }
            if Int.random(in: 0..<10, using: &random) == 0 { admission.closed(id - Int.random(in: 0..<40, using: &random)) }
            XCTAssertLessThanOrEqual(admission.count, 32)
            XCTAssertLessThanOrEqual(admission.count(from: address), 16)
        }
    }

    func testAFloodIsSaidOnceThenOnceAnIntervalWithItsCount() {
        var notice = CountedNotice(interval: 60)
        XCTAssertEqual(notice.record(now: 0), 1, "the first at once")
        var said: [Int] = []
        for i in 1..<38_141 { if let count = notice.record(now: Double(i) * 30 / 38_141) { said.append(count) } }
        XCTAssertEqual(said, [], "nothing more within the minute")
        XCTAssertNil(notice.flush(now: 59))
        XCTAssertEqual(notice.flush(now: 60), 38_140, "the rest with their count, once the minute is over")
        XCTAssertNil(notice.flush(now: 200), "nothing pending: nothing said")
        XCTAssertEqual(notice.record(now: 201), 1)
        XCTAssertNil(notice.record(now: 202))
        XCTAssertEqual(notice.record(now: 262), 2)
    }
}
