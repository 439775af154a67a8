import GalleryCore
import XCTest

/// A screen read right to left: the layout's rectangles, points, finger shares and corners on the mirrored screen.
final class MirrorTests: XCTestCase {
    func testOnlyARightToLeftLanguageMirrors() {
        XCTAssertNotNil(Mirror(width: 1280, for: Language("ar_EG")))
        XCTAssertNotNil(Mirror(width: 1280, for: Language("he")))
        XCTAssertNil(Mirror(width: 1280, for: Language("en_US")))
        XCTAssertNil(Mirror(width: 1280, for: Language("de")))
    }

    func testARectangleLandsAsFarFromTheRightAsItWasFromTheLeft() {
        let mirror = Mirror(width: 1280)
        XCTAssertEqual(mirror.x(0, width: 100), 1180)
        XCTAssertEqual(mirror.x(1180, width: 100), 0)
        XCTAssertEqual(mirror.x(0, width: 1280), 0, "the whole width stays")
        XCTAssertEqual(mirror.x(600, width: 80), 600, "a centred box stays centred")
        let header = Rect(x: 8, y: 0, width: 200, height: 44)
        XCTAssertEqual(mirror.rect(header), Rect(x: 1072, y: 0, width: 200, height: 44))
        XCTAssertEqual(mirror.rect(mirror.rect(header)), header, "twice is the identity")
    }

    func testAPointerOnAMirroredPixelHitsTheRectangleDrawnThere() {
        let mirror = Mirror(width: 480)
        let button = Rect(x: 400, y: 8, width: 36, height: 36)
        let drawn = mirror.rect(button)
        // Every pixel of the button as drawn maps back into the button as laid out, and none outside does.
        for x in 0..<480 {
            XCTAssertEqual(button.contains(x: mirror.point(x), y: 20), drawn.contains(x: x, y: 20), "pixel \(x)")
        }
        XCTAssertEqual(mirror.point(mirror.point(17)), 17)
    }

    func testFingersAreMirroredAsSharesOfTheWindow() {
        let mirror = Mirror(width: 1280)
        XCTAssertEqual(mirror.share(0.25), 0.75)
        XCTAssertEqual(mirror.share(0.5), 0.5)
        XCTAssertEqual(mirror.share(0), 1)
    }

    func testCornersSwapSidesAndBandsStay() {
        XCTAssertEqual(OverlayPlacement.Spot.bottomLeft.mirrored, .bottomRight)
        XCTAssertEqual(OverlayPlacement.Spot.topRight.mirrored, .topLeft)
        for spot in [OverlayPlacement.Spot.topBand, .bottomBand, .centred, .fullScreen] { XCTAssertEqual(spot.mirrored, spot) }
        for spot in OverlayPlacement.Spot.allCases { XCTAssertEqual(spot.mirrored.mirrored, spot) }
        // A corner asked for mirrored in the layout lands in the named corner once the layout is mirrored.
        let area = Rect(x: 0, y: 0, width: 1280, height: 800), size = PixelSize(width: 200, height: 80)
        let mirror = Mirror(width: 1280)
        let laidOut = OverlayPlacement(OverlayPlacement.Spot.bottomLeft.mirrored, inset: 24).frame(size: size, in: area)
        XCTAssertEqual(mirror.rect(laidOut), OverlayPlacement(.bottomLeft, inset: 24).frame(size: size, in: area))
    }

    func testOnlyArrowsAlongTheReadingTurnRound() {
        let turning = Set(Icon.allCases.filter(\.pointsAlongReading))
        XCTAssertEqual(turning, [.arrowBack, .arrowForward, .chevronLeft, .chevronRight])
        for icon in [Icon.star, .delete, .playArrow, .rotateLeft, .history, .search] { XCTAssertFalse(icon.pointsAlongReading) }
        // Without the icon font, the glyph that stands for an arrow along the reading is swapped for its opposite.
        XCTAssertEqual(Icon.glyph("‹", mirrored: true), "›")
        XCTAssertEqual(Icon.glyph("→", mirrored: true), "←")
        XCTAssertEqual(Icon.glyph("→", mirrored: false), "→")
        XCTAssertEqual(Icon.glyph("★", mirrored: true), "★")
        for glyph in ["‹", "›", "←", "→"] {
            XCTAssertEqual(Icon.standing(for: Icon.glyph(glyph, mirrored: true))?.pointsAlongReading, true, glyph)
        }
    }
}
