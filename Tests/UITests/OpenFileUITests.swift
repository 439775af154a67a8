import Foundation
import SDLKit
import XCTest

/// Opening a photo as a desktop viewer does (`tessera FILE`, the desktop entry's `%F`, a file dropped on the
/// window), judged by what is on screen: a folder of four photos of distinct colours (and a subfolder of a fifth),
/// named in the order `--sort name` shows them. The pane on a photo shows its colour alone; the wall shows several.
final class OpenFileUITests: XCTestCase {
    private var root = ""
    private var folder: String { root + "/holiday" }
    /// a, b, c, d in the folder's order; e in a subfolder (a file's folder is that folder alone).
    private let colours: [String: (Int, Int, Int)] = [
        "a": (220, 30, 30), "b": (30, 200, 40), "c": (30, 40, 220), "d": (230, 210, 30), "e": (200, 40, 200),
    ]
    /// The one photo of the "other" folder: seen too, so a wall of it is told from a blank window.
    private let grey = (128, 128, 128)

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-open-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/other", withIntermediateDirectories: true)
        for (name, c) in colours {
            let s = try Surface(width: 400, height: 300)
            s.fill(x: 0, y: 0, width: 400, height: 300, r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2))
            let path = name == "e" ? folder + "/sub/e.jpg" : folder + "/\(name).jpg"
            try s.jpegData(quality: 95).write(to: URL(fileURLWithPath: path))
        }
        let grey = try Surface(width: 400, height: 300)
        grey.fill(x: 0, y: 0, width: 400, height: 300, r: UInt8(self.grey.0), g: UInt8(self.grey.1), b: UInt8(self.grey.2))
        try grey.jpegData(quality: 95).write(to: URL(fileURLWithPath: root + "/other/grey.jpg"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ arguments: [String]) throws -> (frame: Surface, log: String) {
        let run = try AppProcess.run(["--sort", "name", "--size", "900x600", "--cache-dir", root + "/cache"] + arguments)
        XCTAssertEqual(run.status, 0, run.log)
        return (try XCTUnwrap(run.frame, run.log), run.log)
    }

    /// The photos whose colour covers a good part of a cell somewhere on screen (a few pixels of a like colour, an
    /// edge's blend, are not a photo).
    private func shown(_ frame: Surface) -> Set<String> {
        var samples: [String: Int] = [:]
        let palette = colours.merging(["grey": grey]) { folder, _ in folder }
        for y in stride(from: 70, to: 590, by: 8) {
            for x in stride(from: 10, to: 890, by: 8) {
                let p = frame.pixel(x: x, y: y)
                for (name, c) in palette where XSession.isColor(p, c, tolerance: 12) { samples[name, default: 0] += 1 }
            }
        }
        return Set(samples.filter { $0.value >= 100 }.keys)
    }

    /// The pane on one photo: its colour fills the middle of the window, and no other photo shows.
    private func assertPane(on name: String, _ frame: Surface, _ what: String, line: UInt = #line) {
        let c = colours[name]!
        XCTAssertTrue(XSession.isColor(frame.pixel(x: 450, y: 300), c, tolerance: 12), "\(what): the middle is \(name)",
                      line: line)
        XCTAssertEqual(shown(frame), [name], what, line: line)
    }

    func testOneFileOpensThePaneOnItAndItsFolderIsAKeyAway() throws {
        assertPane(on: "b", try run([folder + "/b.jpg"]).frame, "tessera b.jpg")
        // → is the next file of the folder, in the folder's order.
        assertPane(on: "c", try run([folder + "/b.jpg", "--script", "next"]).frame, "→ after b")
        assertPane(on: "a", try run([folder + "/b.jpg", "--script", "previous"]).frame, "← before b")
        // Esc: the wall of the folder, its own photos only (not the subfolder's).
        let wall = try run([folder + "/b.jpg", "--script", "close"]).frame
        let onWall = shown(wall)
        XCTAssertTrue(onWall.isSuperset(of: ["a", "b"]), "the wall of the folder: \(onWall)")
        let bottom = shown(try run([folder + "/b.jpg", "--script", "close,bottom"]).frame)
        XCTAssertTrue(bottom.contains("d"), "the end of the folder: \(bottom)")
        XCTAssertFalse(bottom.contains("e"), "the subfolder is not the file's folder: \(bottom)")
        // A relative path, as a file manager in the folder would pass it.
        let relative = try AppProcess.run(["--sort", "name", "--size", "900x600", "--cache-dir", root + "/cache", "d.jpg"],
                                          directory: folder)
        assertPane(on: "d", try XCTUnwrap(relative.frame, relative.log), "tessera d.jpg in its folder")
    }

    func testSeveralFilesAreAWallOfThoseAndMissingOnesAreSaid() throws {
        let two = try run([folder + "/a.jpg", folder + "/c.jpg"]).frame
        XCTAssertEqual(shown(two), ["a", "c"], "exactly the files named")
        let mixed = try run([folder + "/a.jpg", root + "/gone.jpg", folder + "/d.jpg"])
        XCTAssertEqual(shown(mixed.frame), ["a", "d"])
        XCTAssertTrue(mixed.log.contains("gone.jpg is not there: the others are shown"), mixed.log)
        // A folder named is its wall, subfolders and all, as before (the subfolder's photo comes last by name).
        XCTAssertTrue(shown(try run([folder, "--script", "bottom"]).frame).contains("e"))
    }

    func testADroppedFileOpensLikeTheCommandLine() throws {
        // One file dropped on a window showing another folder: its folder, the pane on it.
        assertPane(on: "c", try run([root + "/other", "--script", "drop:\(folder)/c.jpg"]).frame, "c.jpg dropped")
        assertPane(on: "d", try run([root + "/other", "--script", "drop:\(folder)/c.jpg,next"]).frame, "→ after the drop")
        // Several: a wall of those.
        let several = try run([root + "/other", "--script", "drop:\(folder)/a.jpg;\(folder)/b.jpg"]).frame
        XCTAssertEqual(shown(several), ["a", "b"])
        // A folder: its wall.
        XCTAssertTrue(shown(try run([root + "/other", "--script", "drop:\(folder)"]).frame).isSuperset(of: ["a", "b"]))
        // Nothing there: the wall shown stays, and says why.
        let gone = try run([root + "/other", "--script", "drop:\(root)/gone.jpg"])
        XCTAssertEqual(shown(gone.frame), ["grey"], "the other folder's wall, still")
        XCTAssertTrue(gone.log.contains("gone.jpg is not there"), gone.log)
    }

    /// A kiosk shows what its owner set up: a drop changes nothing.
    func testAKioskIgnoresADrop() throws {
        let kiosk = try run([root + "/other", "--kiosk", "--script", "drop:\(folder)/c.jpg"])
        XCTAssertEqual(shown(kiosk.frame), ["grey"], "the kiosk's own folder, still")
    }
}
