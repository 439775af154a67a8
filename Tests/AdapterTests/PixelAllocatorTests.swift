import CPlatform
import XCTest

/// The allocator SDL is given for pixel buffers (CPlatform `tessera_pixels_*`): big blocks in mappings of their
/// own, freed ones kept as spares for the thread that freed them (frame thread or workers), everything else plain malloc.
final class PixelAllocatorTests: XCTestCase {
    private let big = 3 << 20

    override func tearDown() { tessera_pixels_keep_spares(0) }

    func testBigBlocksAreMappedAndGoBackWhole() throws {
        tessera_pixels_keep_spares(0)
        let before = tessera_pixels_mapped_count(), bytesBefore = tessera_pixels_mapped_bytes()
        let block = try XCTUnwrap(tessera_pixels_malloc(big))
        XCTAssertEqual(tessera_pixels_mapped_count(), before + 1)
        memset(block, 0x5A, big)
        tessera_pixels_free(block)
        XCTAssertEqual(tessera_pixels_mapped_count(), before)
        XCTAssertEqual(tessera_pixels_mapped_bytes(), bytesBefore, "with no spares allowed nothing stays mapped")
    }

    func testSmallBlocksAndForeignBlocksUseMalloc() throws {
        let before = tessera_pixels_mapped_count()
        let small = try XCTUnwrap(tessera_pixels_malloc(4096))
        XCTAssertEqual(tessera_pixels_mapped_count(), before)
        tessera_pixels_free(small)
        // A block malloc'd elsewhere (before SDL was given this allocator) is freed by free, not unmapped.
        let foreign = try XCTUnwrap(malloc(big))
        tessera_pixels_free(foreign)
        tessera_pixels_free(nil)
    }

    func testAFreedBlockIsReusedByTheFrameThreadAndZeroedForCalloc() throws {
        tessera_pixels_keep_spares(0)
        let bytesBefore = tessera_pixels_mapped_bytes()
        tessera_pixels_keep_spares(64 << 20)  // this thread takes spares from now on
        let first = try XCTUnwrap(tessera_pixels_malloc(big))
        memset(first, 0xFF, big)
        tessera_pixels_free(first)
        XCTAssertGreaterThanOrEqual(tessera_pixels_mapped_bytes(), bytesBefore + big, "kept as a spare")
        let again = try XCTUnwrap(tessera_pixels_calloc(1, big - 100))
        XCTAssertEqual(again, first, "the spare of about that size is taken")
        let bytes = again.assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue((0..<(big - 100)).allSatisfy { bytes[$0] == 0 }, "calloc's block is zeroed even when reused")
        tessera_pixels_free(again)
        // A block far smaller than every spare is mapped afresh rather than wasting one.
        let smaller = try XCTUnwrap(tessera_pixels_malloc(1 << 20))
        XCTAssertNotEqual(smaller, first)
        tessera_pixels_free(smaller)
        tessera_pixels_keep_spares(0)
        XCTAssertEqual(tessera_pixels_mapped_bytes(), bytesBefore, "keeping no spares unmaps them")
    }

    func testOtherThreadsDoNotTakeSpares() throws {
        tessera_pixels_keep_spares(64 << 20)
        let first = try XCTUnwrap(tessera_pixels_malloc(big))
        tessera_pixels_free(first)
        let fromWorker = Box<UInt>()
        let done = expectation(description: "worker allocated")
        Thread {
            fromWorker.set(UInt(bitPattern: tessera_pixels_malloc(3 << 20)))
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        let block = try XCTUnwrap(UnsafeMutableRawPointer(bitPattern: fromWorker.value ?? 0))
        XCTAssertNotEqual(block, first, "a worker maps its own; the spare waits for the frame thread")
        tessera_pixels_free(block)
    }

    func testWorkersReuseTheirOwnSparesAndNeverTheFrameThreads() throws {
        tessera_pixels_keep_spares(64 << 20)
        let blocks = Box<(UInt, UInt)>()
        let done = expectation(description: "worker allocated twice")
        Thread {
            // A decode's buffer, freed on the worker and asked for again by the next decode.
            let first = tessera_pixels_malloc(3 << 20)
            tessera_pixels_free(first)
            let second = tessera_pixels_malloc(3 << 20)
            blocks.set((UInt(bitPattern: first), UInt(bitPattern: second)))
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 10)
        let (first, second) = try XCTUnwrap(blocks.value)
        XCTAssertNotEqual(first, 0)
        XCTAssertEqual(first, second, "the worker's freed buffer is its next one: resident, no page faults")
        // The frame thread does not take it (the worker's block is still in use, and a worker spare is not its own).
        let frame = try XCTUnwrap(tessera_pixels_malloc(3 << 20))
        XCTAssertNotEqual(UInt(bitPattern: frame), second)
        tessera_pixels_free(frame)
        tessera_pixels_free(UnsafeMutableRawPointer(bitPattern: second))
    }

    func testReallocKeepsTheContents() throws {
        tessera_pixels_keep_spares(0)
        let block = try XCTUnwrap(tessera_pixels_malloc(big)).assumingMemoryBound(to: UInt8.self)
        for i in stride(from: 0, to: big, by: 4096) { block[i] = UInt8(truncatingIfNeeded: i >> 12) }
        let grown = try XCTUnwrap(tessera_pixels_realloc(block, 2 * big)).assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue(stride(from: 0, to: big, by: 4096).allSatisfy { grown[$0] == UInt8(truncatingIfNeeded: $0 >> 12) })
        tessera_pixels_free(grown)
    }
}
