import Foundation
import GalleryCore
import ImageLayer
import SDLKit
import XCTest
@testable import JXLKit

/// libjxl's allocations are capped (`JXLMemoryBudget`): past the cap a decode is refused, never a crash.
final class JXLMemoryBudgetTests: XCTestCase {
    func testTheBudgetCountsAndRefusesPastItsLimit() {
        let budget = JXLMemoryBudget(limit: 1000)
        XCTAssertTrue(budget.take(600))
        XCTAssertFalse(budget.take(401), "600 + 401 would pass 1000")
        XCTAssertTrue(budget.refused)
        XCTAssertEqual(budget.inUse, 600, "a refusal counts nothing")
        XCTAssertTrue(budget.take(400))
        budget.give(1000)
        XCTAssertEqual([budget.inUse, budget.peak], [0, 1000])
        XCTAssertFalse(budget.take(-1))
    }

    func testLibjxlsAllocatorRefusesPastTheBudgetAndFreesBack() throws {
        let budget = JXLMemoryBudget(limit: 4096)
        let manager = budget.manager
        let alloc = try XCTUnwrap(manager.alloc), free = try XCTUnwrap(manager.free)
        let block = try XCTUnwrap(alloc(manager.opaque, 1000))
        block.initializeMemory(as: UInt8.self, repeating: 7, count: 1000)
        XCTAssertGreaterThanOrEqual(budget.inUse, 1000)
        XCTAssertNil(alloc(manager.opaque, 4000), "past the budget: NULL, which libjxl reports as an error")
        XCTAssertNil(alloc(manager.opaque, Int.max), "a size that would overflow is refused, not wrapped")
        free(manager.opaque, block)
        free(manager.opaque, nil)
        XCTAssertEqual(budget.inUse, 0)
        XCTAssertNotNil(alloc(manager.opaque, 4000).map { free(manager.opaque, $0) }, "room again once freed")
    }

    /// A flat 256×192 JPEG XL made by cjxl (libjxl-tools).
    private func jxl() throws -> Data {
        XCTAssertNotNil(SharedSDL.system)
        let dir = NSTemporaryDirectory() + "tessera-jxl-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try Surface(width: 256, height: 192)
        s.fill(x: 0, y: 0, width: 256, height: 192, r: 40, g: 160, b: 60)
        try s.savePNG(to: dir + "/a.png")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["cjxl", dir + "/a.png", dir + "/a.jxl", "-d", "1"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return try XCTUnwrap(FileManager.default.contents(atPath: dir + "/a.jxl"), "cjxl: run make test-deps")
    }

    func testADecodeWithinTooSmallABudgetFailsCleanly() throws {
        let data = try jxl()
        let target = PixelSize(width: 128, height: 96)
        var decoder = ImageDecoder()
        let plan = try decoder.plan(data, target: target, requested: nil)
        let decoded = try decoder.decode(data, plan: plan, target: target).surface
        XCTAssertEqual([decoded.width, decoded.height], [128, 96], "within the default budget it decodes")
        for tiny in [0, 256] {
            decoder.limits.maxJXLDecodeBytes = tiny
            XCTAssertThrowsError(try decoder.decode(data, plan: plan, target: target), "\(tiny) bytes") { error in
                guard case .malformedHeader(.jxl, _)? = error as? ImageRefusal else { return XCTFail("\(error)") }
            }
        }
        // What libjxl itself held through the manager for this decode.
        let wrapper = try JXLDecoder(data, maxMemoryBytes: 64 << 20)
        var pixels = [UInt8](repeating: 0, count: 256 * 192 * 4)
        _ = try pixels.withUnsafeMutableBytes { try wrapper.nextFrame(into: $0.baseAddress!, byteCount: $0.count) }
        XCTAssertGreaterThan(wrapper.budget.peak, 0, "libjxl allocates through the budget")
        print("libjxl held at most \(wrapper.budget.peak) bytes through its memory manager for 256x192")
    }
}
