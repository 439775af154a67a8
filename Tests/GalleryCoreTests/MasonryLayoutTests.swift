import XCTest
@testable import GalleryCore

final class MasonryLayoutTests: XCTestCase {
    func testTwoEqualColumnsWithAConstantGap() {
        var layout = MasonryLayout(width: 1280, metrics: .init(columns: 2, gap: 12))
        layout.append(photos(0..<2))
        let a = layout.frames[0], b = layout.frames[1]
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.x, 12)
        XCTAssertEqual(b.x - a.maxX, 12, "gap between columns")
        XCTAssertEqual(1280 - b.maxX, 12, "gap at the right edge")
        XCTAssertEqual(a.y, 12)
        XCTAssertEqual(b.y, 12)
    }

    func testCellsKeepTheirPhotosAspectRatio() {
        var layout = MasonryLayout(width: 1280)
        layout.append(aspect: 5000, height: 3333)
        layout.append(aspect: 2000, height: 3000)
        XCTAssertEqual(Double(layout.frames[0].width) / Double(layout.frames[0].height), 5000.0 / 3333, accuracy: 0.01)
        XCTAssertEqual(Double(layout.frames[1].width) / Double(layout.frames[1].height), 2000.0 / 3000, accuracy: 0.01)
    }

    func testEachNewItemGoesToTheShorterColumn() {
        var layout = MasonryLayout(width: 1000, metrics: .init(columns: 2, gap: 10))
        layout.append(aspect: 1, height: 3)  // tall, left
        layout.append(aspect: 2, height: 1)  // wide, right
        layout.append(aspect: 2, height: 1)  // right is shorter: right again
        XCTAssertEqual(layout.frames[2].x, layout.frames[1].x)
        XCTAssertEqual(layout.frames[2].y, layout.frames[1].maxY + 10)
        layout.append(aspect: 2, height: 1)
        layout.append(aspect: 2, height: 1)
        // Whichever column is chosen, it was the shorter one when the item was placed.
        var bottoms = [10, 10]
        for frame in layout.frames {
            let column = frame.x == 10 ? 0 : 1
            XCTAssertEqual(bottoms[column], bottoms.min()!, "item placed in the taller column")
            XCTAssertEqual(frame.y, bottoms[column])
            bottoms[column] = frame.maxY + 10
        }
    }

    func testAppendingNeverMovesExistingCells() {
        var layout = MasonryLayout(width: 1280)
        layout.append(photos(0..<30, w: 400, h: 600))
        let before = layout.frames
        layout.append(photos(30..<60, w: 600, h: 400))
        XCTAssertEqual(Array(layout.frames.prefix(30)), before)
    }

    func testExtremeAspectRatiosAreClamped() {
        var layout = MasonryLayout(width: 1280)
        layout.append(aspect: 1, height: 100_000)
        layout.append(aspect: 100_000, height: 1)
        XCTAssertLessThanOrEqual(layout.frames[0].height, layout.columnWidth * 2 + 1)
        XCTAssertGreaterThanOrEqual(layout.frames[1].height, layout.columnWidth / 3 - 1)
    }

    func testVisibleQueryMatchesAFullScan() {
        var rng = SplitMix(state: 7)
        var layout = MasonryLayout(width: 1280)
        for _ in 0..<3000 { layout.append(aspect: rng.int(200...5000), height: rng.int(200...5000)) }
        for _ in 0..<300 {
            let top = rng.int(-500...layout.contentHeight), height = rng.int(1...1600)
            let expected = layout.frames.indices.filter {
                layout.frames[$0].y < top + height && layout.frames[$0].maxY > top
            }
            XCTAssertEqual(layout.indices(intersecting: top, top + height), expected)
        }
    }

    func testHitTesting() {
        var layout = MasonryLayout(width: 1280)
        layout.append(photos(0..<10))
        let f = layout.frames[3]
        XCTAssertEqual(layout.index(at: f.x + 5, y: f.y + 5), 3)
        XCTAssertNil(layout.index(at: 5, y: f.y + 5), "the gap is not a cell")
    }

    func testRelayoutForANewWidthKeepsOrderAndColumns() {
        var layout = MasonryLayout(width: 1280)
        layout.append(photos(0..<20, w: 300, h: 450))
        layout.relayout(width: 800)
        XCTAssertEqual(layout.count, 20)
        XCTAssertEqual(layout.frames[0].width, (800 - 36) / 2)
        XCTAssertEqual(layout.frames[0].height, Int((Double((800 - 36) / 2) * 1.5).rounded()))
        var fresh = MasonryLayout(width: 800)
        fresh.append(photos(0..<20, w: 300, h: 450))
        XCTAssertEqual(layout.frames, fresh.frames)
    }
}

final class LayoutCountingTests: XCTestCase {
    func testCountEndingAboveMatchesAScan() {
        var rng = SplitMix(state: 3)
        var layout = MasonryLayout(width: 1280)
        for _ in 0..<2000 { layout.append(aspect: rng.int(300...4000), height: rng.int(300...4000)) }
        for _ in 0..<200 {
            let y = rng.int(0...layout.contentHeight)
            XCTAssertEqual(layout.countEnding(atOrAbove: y), layout.frames.filter { $0.maxY <= y }.count)
        }
    }

    func testPercentiles() {
        let p = Percentiles((1...100).map(Double.init))
        XCTAssertEqual(p.p50, 50)
        XCTAssertEqual(p.p95, 95)
        XCTAssertEqual(p.p99, 99)
        XCTAssertEqual(p.max, 100)
        XCTAssertEqual(Percentiles([]).p99, 0)
        XCTAssertEqual(Percentiles([7]).p50, 7)
    }
}

final class CentredCropTests: XCTestCase {
    func testACropKeepsTheFramesShapeAndIsCentred() {
        let cell = Rect(x: 10, y: 20, width: 600, height: 400)
        // Same shape: the whole picture.
        XCTAssertEqual(cell.centredCrop(ofWidth: 300, height: 200), Rect(x: 0, y: 0, width: 300, height: 200))
        // Wider picture: the sides go.
        XCTAssertEqual(cell.centredCrop(ofWidth: 800, height: 400), Rect(x: 100, y: 0, width: 600, height: 400))
        // Taller picture: top and bottom go.
        XCTAssertEqual(cell.centredCrop(ofWidth: 300, height: 300), Rect(x: 0, y: 50, width: 300, height: 200))
        XCTAssertEqual(Rect(x: 0, y: 0, width: 0, height: 10).centredCrop(ofWidth: 5, height: 5).width, 5)
    }
}
