import XCTest
@testable import GalleryCore

final class RedrawPartsTests: XCTestCase {
    private let window = Rect(x: 0, y: 60, width: 1280, height: 740)

    func testTwoCellsSideBySideAreOnePart() {
        let left = Rect(x: 12, y: 100, width: 622, height: 350), right = Rect(x: 646, y: 100, width: 622, height: 350)
        XCTAssertEqual(RedrawParts.parts(of: [left, right], within: window), [Rect(x: 12, y: 100, width: 1256, height: 350)])
    }

    func testCellsInOppositeCornersStayApart() {
        let a = Rect(x: 0, y: 60, width: 300, height: 200), b = Rect(x: 980, y: 600, width: 300, height: 200)
        let parts = RedrawParts.parts(of: [a, b], within: window)
        XCTAssertEqual(Set(parts), Set([a, b]))
    }

    func testACellUnderTheHeaderIsCutToTheGridAndOneOutsideIsLeftOut() {
        let underHeader = Rect(x: 12, y: 20, width: 622, height: 350), below = Rect(x: 12, y: 900, width: 622, height: 350)
        XCTAssertEqual(RedrawParts.parts(of: [underHeader, below], within: window), [Rect(x: 12, y: 60, width: 622, height: 310)])
        XCTAssertEqual(RedrawParts.parts(of: [below], within: window), [])
    }

    func testOverlappingPartsNeverStayApart() {
        // A wide box and a tall one crossing it: their box is much larger than both, but drawn apart the cross
        // would be drawn twice.
        let wide = Rect(x: 0, y: 400, width: 1280, height: 20), tall = Rect(x: 600, y: 60, width: 20, height: 740)
        XCTAssertEqual(RedrawParts.parts(of: [wide, tall], within: window), [window])
    }

    func testMergedPartsDoNotOverlapAnyOther() {
        let cells = (0..<6).map { Rect(x: ($0 % 2) * 640 + 10, y: 70 + ($0 / 2) * 240, width: 300 + $0 * 20, height: 200) }
        let parts = RedrawParts.parts(of: cells, within: window)
        for (i, a) in parts.enumerated() { for b in parts[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) \(b)") } }
        for cell in cells { XCTAssertTrue(parts.contains { $0.bounding(cell) == $0 }, "\(cell) not inside a part") }
    }
}
