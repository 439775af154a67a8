import FixtureServer
import Foundation
import GalleryCore
import SDLKit
import XCTest

/// Clips on the wall draw only their cells again when a new frame comes (the rest of the window stays as the last
/// whole frame left it): as the owner sees it, in a real X11 window under Xvfb read with ImageMagick's `import`. A
/// clip's cell plays (its colours come in turn) and everything else on the window, clips of one colour included, is
/// exactly what the app draws as a whole frame (its own screenshot, `GET /api/v1/screenshot`, drawn whole), left to
/// right and mirrored for Arabic.
final class WallClipPartsUITests: XSessionTestCase {
    private var port = 0
    private let token = "wall-clip-parts-ui-test-token-0123"
    private let window = PixelSize(width: 1280, height: 800)
    private var folder: String { root + "/photos" }

    func testClipsDrawOnlyTheirCellsAndTheWindowStaysWhole() throws {
        try check(extra: [], mirrored: false)
    }

    func testMirroredForArabicTheClipsCellsAreWhereTheWholeFrameHasThem() throws {
        try check(extra: ["--language", "ar"], mirrored: true)
    }

    private func check(extra: [String], mirrored: Bool) throws {
        try makePhotos()
        let id = try launch(extra)
        // Where the wall draws a, b and c (480x270, 480x270, 640x480, by name), mirrored for a right-to-left screen.
        let cells = cellFrames([(480, 270), (480, 270), (640, 480)]).map { r in
            mirrored ? Rect(x: window.width - r.x - r.width, y: r.y, width: r.width, height: r.height) : r
        }
        let changing = cells[1]
        // The clip of changing colours plays in its cell, all of it (its middle and a few pixels inside each
        // edge): red, then green, then blue, as the frames come.
        let inside = [(changing.width / 2, changing.height / 2), (3, changing.height / 2),
                      (changing.width - 4, changing.height / 2), (changing.width / 2, 3),
                      (changing.width / 2, changing.height - 4)].map { (changing.x + $0.0, changing.y + $0.1) }
        for (name, colour) in [("green", (0, 255, 0)), ("blue", (0, 0, 255)), ("red again", (255, 0, 0))] {
            _ = try x.waitForFrame(id, "the clip's whole cell shows \(name)") { frame in
                inside.allSatisfy { XSession.isColor(frame.pixel(x: $0.0, y: $0.1), colour, tolerance: 40) }
            }
        }
        // What the window shows after many frames of clips alone, against the frame drawn whole: the same pixels
        // everywhere but the header (its clock runs); the changing cell too when both caught it in one colour
        // (each lasts three seconds: asked again if the window and the screenshot fell either side of a change).
        let header = GalleryConfig().headerHeight
        var (seen, whole) = try windowAndWholeFrame(id)
        for _ in 0..<3 where !sameColour(seen, whole, at: changing) {
            // From the start of the next colour: three seconds to catch both in it.
            let was = seen.pixel(x: changing.x + changing.width / 2, y: changing.y + changing.height / 2)
            _ = try x.waitForFrame(id, "the changing cell's next colour") {
                !XSession.isColor($0.pixel(x: changing.x + changing.width / 2, y: changing.y + changing.height / 2),
                                  (Int(was.r), Int(was.g), Int(was.b)), tolerance: 40)
            }
            (seen, whole) = try windowAndWholeFrame(id)
        }
        let inChanging = sameColour(seen, whole, at: changing)
        XCTAssertTrue(inChanging, "the window and the whole frame never caught the changing cell in one colour")
        let (count, first) = differences(seen, whole) { x, y in y < header || (!inChanging && changing.contains(x: x, y: y)) }
        XCTAssertEqual(count, 0, "the window equals the whole frame (first difference at \(first.map { "\($0)" } ?? "-"))")
        // The clip of one colour is drawn in its cell, not elsewhere: red at its middle in both.
        let steady = cells[0]
        XCTAssertTrue(XSession.isColor(seen.pixel(x: steady.x + steady.width / 2, y: steady.y + steady.height / 2),
                                       (255, 0, 0), tolerance: 40))
    }

