import Foundation
import SDLKit
import XCTest

/// The frame's large clock, by pixels, at 1920x1080 (`--clock large`): its digits 8 % of the window's height in the
/// bottom-right corner, legible on a pure white photo and on a pure black one (the words light, on a soft dark
/// shade with a shadow), the shade feathered rather than a hard box. The wall clock is put at 12:34 (libfaketime), so
/// the two photos show the same words and the black photo's light pixels say where the words are on the white one.
final class LargeClockUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)
    private var root = ""
    /// The part of the window the clock stands in: the bottom-right corner, well clear of the header.
    private let region = (x: 1920 - 760, y: 1080 - 320, width: 760, height: 320)

    override func setUpWithError() throws {
        XCTAssertNotNil(LargeClockUITests.sdl)
        root = NSTemporaryDirectory() + "tessera-large-clock-\(UUID().uuidString)"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        for colour in ["white", "black"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(colour)", withIntermediateDirectories: true)
            try convert(["-size", "1920x1080", "xc:\(colour)", "\(root)/\(colour)/photo.png"])
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func convert(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    /// The slideshow of `colour`'s one photo at 12:34:10, its frame a second later.
    private func show(_ colour: String, _ clock: String = "large") throws -> Surface {
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "1920x1080", "--mode", "slideshow",
                                      "--clock", clock, "--clock-hours", "24", "--script", "wait:1", "\(root)/\(colour)"],
                                     environment: try FakeClock.environment("@2026-11-28 12:34:10"))
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("overlays: captions, clock"), run.log)
        return try XCTUnwrap(run.frame, run.log)
    }

    private func light(_ frame: Surface, _ x: Int, _ y: Int) -> Double {
        let p = frame.pixel(x: x, y: y)
        return (Double(p.r) + Double(p.g) + Double(p.b)) / 3
    }

    /// WCAG's contrast of two greys (0…255): 1 (none) to 21 (black on white).
    private func contrast(_ a: Double, _ b: Double) -> Double {
        func luminance(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    func testTheLargeClockIsEightPercentOfTheHeightAndLegibleOnWhiteAndOnBlack() throws {
        let black = try show("black"), white = try show("white")
        // On black only the words are light: they say where the ink is.
        var ink: [(Int, Int)] = [], ground: [(Int, Int)] = []
        for y in region.y..<region.y + region.height {
            for x in region.x..<region.x + region.width {
                let v = light(black, x, y)
                if v > 200 { ink.append((x, y)) } else if v < 16 { ground.append((x, y)) }
            }
        }
        XCTAssertGreaterThan(ink.count, 2000, "the digits' light pixels in the bottom-right corner")
        let top = ink.map(\.1).min()!, bottom = ink.map(\.1).max()!
        let left = ink.map(\.0).min()!, right = ink.map(\.0).max()!
        let share = Double(bottom - top + 1) / 1080
        XCTAssertEqual(share, 0.08, accuracy: 0.012, "the digits stand 8 % of the window's height: \(bottom - top + 1) px")
        XCTAssertGreaterThan(right, 1920 - 80, "at the right edge, its inset off it")
        XCTAssertLessThan(right, 1920 - 40)
        XCTAssertGreaterThan(right - left, 200, "\"12:34\" across")
        XCTAssertLessThan(bottom, 1080 - 40, "off the foot")

        // Inside the clock's box, the words against what is round them, on both photos.
        let between = ground.filter { $0.0 >= left && $0.0 <= right && $0.1 >= top && $0.1 <= bottom }
        XCTAssertGreaterThan(between.count, 2000, "ground between the digits")
        for (name, frame) in [("black", black), ("white", white)] {
            let words = ink.map { light(frame, $0.0, $0.1) }.reduce(0, +) / Double(ink.count)
            let round = between.map { light(frame, $0.0, $0.1) }.reduce(0, +) / Double(between.count)
            let ratio = contrast(words, round)
            XCTAssertGreaterThan(ratio, 4.5, "legible on \(name): words \(Int(words)), round them \(Int(round))")
        }
        // On white the words stand on a shade that is there and soft: darker than the photo round the digits, and
        // fading out to the photo's white over many pixels going left from the box (a hard box would step at once).
        let middle = (top + bottom) / 2
        XCTAssertLessThan(light(white, left - 4, middle), 200, "the shade darkens the white photo behind the words")
        let run = (max(0, left - 200)..<left).map { light(white, $0, middle) }
        XCTAssertEqual(run.first ?? 0, 255, accuracy: 3, "the photo's white beyond the shade")
        let feathered = run.filter { $0 > 150 && $0 < 240 }.count
        XCTAssertGreaterThan(feathered, 20, "a feathered edge, not a hard box: \(run.map { Int($0) })")
    }

    /// `--clock huge` with a date line: the digits a fifth of the height, centred, the date under them.
    func testAHugeClockWithItsDateStandsInTheCentre() throws {
        let frame = try show("black", "huge date")
        var rows: [Int] = [], columns: [Int] = []
        for y in stride(from: 100, to: 1080, by: 2) {
            for x in stride(from: 0, to: 1920, by: 2) where light(frame, x, y) > 200 {
                rows.append(y); columns.append(x)
            }
        }
        XCTAssertFalse(rows.isEmpty)
        let height = rows.max()! - rows.min()!
        XCTAssertGreaterThan(Double(height) / 1080, 0.2 + 0.04, "a fifth of the height for the digits, and the date")
        XCTAssertLessThan(Double(height) / 1080, 0.45)
        let centre = (columns.min()! + columns.max()!) / 2
        XCTAssertEqual(Double(centre), 960, accuracy: 12, "centred across")
        XCTAssertEqual(Double(rows.min()! + rows.max()!) / 2, 540, accuracy: 60, "about the middle")
    }
}
