#if canImport(AppDriving)
import AppDriving
#endif
import Foundation
import SDLKit
import XCTest

/// The trash from the pane as a person uses it, in an X11 window under Xvfb with the remote on to read the wall:
/// Delete takes the photo off the wall at once and into the trash (its own XDG_DATA_HOME), the toast shows over the
/// next photo, Ctrl+Z (the toast's Undo) brings the file back byte for byte and onto the wall. The remote, asked the
/// same, is refused and the file stays.
final class FileActionsUITests: XCTestCase {
    private var root = ""
    private var frame: RemoteFrame!

    override func setUpWithError() throws {
        guard XSession.hasDisplay else { throw missing("X display") }
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-fileactions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        frame = RemoteFrame(root: root)
    }

    override func tearDown() {
        frame?.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    private static let colours = [(230, 30, 30), (30, 200, 30), (40, 60, 230)]

    /// How many pixels of the window's middle column have this photo's colour: the toast over the photo hides some.
    private func shown(_ colour: (Int, Int, Int), in surface: Surface) -> Int {
        (0..<surface.height).filter { y in
            XSession.isColor(surface.pixel(x: surface.width / 2, y: y), colour, tolerance: 24)
        }.count
    }

    func testDeleteInThePaneTrashesThePhotoAndUndoBringsItBack() throws {
        let x = XSession(root: root)
        for (i, (r, g, b)) in FileActionsUITests.colours.enumerated() {
            try x.tool(["convert", "-size", "400x300", "xc:rgb(\(r),\(g),\(b))", root + "/photos/p\(i).jpg"])
        }
        let original = try XCTUnwrap(FileManager.default.contents(atPath: root + "/photos/p1.jpg"))
        try frame.launch([root + "/photos", "--sort", "name", "--size", "1000x700", "--name", "Ada", "--no-cache"],
                         driver: "x11", environment: ["XDG_DATA_HOME": root + "/data"])
        let window = try XCTUnwrap(frame.window)
        try frame.waitForState("three photos") { $0.photos == 3 ? true : nil }

        // The pane on the first photo, then the second (→).
        try x.tool(["xdotool", "key", "--window", window, "Right", "Return"])
        try frame.waitForState("the pane open") { $0.screen != "wall" ? true : nil }
        try x.tool(["xdotool", "key", "--window", window, "Right"])
        let second = try frame.waitForState("the second photo") { $0.photo?.index == 1 ? $0.photo?.id : nil }
        // The photos are all one size: the second's height down the middle is what the third shows without a toast.
        let green = try x.waitForFrame(window, "the second photo large") { self.shown(FileActionsUITests.colours[1], in: $0) > 300 }
        let large = shown(FileActionsUITests.colours[1], in: green)

        // The remote cannot trash it.
        let refused = try frame.request("POST", "/api/v1/commands", body: #"{"command":"trash"}"#)
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/photos/p1.jpg"))

        // Delete: off the wall, into the trash with its .trashinfo, the pane on the next photo under the toast.
        try x.tool(["xdotool", "key", "--window", window, "Delete"])
        try frame.waitForState("the photo off the wall") { $0.photos == 2 && $0.photo?.id != second ? true : nil }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/photos/p1.jpg"))
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/data/Trash/files/p1.jpg"), original)
        let info = try String(contentsOfFile: root + "/data/Trash/info/p1.jpg.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(root)/photos/p1.jpg\nDeletionDate="), info)
        try x.waitForFrame(window, "the third photo with the toast over it") { surface in
            let third = self.shown(FileActionsUITests.colours[2], in: surface)
            return third > 300 && third < large - 20
        }

        // Ctrl+Z: the toast's Undo. The file is back, byte for byte, and on the wall again.
        try x.tool(["xdotool", "key", "--window", window, "ctrl+z"])
        try frame.waitForState("the photo back on the wall") { $0.photos == 3 ? true : nil }
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/photos/p1.jpg"), original)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/data/Trash/info/p1.jpg.trashinfo"))
    }

    /// Ctrl+R in the pane: the file is turned for good and the pane shows it turned at once (a new photo of the same
    /// file, its size swapped); the toast's Undo puts the old bytes back.
    func testCtrlRTurnsTheFileAndThePaneShowsItTurnedAtOnce() throws {
        let x = XSession(root: root)
        // 320×240 in whole blocks: red, green over blue, yellow.
        let path = root + "/photos/q.jpg"
        try x.tool(["convert", "-size", "320x240", "xc:red", "(", "-size", "160x120", "xc:blue", ")", "-geometry", "+0+120",
                    "-composite", "(", "-size", "160x120", "xc:yellow", ")", "-geometry", "+160+120", "-composite",
                    "(", "-size", "160x120", "xc:lime", ")", "-geometry", "+160+0", "-composite", "-quality", "95", path])
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try frame.launch([root + "/photos", "--size", "1000x700", "--name", "Ada", "--no-cache"], driver: "x11",
                         environment: ["XDG_DATA_HOME": root + "/data"])
        let window = try XCTUnwrap(frame.window)
        let before = try frame.waitForState("one photo") { $0.photos == 1 ? $0.photo?.id : nil }
        try x.tool(["xdotool", "key", "--window", window, "Right", "Return"])
        func quadrants(_ s: Surface) -> (Bool, Bool) {
            let y = s.height / 2 - 60, left = s.pixel(x: s.width / 2 - 60, y: y), right = s.pixel(x: s.width / 2 + 60, y: y)
            return (XSession.isColor(left, (255, 0, 0), tolerance: 40), XSession.isColor(right, (0, 255, 0), tolerance: 40))
        }
        try x.waitForFrame(window, "the pane: red top left, green top right") { quadrants($0) == (true, true) }
        try x.tool(["xdotool", "key", "--window", window, "ctrl+r"])
        try x.waitForFrame(window, "turned right: blue top left, red top right") { s in
            let y = s.height / 2 - 60
            return XSession.isColor(s.pixel(x: s.width / 2 - 60, y: y), (0, 0, 255), tolerance: 40)
                && XSession.isColor(s.pixel(x: s.width / 2 + 60, y: y), (255, 0, 0), tolerance: 40)
        }
        try frame.waitForState("a new photo of the file") { $0.photos == 1 && $0.photo?.id != before ? true : nil }
        XCTAssertEqual(try x.tool(["identify", "-format", "%w %h", path]), "240 320")
        try x.tool(["xdotool", "key", "--window", window, "ctrl+z"])
        try x.waitForFrame(window, "back: red top left") { quadrants($0) == (true, true) }
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
    }
}
