import Foundation
@testable import GalleryCore
import XCTest

/// The remote's door: the bearer token and the failed attempts of each client.
final class RemoteAccessTests: XCTestCase {
    let token = "s3cret-token-of-some-length"

    func testBearerTokenIsGrantedOnlyWhenItMatchesExactly() {
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer \(token)"], token: token), .granted)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["bearer   \(token) "], token: token), .granted)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer \(token)x"], token: token), .wrong)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer \(token.dropLast())"], token: token), .wrong)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer S3cret-token-of-some-length"], token: token), .wrong)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer "], token: token), .missing)
        XCTAssertEqual(AccessCheck.verdict(authorization: [], token: token), .missing)
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Basic \(token)"], token: token), .missing)
        XCTAssertEqual(AccessCheck.verdict(authorization: [token], token: token), .missing)
        // Two headers, even if one is right: refused.
        XCTAssertEqual(AccessCheck.verdict(authorization: ["Bearer \(token)", "Bearer \(token)"], token: token), .wrong)
    }

    func testSameSecretComparesEveryByteAndNothingMatchesAnEmptySecret() {
        XCTAssertTrue(AccessCheck.sameSecret(Array("abc".utf8), Array("abc".utf8)))
        XCTAssertFalse(AccessCheck.sameSecret(Array("abd".utf8), Array("abc".utf8)))
        XCTAssertFalse(AccessCheck.sameSecret(Array("xbc".utf8), Array("abc".utf8)))
        XCTAssertFalse(AccessCheck.sameSecret(Array("abcabc".utf8), Array("abc".utf8)), "a repeated secret is not it")
        XCTAssertFalse(AccessCheck.sameSecret([], Array("abc".utf8)))
        XCTAssertFalse(AccessCheck.sameSecret([], []))
        XCTAssertFalse(AccessCheck.sameSecret(Array("a".utf8), []))
    }

    func testAClientIsBlockedAfterTheAllowedFailuresUntilTheWindowPasses() {
        var attempts = FailedAttempts(limit: 3, window: 60, capacity: 100)
        XCTAssertFalse(attempts.recordFailure(client: "10.0.0.1", now: 0))
        XCTAssertFalse(attempts.recordFailure(client: "10.0.0.1", now: 1))
        XCTAssertNil(attempts.retryAfter(client: "10.0.0.1", now: 1))
        XCTAssertTrue(attempts.recordFailure(client: "10.0.0.1", now: 2), "the third failure blocks")
        XCTAssertEqual(attempts.retryAfter(client: "10.0.0.1", now: 2), 60)
        XCTAssertEqual(attempts.retryAfter(client: "10.0.0.1", now: 32), 30)
        XCTAssertNil(attempts.retryAfter(client: "10.0.0.2", now: 32), "another client is not blocked")
        XCTAssertNil(attempts.retryAfter(client: "10.0.0.1", now: 62), "the window passed")
        // Counting starts again after the block.
        XCTAssertFalse(attempts.recordFailure(client: "10.0.0.1", now: 63))
        XCTAssertNil(attempts.retryAfter(client: "10.0.0.1", now: 63))
    }

    func testFailuresSpreadBeyondTheWindowDoNotBlock() {
        var attempts = FailedAttempts(limit: 3, window: 10, capacity: 100)
        for t in stride(from: 0.0, to: 200, by: 6) { attempts.recordFailure(client: "a", now: t) }
        XCTAssertNil(attempts.retryAfter(client: "a", now: 200))
    }

    func testASuccessForgetsTheFailures() {
        var attempts = FailedAttempts(limit: 3, window: 60, capacity: 100)
        attempts.recordFailure(client: "a", now: 0)
        attempts.recordFailure(client: "a", now: 1)
        attempts.recordSuccess(client: "a")
        XCTAssertFalse(attempts.recordFailure(client: "a", now: 2))
        XCTAssertEqual(attempts.count, 1)
    }

    func testTheTableStaysWithinItsCapacityWhateverTheClients() {
        var attempts = FailedAttempts(limit: 3, window: 60, capacity: 50)
        for i in 0..<10_000 { attempts.recordFailure(client: "10.\(i / 256).\(i % 256).1", now: Double(i) / 1000) }
        XCTAssertLessThanOrEqual(attempts.count, 50)
        // A blocked client among many newer ones stays blocked while it is among the newest.
        for _ in 0..<3 { attempts.recordFailure(client: "evil", now: 10) }
        XCTAssertNotNil(attempts.retryAfter(client: "evil", now: 11))
        // Expired entries are dropped first when room is needed.
        attempts.recordFailure(client: "late", now: 1000)
        XCTAssertEqual(attempts.count, 1)
    }
}
