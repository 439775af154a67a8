import Foundation
import ImageSamples
import SDLKit
import XCTest

/// `--motion` keeps a photo's centre of interest in view, by pixels: a tall portrait with a red patch at its foot and
/// EXIF SubjectArea on that patch shows the patch at the start of its move and at its end; the same portrait without
/// SubjectArea keeps its top, and the patch has left the frame by the end.
final class KenBurnsInterestUITests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-interest-\(UUID().uuidString)"
        for folder in ["/said", "/unsaid"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
        // 600×1200, grey, the patch from 90 % to 96 % of its height. `-type TrueColor`: ImageMagick 6.9.11's Debian
        // update of 2026-12 keeps a picture begun from a grey gradient grey, red patch and all (a grey JPEG).
        let plain = root + "/unsaid/portrait.jpg"
        try convert(["-size", "600x1200", "gradient:gray75-gray45", "-fill", "red", "-draw", "rectangle 200,1080 400,1152",
                     "-type", "TrueColor", "-quality", "95", plain])
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: plain))
        try SubjectAreaBytes.withSubjectArea(jpeg, [300, 1116, 200, 72]).write(to: URL(fileURLWithPath: root + "/said/portrait.jpg"))
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

    /// The one photo of `folder` in a slideshow with motion, `seconds` into its move (a span of 3 + 0.9 s: by 7 s it
    /// has drifted to its end and slowed to a stop).
    private func show(_ folder: String, after seconds: Int) throws -> Surface {
        let run = try AppProcess.run(["--no-cache", "--size", "1280x720", "--mode", "slideshow", "--motion",
                                      "--interval", "3", "--fill", "black", "--script", "wait:\(seconds)", root + folder])
        XCTAssertEqual(run.status, 0, run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        if let keep = ProcessInfo.processInfo.environment["TESSERA_KEEP_SHOTS"] {
            try? frame.savePNG(to: "\(keep)/interest\(folder.replacingOccurrences(of: "/", with: "-"))-\(seconds).png")
        }
        return frame
    }

    /// Pixels of the red patch on screen.
    private func red(_ frame: Surface) -> Int {
        var n = 0
        for y in stride(from: 0, to: frame.height, by: 2) {
            for x in stride(from: 0, to: frame.width, by: 2) {
                let p = frame.pixel(x: x, y: y)
                if p.r > 170, p.g < 90, p.b < 90 { n += 1 }
            }
        }
        return n
    }

    func testTheSubjectAreaStaysInViewThroughTheWholeMove() throws {
        let start = red(try show("/said", after: 1)), end = red(try show("/said", after: 7))
        // The patch is 120×43 px at the start's scale, a quarter of it counted (every other row and column).
        XCTAssertGreaterThan(start, 900, "the patch at the start of the move")
        XCTAssertGreaterThan(end, 900, "and at its end")
        let unsaid = red(try show("/unsaid", after: 7))
        XCTAssertLessThan(unsaid, 20, "without SubjectArea the portrait keeps its top and the patch leaves the frame")
    }
}
