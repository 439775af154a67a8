import Foundation
import SDLKit
import XCTest

/// The slideshow's caption as `--caption` says: date and place by default, nothing with `none` (a kiosk photo frame
/// ignored `none` before and showed its own fields).
final class CaptionUITests: XCTestCase {
    private static let sdl: SDLSystem? = try? SDLSystem(video: false)

    /// Pixels of the frame below the header (the clock above it differs from run to run).
    private func picture(_ frame: Surface) -> [UInt32] {
        stride(from: 60, to: frame.height, by: 7).flatMap { y in
            stride(from: 0, to: frame.width, by: 7).map { x in
                let p = frame.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    private func slideshow(caption: String?) throws -> [UInt32] {
        XCTAssertNotNil(CaptionUITests.sdl)
        // The Immich demo's photos have dates and places to caption.
        let run = try AppProcess.run(["--demo", "--source", "immich", "--kiosk", "--mode", "slideshow", "--name", "Lobby",
                                      "--no-cache", "--no-pixel-shift", "--size", "900x600"]
                                     + (caption.map { ["--caption", $0] } ?? []))
        XCTAssertEqual(run.status, 0, run.log)
        return picture(try XCTUnwrap(run.frame, run.log))
    }

    func testCaptionNoneShowsNoCaptionInTheKioskSlideshow() throws {
        let byDefault = try slideshow(caption: nil)
        let asked = try slideshow(caption: "date,place")
        let none = try slideshow(caption: "none")
        XCTAssertEqual(byDefault, asked, "date and place by default")
        XCTAssertNotEqual(none, byDefault, "none takes the caption away")
    }
}
