import Foundation
import ImageSamples
import SDLKit
import XCTest

/// `tessera FILE` for a file its folder's wall would not show at once, judged by the file's flat colour filling the
/// middle of the pane: a file new since the folder's kept index (the index of the last run comes first, the file
/// only with the check for changes), a hidden file without `--hidden`, a camera RAW beside its JPEG.
final class OpenUnlistedFileUITests: XCTestCase {
    private var root = ""
    private var folder: String { root + "/photos" }
    private let red = (220, 30, 30), green = (30, 200, 40), blue = (30, 40, 220), yellow = (230, 210, 30)

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-unlisted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try jpeg(red).write(to: URL(fileURLWithPath: folder + "/a.jpg"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func jpeg(_ c: (Int, Int, Int), _ w: Int = 400, _ h: Int = 300) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2))
        return try s.jpegData(quality: 95)
    }

    private func run(_ arguments: [String]) throws -> (frame: Surface, log: String) {
        let run = try AppProcess.run(["--size", "900x600", "--cache-dir", root + "/cache"] + arguments)
        XCTAssertEqual(run.status, 0, run.log)
        return (try XCTUnwrap(run.frame, run.log), run.log)
    }

    /// How many samples of the window's photo area are of colour `c`.
    private func samples(_ frame: Surface, _ c: (Int, Int, Int), tolerance: Int) -> Int {
        var n = 0
        for y in stride(from: 70, to: 590, by: 8) {
            for x in stride(from: 10, to: 890, by: 8) where XSession.isColor(frame.pixel(x: x, y: y), c, tolerance: tolerance) {
                n += 1
            }
        }
        return n
    }

    /// The pane on the photo of colour `c`: it fills the middle, and the folder's other photo (red) is not shown.
    private func assertPane(_ c: (Int, Int, Int), _ run: (frame: Surface, log: String), _ what: String,
                            tolerance: Int = 12, line: UInt = #line) {
        let middle = run.frame.pixel(x: 450, y: 300)
        XCTAssertTrue(XSession.isColor(middle, c, tolerance: tolerance),
                      "\(what): the middle of the window is \(middle), not the file's colour \(c)\n\(run.log)", line: line)
        XCTAssertLessThan(samples(run.frame, red, tolerance: 12), 100, "\(what): the wall shows, not the pane", line: line)
    }

    /// Run 1 keeps the folder's index; the file added after it is opened by run 2 with the same cache. The kept
    /// index's first page goes out before the check for changes finds the file (the same queue, in that order), so
    /// the file comes as an edit, put in at the top (the newest, by date), and the pane must open on it all the same.
    /// A kept index of 1,500 photos takes long enough to read that the first page is always asked for before it is
    /// read (with one photo, the check sometimes finished first and hid the race).
    func testAFileNewSinceTheKeptIndexOpensInThePane() throws {
        let red = try jpeg(self.red)
        for n in 0..<1500 { try red.write(to: URL(fileURLWithPath: folder + String(format: "/r%04d.jpg", n))) }
        let first = try run([folder + "/a.jpg"])
        XCTAssertTrue(first.log.contains("kept the index"), first.log)
        try jpeg(green).write(to: URL(fileURLWithPath: folder + "/b.jpg"))
        let second = try run([folder + "/b.jpg"])
        XCTAssertTrue(second.log.contains("from the index of the last run"), second.log)
        XCTAssertTrue(second.log.contains("1 photo new or changed"), second.log)
        assertPane(green, second, "tessera b.jpg, new since the kept index")
    }

    func testAHiddenFileOpensInThePane() throws {
        try jpeg(blue).write(to: URL(fileURLWithPath: folder + "/.c.jpg"))
        assertPane(blue, try run(["--sort", "name", folder + "/.c.jpg"]), "tessera .c.jpg")
        // Esc: the wall of its folder, the other photo among it.
        let wall = try run(["--sort", "name", folder + "/.c.jpg", "--script", "close"])
        XCTAssertGreaterThan(samples(wall.frame, red, tolerance: 12), 100, "the folder's wall behind it\n\(wall.log)")
        // The folder opened as a folder still hides it.
        XCTAssertEqual(samples(try run(["--sort", "name", folder]).frame, blue, tolerance: 12), 0)
    }

    func testARawBesideItsJPEGOpensInThePane() throws {
        try jpeg(yellow).write(to: URL(fileURLWithPath: folder + "/d.jpg"))
        try DNGSample.make(width: 1024, height: 768, mosaic: (6000, 30000, 6000),
                           previewJPEG: (try jpeg(blue, 768, 576), 768, 576))
            .write(to: URL(fileURLWithPath: folder + "/d.dng"))
        assertPane(blue, try run(["--sort", "name", folder + "/d.dng"]), "tessera d.dng beside d.jpg", tolerance: 24)
        // The folder opened as a folder shows the pair as its JPEG alone.
        XCTAssertEqual(samples(try run(["--sort", "name", folder]).frame, blue, tolerance: 24), 0)
    }
}
