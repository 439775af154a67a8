import Foundation
@testable import GalleryCore
@testable import NetworkSources
import XCTest

/// A network shuffle's listing (Immich, Lorem Picsum) is looked at again when it is `relistAfter` seconds old, and
/// that age is counted by a clock that only moves forward, not the wall clock: a frame whose wall clock is set back
/// (a Raspberry Pi before NTP answers) or jumps forward (when it does) lists neither never again nor at once.
final class ListedShuffleClockTests: XCTestCase {
    private final class Clocks: @unchecked Sendable {
        var wall = 1_800_000_000.0
        var uptime = 100.0
        var listings = 0
    }

    private static let year = 365 * 86_400.0

    private func shuffle(_ clocks: Clocks) -> ListedShuffle {
        ListedShuffle(relistAfter: 3_600, seed: 7, clock: { clocks.wall }, elapsed: { clocks.uptime }) { done in
            clocks.listings += 1
            done(.success(photos(0..<300).map { ShuffledPass.Listed($0) }))
        }
    }

    private func page(_ shuffle: ListedShuffle, _ n: Int) throws {
        let answered = expectation(description: "page \(n)")
        var result: Result<PageContents, SourceError>?
        _ = shuffle.fetchPage(n, limit: 30) { result = $0; answered.fulfill() }
        wait(for: [answered], timeout: 10)
        XCTAssertEqual(try XCTUnwrap(result).get().photos.count, 30)
    }

    func testAWallClockSetBackAYearDoesNotKeepTheListingNewForAYear() throws {
        let clocks = Clocks()
        let shuffle = shuffle(clocks)
        try page(shuffle, 1)
        try page(shuffle, 2)
        XCTAssertEqual(clocks.listings, 1)
        clocks.wall -= ListedShuffleClockTests.year
        clocks.uptime += 3_601
        try page(shuffle, 3)
        XCTAssertEqual(clocks.listings, 2, "an hour on, the catalogue is listed again whatever the wall clock says")
    }

    func testAWallClockJumpingAYearForwardDoesNotMakeTheListingStale() throws {
        let clocks = Clocks()
        let shuffle = shuffle(clocks)
        try page(shuffle, 1)
        clocks.wall += ListedShuffleClockTests.year
        clocks.uptime += 10
        try page(shuffle, 2)
        try page(shuffle, 3)
        XCTAssertEqual(clocks.listings, 1, "ten seconds on, the listing is as good as it was")
    }
}
