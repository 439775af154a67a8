import XCTest
@testable import GalleryCore

/// The frame's clock in pixels at a phone-sized portrait panel, a 1080p one and a 4K one: large digits 8 % of the
/// window's height, huge a fifth, both smaller where the words would not fit across; every place inside the window,
/// its inset off the edges it stands at; the date line under the time, flush with the box's side.
final class ClockLayoutTests: XCTestCase {
    private let windows = [PixelSize(width: 480, height: 800), PixelSize(width: 1920, height: 1080),
                           PixelSize(width: 3840, height: 2160)]
    /// DejaVu Sans Bold: "07:05" is 3.18 em wide, "Wednesday, September 30" 12.4 em; a line skip is 1.164 em.
    private let timeEms = 3.18, dateEms = 12.4, lineSkip = 1.164

    /// The box the view would measure for `style` at `window`.
    private func box(_ style: ClockStyle, _ window: PixelSize) throws -> (frame: Rect, time: Rect, date: Rect?, letters: (time: Int, date: Int)) {
        let letters = try XCTUnwrap(ClockLayout.lettering(style.size, window: window, timeEms: timeEms,
                                                          dateEms: style.showsDate ? dateEms : nil))
        func line(_ ems: Double, _ px: Int) -> PixelSize {
            PixelSize(width: Int((ems * Double(px)).rounded(.up)), height: Int((lineSkip * Double(px)).rounded(.up)))
        }
        let arranged = ClockLayout.arrange(time: line(timeEms, letters.time),
                                           date: style.showsDate ? line(dateEms, letters.date) : nil, spot: style.spot)
        let placement = OverlayPlacement(style.spot, inset: ClockLayout.inset(style.size))
        let frame = placement.frame(size: arranged.size, in: Rect(x: 0, y: 0, width: window.width, height: window.height))
        return (frame, arranged.time, arranged.date, letters)
    }

    func testLargeDigitsAreEightPercentOfTheWindowsHeightAndHugeAFifth() throws {
        XCTAssertNil(ClockLayout.timePixels(.small, window: windows[1]), "the small clock is the header's lettering")
        for window in windows {
            let large = try XCTUnwrap(ClockLayout.timePixels(.large, window: window))
            XCTAssertEqual(Double(large) * ClockLayout.digitsPerEm / Double(window.height), 0.08, accuracy: 0.002, "\(window)")
            let huge = try XCTUnwrap(ClockLayout.timePixels(.huge, window: window))
            XCTAssertEqual(Double(huge) * ClockLayout.digitsPerEm / Double(window.height), 0.2, accuracy: 0.002)
        }
        XCTAssertEqual(ClockLayout.timePixels(.large, window: windows[1]), 119, "86 px digits at 1080p")
    }

    func testTheWordsFitAcrossANarrowWindow() throws {
        let portrait = windows[0]
        let huge = try box(ClockStyle(size: .huge, showsDate: true), portrait)
        XCTAssertLessThan(huge.letters.time, ClockLayout.timePixels(.huge, window: portrait)!, "smaller than a fifth")
        let reach = Int(Double(huge.letters.time) * ClockLayout.shadeReach)
        XCTAssertGreaterThanOrEqual(huge.frame.x - reach, 0, "the shade inside the window too")
        XCTAssertLessThanOrEqual(huge.frame.maxX + reach, portrait.width)
        // The date line (12 em) is made smaller than its share rather than cut.
        XCTAssertLessThan(huge.letters.date, Int(Double(huge.letters.time) * ClockLayout.dateShare))
        let large = try box(ClockStyle(size: .large, showsDate: true), portrait)
        let nominal = try XCTUnwrap(ClockLayout.timePixels(.large, window: portrait))
        XCTAssertLessThanOrEqual(large.letters.time, nominal)
        XCTAssertGreaterThan(Double(large.letters.time), Double(nominal) * 0.95, "large all but fits 480 px as it is")
        let wide = try box(ClockStyle(size: .large, showsDate: true), windows[1])
        XCTAssertEqual(wide.letters.time, ClockLayout.timePixels(.large, window: windows[1]), "its 8 % at 1080p")
        XCTAssertEqual(wide.letters.date, Int(Double(wide.letters.time) * ClockLayout.dateShare), "its share at 1080p")
    }

    func testEveryPlaceStandsInsideTheWindowAtItsInset() throws {
        for window in windows {
            for size in ClockStyle.Size.allCases {
                let inset = ClockLayout.inset(size)
                for spot in ClockStyle.places.map(\.spot) {
                    let style = ClockStyle(size: size, spot: spot, showsDate: true)
                    let frame = size == .small ? smallBox(style, window) : try box(style, window).frame
                    let label = "\(size) \(spot) at \(window)"
                    XCTAssertGreaterThanOrEqual(frame.x, inset, label)
                    XCTAssertGreaterThanOrEqual(frame.y, inset, label)
                    XCTAssertLessThanOrEqual(frame.maxX, window.width - inset, label)
                    XCTAssertLessThanOrEqual(frame.maxY, window.height - inset, label)
                    switch spot {
                    case .topLeft: XCTAssertEqual([frame.x, frame.y], [inset, inset], label)
                    case .bottomRight:
                        XCTAssertEqual([frame.maxX, frame.maxY], [window.width - inset, window.height - inset], label)
                    case .topBand, .bottomBand, .centred:
                        XCTAssertLessThanOrEqual(abs(frame.x + frame.maxX - window.width), 1, "centred across: \(label)")
                    default: break
                    }
                    if spot == .centred { XCTAssertLessThanOrEqual(abs(frame.y + frame.maxY - window.height), 1, label) }
                }
            }
        }
        let oneK = try box(ClockStyle(size: .large, spot: .bottomLeft), windows[1])
        XCTAssertEqual(oneK.frame, Rect(x: 48, y: 1080 - 48 - 139, width: 379, height: 139))
    }

    /// The small clock in the header's title (20 px) and body (14 px), as the view measures them.
    private func smallBox(_ style: ClockStyle, _ window: PixelSize) -> Rect {
        let arranged = ClockLayout.arrange(time: PixelSize(width: 60, height: 24), date: PixelSize(width: 170, height: 17),
                                           spot: style.spot)
        return OverlayPlacement(style.spot, inset: 32).frame(size: arranged.size,
                                                             in: Rect(x: 0, y: 0, width: window.width, height: window.height))
    }

    func testTheDateStandsUnderTheTimeFlushWithTheCornersSide() {
        let time = PixelSize(width: 300, height: 100), date = PixelSize(width: 420, height: 40)
        let left = ClockLayout.arrange(time: time, date: date, spot: .bottomLeft)
        XCTAssertEqual(left.size, PixelSize(width: 420, height: 140))
        XCTAssertEqual(left.time, Rect(x: 0, y: 0, width: 300, height: 100))
        XCTAssertEqual(left.date, Rect(x: 0, y: 100, width: 420, height: 40))
        let right = ClockLayout.arrange(time: time, date: date, spot: .topRight)
        XCTAssertEqual(right.time.maxX, 420)
        XCTAssertEqual(right.date?.maxX, 420)
        let band = ClockLayout.arrange(time: time, date: date, spot: .bottomBand)
        XCTAssertEqual(band.time.x, 60, "centred over the date")
        let alone = ClockLayout.arrange(time: time, date: nil, spot: .centred)
        XCTAssertEqual(alone.size, time)
        XCTAssertNil(alone.date)
    }
}
