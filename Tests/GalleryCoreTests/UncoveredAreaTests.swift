import XCTest
@testable import GalleryCore

/// The background a frame fills around the cells instead of clearing the window: every pixel of the area is in
/// exactly one cell or exactly one gap.
final class UncoveredAreaTests: XCTestCase {
    /// Counts, for each pixel of `area`, how many of `rects` hold it.
    private func coverage(_ area: Rect, _ rects: [Rect]) -> [Int] {
        var count = [Int](repeating: 0, count: area.width * area.height)
        for r in rects {
            guard let c = r.clipped(to: area) else { continue }
            for y in c.y..<c.maxY { for x in c.x..<c.maxX { count[(y - area.y) * area.width + (x - area.x)] += 1 } }
        }
        return count
    }

    private func assertTiles(_ area: Rect, cells: [Rect], file: StaticString = #filePath, line: UInt = #line) {
        let gaps = area.uncovered(by: cells)
        XCTAssertTrue(gaps.allSatisfy { !$0.isEmpty && $0.clipped(to: area) == $0 }, "gaps stay inside", file: file, line: line)
        XCTAssertTrue(coverage(area, gaps + cells).allSatisfy { $0 == 1 }, "every pixel once", file: file, line: line)
    }

    func testNoCellsLeavesTheWholeArea() {
        let area = Rect(x: 0, y: 60, width: 100, height: 80)
        XCTAssertEqual(area.uncovered(by: []), [area])
    }

    func testACoveredAreaHasNoGaps() {
        let area = Rect(x: 0, y: 0, width: 40, height: 30)
        XCTAssertEqual(area.uncovered(by: [Rect(x: -5, y: -5, width: 60, height: 60)]), [])
    }

    func testTwoColumnsWithGuttersAndStaggeredCells() {
        // A masonry screen: margins, a gutter, cells cut off at the top and bottom of the area.
        let area = Rect(x: 0, y: 50, width: 120, height: 200)
        let cells = [Rect(x: 8, y: 20, width: 48, height: 70), Rect(x: 8, y: 98, width: 48, height: 90),
                     Rect(x: 8, y: 196, width: 48, height: 90), Rect(x: 64, y: 40, width: 48, height: 120),
                     Rect(x: 64, y: 168, width: 48, height: 50)]
        assertTiles(area, cells: cells)
        let gaps = area.uncovered(by: cells)
        // The left margin is one strip, the full height.
        XCTAssertTrue(gaps.contains(Rect(x: 0, y: 50, width: 8, height: 200)))
        // Below the last right-hand cell, down to the bottom edge.
        XCTAssertTrue(gaps.contains(Rect(x: 64, y: 218, width: 48, height: 32)))
    }

    func testRandomLayoutsAreTiledExactly() {
        var rng = SplitMix(state: 7)
        for _ in 0..<200 {
            let area = Rect(x: Int.random(in: 0..<10, using: &rng), y: Int.random(in: 0..<10, using: &rng),
                            width: Int.random(in: 1..<60, using: &rng), height: Int.random(in: 1..<60, using: &rng))
            // Columns of non-overlapping cells of random widths, some reaching outside the area.
            var cells: [Rect] = []
            var x = area.x - 5
            while x < area.maxX + 5 {
                let w = Int.random(in: 1..<20, using: &rng)
                var y = area.y - 10
                while y < area.maxY + 10 {
                    let h = Int.random(in: 1..<25, using: &rng)
                    if Bool.random(using: &rng) { cells.append(Rect(x: x, y: y, width: w, height: h)) }
                    y += h + Int.random(in: 0..<4, using: &rng)
                }
                x += w + Int.random(in: 0..<4, using: &rng)
            }
            assertTiles(area, cells: cells)
        }
    }
}
