import Foundation
import GalleryCore
import SDLKit
import XCTest

/// The wall for a desk, by its pixels: Ctrl+wheel (and a pinch, and the commands) change the columns, and the
/// choice is kept in the library across a kill -9; a folder by date stands under its months' headings; the list
/// says what each photo is beside it. The photos are flat, saturated colours, so cells are told from the
/// background, the headings' and the list's words (greys) by colour alone.
final class WallZoomUITests: XSessionTestCase {
    private var photos: String { root + "/photos" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    }

    /// Twelve flat JPEGs, each its own colour: November 2026 (four, two days), October 2026 (four), September 2025
    /// (four), by their files' times (no EXIF: the folder sorts by the file's time).
    private func makeFolder(width: Int = 400, height: Int = 300) throws {
        let days: [(Int, Int, Int)] = [(2026, 11, 3), (2026, 11, 3), (2026, 11, 1), (2026, 11, 1), (2026, 10, 2),
                                       (2026, 10, 2), (2026, 10, 2), (2026, 10, 2), (2025, 9, 9), (2025, 9, 9),
                                       (2025, 9, 9), (2025, 9, 9)]
        for (i, day) in days.enumerated() {
            let s = try Surface(width: width, height: height)
            let hue = Double(i) / Double(days.count)
            let (r, g, b) = WallZoomUITests.saturated(hue)
            s.fill(x: 0, y: 0, width: width, height: height, r: r, g: g, b: b)
            let path = photos + "/photo\(i).jpg"
            try s.jpegData(quality: 95).write(to: URL(fileURLWithPath: path))
            let seconds = PhotoDateFilter.seconds(of: .init(year: day.0, month: day.1, day: day.2)) + 12 * 3600 - Int64(i)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))],
                                                  ofItemAtPath: path)
        }
    }

    /// A bright colour around the wheel (never grey: one channel high, one low).
    static func saturated(_ hue: Double) -> (UInt8, UInt8, UInt8) {
        let h = hue * 6, x = UInt8(40 + 180 * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)))
        switch Int(h) {
        case 0: return (220, x, 40)
        case 1: return (x, 220, 40)
        case 2: return (40, 220, x)
        case 3: return (40, x, 220)
        case 4: return (x, 40, 220)
        default: return (220, 40, x)
        }
    }

    private static func isPhoto(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 80
    }

    private static func isWords(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        !isPhoto(p) && min(p.r, p.g, p.b) > 110
    }

    /// Cells across the wall: the most runs of photo pixels (each at least 40 wide) on one row of the grid.
    static func columns(in shot: Surface, from top: Int = 60) -> Int {
        stride(from: top, to: shot.height - 4, by: 6).map { y -> Int in
            var runs = 0, run = 0
            for x in 0..<shot.width {
                if isPhoto(shot.pixel(x: x, y: y)) { run += 1 } else { if run >= 40 { runs += 1 }; run = 0 }
            }
            return runs + (run >= 40 ? 1 : 0)
        }.max() ?? 0
    }

    /// Bands across the wall at least 40 rows tall with no photo in them and words in them (a heading), above the
    /// last row that shows a photo.
    static func headingBands(in shot: Surface, from top: Int = 48) -> Int {
        let rows = (top..<shot.height).map { y in
            (photo: (0..<shot.width).contains { isPhoto(shot.pixel(x: $0, y: y)) },
             words: stride(from: 0, to: shot.width, by: 1).contains { isWords(shot.pixel(x: $0, y: y)) })
        }
        guard let last = rows.lastIndex(where: \.photo) else { return 0 }
        var bands = 0, run = 0, words = false
        for row in rows[...last] {
            if row.photo {
                if run >= 40 && words { bands += 1 }
                run = 0; words = false
            } else {
                run += 1; words = words || row.words
            }
        }
        return bands
    }

    private func launch() throws -> String {
        try x.launch([photos, "--name", "T", "--library-dir", root + "/data", "--no-cache", "--renderer", "software",
                      "--size", "1280x900"])
    }

    func testCtrlWheelChangesTheColumnsAndTheChoiceSurvivesAKill() throws {
        try makeFolder()
        let first = try launch()
        let two = try x.waitForFrame(first, "two columns of photos") { WallZoomUITests.columns(in: $0) == 2 }
        XCTAssertEqual(WallZoomUITests.headingBands(in: two), 0, "two columns: the brief's wall, no headings")
        // Wheel down with Ctrl held: smaller photos, a column more a notch.
        try x.tool(["xdotool", "mousemove", "--window", first, "640", "500"])
        try x.tool(["xdotool", "keydown", "ctrl", "click", "5", "click", "5", "keyup", "ctrl"])
        let four = try x.waitForFrame(first, "four columns") { WallZoomUITests.columns(in: $0) == 4 }
        XCTAssertEqual(WallZoomUITests.headingBands(in: four), 3, "four columns: a heading for each of three months")
        // Killed as a power cut would: the library has the choice already.
        x.killApp()
        let again = try launch()
        try x.waitForFrame(again, "four columns after a restart") { WallZoomUITests.columns(in: $0) == 4 }
        try x.tool(["xdotool", "keydown", "ctrl", "click", "4", "keyup", "ctrl"])
        try x.waitForFrame(again, "three columns") { WallZoomUITests.columns(in: $0) == 3 }
        try x.tool(["xdotool", "key", "--window", again, "ctrl+0"])
        try x.waitForFrame(again, "two columns again") { WallZoomUITests.columns(in: $0) == 2 }
    }

    private func run(_ arguments: [String]) throws -> Surface {
        let run = try AppProcess.run([photos, "--no-cache", "--size", "1280x1000"] + arguments)
        return try XCTUnwrap(run.frame, run.log)
    }

    func testTheCommandsAndAPinchChangeTheColumnsAndAFolderByDateShowsItsMonths() throws {
        try makeFolder()
        let two = try run([])
        XCTAssertEqual(WallZoomUITests.columns(in: two), 2)
        XCTAssertEqual(WallZoomUITests.headingBands(in: two), 0)
        let four = try run(["--script", "more-columns,more-columns"])
        XCTAssertEqual(WallZoomUITests.columns(in: four), 4)
        XCTAssertEqual(WallZoomUITests.headingBands(in: four), 3, "November 2026, October 2026, September 2025")
        let byName = try run(["--script", "more-columns,more-columns", "--sort", "name"])
        XCTAssertEqual(WallZoomUITests.columns(in: byName), 4)
        XCTAssertEqual(WallZoomUITests.headingBands(in: byName), 0, "a folder by name has no date headings")
        let pinched = try run(["--script", "pinch:640:500:0.6"])
        XCTAssertGreaterThan(WallZoomUITests.columns(in: pinched), 2, "fingers closing: smaller photos, more columns")
    }

    func testTheListSaysEachPhotosNameDateAndSizeBesideIt() throws {
        try makeFolder(width: 300, height: 1200)
        let list = try run(["--script", "view"])
        // The tall photo is fitted in the middle of its row; the words stand in the room right of it.
        // Clear of the focus ring along the cell's edges and of the star in its corner.
        let rows = 64..<min(list.height, 900), xs = 0..<(list.width - 60)
        let photoXs = xs.filter { WallZoomUITests.isPhoto(list.pixel(x: $0, y: 300)) }
        let right = try XCTUnwrap(photoXs.max(), "a photo in the list")
        let lines = rows.filter { y in (right + 12..<xs.upperBound).contains { WallZoomUITests.isWords(list.pixel(x: $0, y: y)) } }
        var groups = 0, previous = -10
        for y in lines { if y > previous + 2 { groups += 1 }; previous = y }
        XCTAssertGreaterThanOrEqual(groups, 3, "the name, 'Modified …' and the pixels with the bytes: \(groups) lines")
    }
}
