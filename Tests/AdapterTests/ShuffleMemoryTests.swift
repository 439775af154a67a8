import CPlatform
import Foundation
@testable import GalleryCore
@testable import NetworkSources
import XCTest

/// Issue 43's bound on a shuffled library's memory, CI-sized: 200,000 Immich-shaped IDs (UUIDs) with upload times
/// listed into a `ShuffledPass` and a pass begun hold at most 100 bytes a photo of heap (glibc's `mallinfo2` after
/// `malloc_trim`; `tessera-bench --immich-listing 200000` measures the whole listing through the network, bound 200).
final class ShuffleMemoryTests: XCTestCase {
    private func heapInUse() -> Int {
        malloc_trim(0)
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    private static func uuid(_ i: Int) -> String {
        // Random-looking bits, as Immich's v4 UUIDs are.
        let a = UInt64(truncatingIfNeeded: i) &* 0x9E3779B97F4A7C15, b = (a ^ (a >> 29)) &* 0xBF58476D1CE4E5B9
        return ListedID.uuidText(high: a, low: b)
    }

    func testTwoHundredThousandListedPhotosHoldAtMostAHundredBytesEach() {
        let count = 200_000
        let before = heapInUse()
        var pass = ShuffledPass(seed: 11, now: { 2_000_000_000 })
        do {
            let listing = (0..<count).map { ShuffledPass.Listed(id: ShuffleMemoryTests.uuid($0), arrived: 1_700_000_000 + Int64($0)) }
            pass.list(listing)
        }
        let page = pass.page(1, limit: 30)
        let bytes = Double(heapInUse() - before) / Double(count)
        XCTAssertEqual(pass.count, count)
        XCTAssertEqual(page.count, 30)
        XCTAssertLessThanOrEqual(bytes, 100, "bytes a photo held by the pass: \(bytes)")
        print("ShuffleMemoryTests: \(bytes) bytes a photo")
    }

    func testAListedUUIDIsThirtyTwoBytesWithNothingOnTheHeap() {
        XCTAssertEqual(MemoryLayout<ShuffledPass.Listed>.stride, 32)
        let before = heapInUse()
        let listing = (0..<50_000).map { ShuffledPass.Listed(id: ShuffleMemoryTests.uuid($0), arrived: Int64($0)) }
        XCTAssertLessThanOrEqual(Double(heapInUse() - before) / 50_000, 33, "the array alone")
        XCTAssertEqual(listing[7].id, ShuffleMemoryTests.uuid(7))
        XCTAssertEqual(listing[7].arrived, 7)
        XCTAssertNil(ShuffledPass.Listed(id: "x").arrived)
    }

    func testUUIDsReadBackAsListedAndThePassIsInRankOrder() {
        var ids = (0..<3_000).map(ShuffleMemoryTests.uuid)
        // Not packed: upper case (it would not read back the same), a first half of all ones, other shapes.
        ids += ["0000ABCD-0000-4000-8000-000000000001", "ffffffff-ffff-ffff-0000-000000000001", "42", "asset-7", ""]
        for id in ids.prefix(3_000) { XCTAssertEqual(ListedID(id).string, id); XCTAssertTrue(ListedID(id).isUUID) }
        XCTAssertFalse(ListedID("0000ABCD-0000-4000-8000-000000000001").isUUID)
        XCTAssertFalse(ListedID("0000abcd_0000-4000-8000-000000000001").isUUID)
        var pass = ShuffledPass(seed: 99, now: { 1 })
        pass.list(ids.filter { !$0.isEmpty }.map { ShuffledPass.Listed(id: $0, arrived: 0) })
        let served = pass.page(1, limit: 10_000).map(\.id)
        let expected = ids.filter { !$0.isEmpty }.sorted { a, b in
            let ra = ShowPlace.rank(ShuffledPass.idHash(a), seed: 99, pass: 1), rb = ShowPlace.rank(ShuffledPass.idHash(b), seed: 99, pass: 1)
            return ra != rb ? ra < rb : a < b
        }
        XCTAssertEqual(served, expected, "each ID as listed, in rank order")
        XCTAssertNotNil(pass.noteShown(id: "ffffffff-ffff-ffff-0000-000000000001"))
        XCTAssertNotNil(pass.noteShown(id: ids[1_234]))
        XCTAssertNil(pass.noteShown(id: ShuffleMemoryTests.uuid(5_000)), "not listed")
    }
}
