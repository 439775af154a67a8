import Foundation
import SDLKit
import XCTest

/// A wall left alone, as a desk or a lobby leaves it: only the clock moves, so only the header is drawn and shown
/// (SDL's software renderer, chosen by itself where OpenGL is llvmpipe, as under Xvfb), and the rest of the screen
/// stays whole.
final class IdleUITests: XSessionTestCase {
    /// Samples of a region, as packed RGB.
    private func samples(_ frame: Surface, x xs: StrideTo<Int>, y ys: StrideTo<Int>) -> [UInt32] {
        ys.flatMap { y in xs.map { x in
            let p = frame.pixel(x: x, y: y)
            return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
        } }
    }

    private func wall(_ f: Surface) -> [UInt32] { samples(f, x: stride(from: 5, to: 895, by: 11), y: stride(from: 70, to: 595, by: 9)) }
    /// The title at the header's left end.
    private func title(_ f: Surface) -> [UInt32] { samples(f, x: stride(from: 0, to: 90, by: 2), y: stride(from: 8, to: 48, by: 2)) }
    /// The header's left half, where the title, the name and the clock are.
    private func clock(_ f: Surface) -> [UInt32] { samples(f, x: stride(from: 0, to: 450, by: 2), y: stride(from: 8, to: 48, by: 2)) }

    func testAStillWallShowsTheClockTickingOverAWholeUnchangedPicture() throws {
        // No --renderer: the app's own choice, which is what is being tested.
        let window = try x.launch(["--demo", "--name", "Still", "--size", "900x600", "--cache-dir", root + "/cache"],
                                  environment: ["XDG_DATA_HOME": root + "/data"])
        // Settled: photos drawn (many colours below the header) and the wall the same in two frames running.
        var previous: [UInt32] = []
        let settled = try x.waitForFrame(window, "a settled wall of photos") { f in
            let w = wall(f)
            defer { previous = w }
            return Set(w).count > 200 && w == previous
        }
        let shown = try x.waitForFrame(window, "the clock to move on") { clock($0) != clock(settled) }
        XCTAssertEqual(wall(shown), wall(settled), "the picture under the header stays whole while only the header is redrawn")
        let later = try x.waitForFrame(window, "the clock to move on again") { clock($0) != clock(shown) }
        XCTAssertEqual(wall(later), wall(settled))
        XCTAssertEqual(title(later), title(settled), "the rest of the header stays as it was drawn")
        XCTAssertGreaterThan(Set(title(later)).count, 3, "the title is there (text on the header's colour)")
    }

    func testTheBenchCountsHeaderOnlyFramesWhenNothingMoves() throws {
        let json = try x.tool(["env", "SDL_VIDEODRIVER=x11", AppProcess.bench, "--idle", "2",
                               "--renderer", "auto", "--size", "800x600"], timeout: 60)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let idle = try XCTUnwrap(report["idle"] as? [String: Any])
        XCTAssertEqual(idle["renderer"] as? String, "software", "Xvfb's OpenGL is llvmpipe: the software renderer is chosen")
        let whole = try XCTUnwrap(idle["whole_frames"] as? Int), headerOnly = try XCTUnwrap(idle["header_only_frames"] as? Int)
        XCTAssertGreaterThan(headerOnly, 30, "about 60 frames a second, the clock's")
        XCTAssertGreaterThan(headerOnly, 10 * max(1, whole), "nothing but the clock moved: header-only frames")
        XCTAssertNotNil(idle["cpu_pct"] as? Double)
    }
    /// Issue 40's idle figure: a still slideshow (one photo held, the header faded) with the large clock looks again
    /// only at the idle rate (`FramePacer.idleWait`, 4 a second), not the header clock's 60, and costs under 2 % of a
    /// core (3.4 % before the loop rested).
    func testAStillSlideshowWithTheClockRestsBetweenItsTimedChanges() throws {
        let json = try x.tool(["env", "SDL_VIDEODRIVER=x11", AppProcess.bench, "--view", "slideshow", "--idle", "4",
                               "--clock", "large", "--size", "1280x720"], timeout: 90)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let idle = try XCTUnwrap(report["idle"] as? [String: Any])
        let turns = try XCTUnwrap(idle["header_only_frames"] as? Int), whole = try XCTUnwrap(idle["whole_frames"] as? Int)
        XCTAssertEqual(whole, 0, "nothing changed on screen: no frame drawn whole")
        XCTAssertLessThanOrEqual(turns, 4 * 6, "about 4 looks a second while resting (60 a second before)")
        let cpu = try XCTUnwrap(idle["cpu_pct"] as? Double)
        XCTAssertLessThan(cpu, 2.0, "a still slideshow with its clock under 2 % of a core")
    }
}