    /// The window as X has it, then the app's own frame drawn whole just after.
    private func windowAndWholeFrame(_ id: String) throws -> (Surface, Surface) {
        let seen = try x.frame(id)
        let shot = try fetch("/api/v1/screenshot")
        XCTAssertEqual(shot.status, 200, String(decoding: shot.body, as: UTF8.self))
        let whole = try Surface(decoding: shot.body, with: .png).convertedToARGB()
        XCTAssertEqual(whole.width, seen.width)
        XCTAssertEqual(whole.height, seen.height)
        return (seen, whole)
    }

    private func sameColour(_ a: Surface, _ b: Surface, at cell: Rect) -> Bool {
        let p = a.pixel(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
        let q = b.pixel(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
        return XSession.isColor(p, (Int(q.r), Int(q.g), Int(q.b)), tolerance: 2)
    }

    // MARK: making and starting

    private func makePhotos() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw missing("ffmpeg") }
        // a: red throughout (every frame new, every frame the same); b: red, green, blue, three seconds each (looping).
        try clip("a.mp4", ["red"], seconds: 3)
        try clip("b.mp4", ["red", "lime", "blue"], seconds: 3)
        // c: a still photo whose every pixel differs from its neighbours (a misplaced part shows).
        _ = try x.tool(["convert", "-seed", "5", "-size", "640x480", "plasma:fractal", folder + "/c.png"])
    }

    private func clip(_ name: String, _ colours: [String], seconds: Double) throws {
        var arguments = ["-loglevel", "error", "-y"]
        for c in colours { arguments += ["-f", "lavfi", "-i", "color=c=\(c):size=480x270:rate=30:d=\(seconds)"] }
        let inputs = colours.indices.map { "[\($0)]" }.joined()
        arguments += ["-filter_complex", "\(inputs)concat=n=\(colours.count):v=1", "-c:v", "libx264",
                      "-pix_fmt", "yuv420p", folder + "/" + name]
        _ = try x.tool(["/usr/bin/ffmpeg"] + arguments, timeout: 60)
    }

    private func launch(_ extra: [String]) throws -> String {
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        port = try LocalBroker.freePort()
        return try x.launch(["--name", "Ada", "--no-cache", "--size", window.description, "--sort", "name",
                             "--wall-clips", "2", "--remote", "127.0.0.1:\(port)", "--remote-token-file", root + "/token"]
                            + extra + [folder],
                            environment: ["TESSERA_CONFIG": root + "/config/config"])
    }

    /// Where the wall draws its cells, for photos of these sizes in order (left to right).
    private func cellFrames(_ sizes: [(Int, Int)]) -> [Rect] {
        let config = GalleryConfig()
        var layout = MasonryLayout(width: window.width, metrics: config.layoutMetrics(width: window.width))
        for (w, h) in sizes { layout.append(aspect: w, height: h) }
        return layout.frames.map { $0.offsetBy(dy: config.headerHeight) }
    }

    // MARK: reading

    /// The screenshot, asked until the frame's pace lets it (429 says when), with a deadline.
    private func fetch(_ path: String) throws -> RemoteAnswer {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let answer = try remoteRequest(port: port, token: token, "GET", path)
            guard answer.status == 429, Date() < deadline else { return answer }
            usleep(200_000)  // polling the remote's pace, with a deadline
        }
    }

    /// Pixels that differ (colour only) where `skip` does not say so, and the first of them.
    private func differences(_ a: Surface, _ b: Surface, skip: (Int, Int) -> Bool) -> (Int, (x: Int, y: Int)?) {
        var count = 0
        var first: (x: Int, y: Int)?
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where !skip(x, y) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if p.r != q.r || p.g != q.g || p.b != q.b {
                    count += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        return (count, first)
    }
}
