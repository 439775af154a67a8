import Foundation
import XCTest

extension RemoteFrame {
    /// A wall of `photos` photos started with `arguments`, paged down to about its middle by the remote, quit (with
    /// `q`, under X11) or killed (SIGKILL, a power cut) once the place is kept, and started again: it shows the photo
    /// it stood at, at its place in the feed, the feed holds every photo, and Home reaches the first. Judged by the
    /// remote's state of the photo on screen. Shared by the brief's promise (`BriefFrameTests`) and the sources'
    /// cases (`ShowResumeUITests`).
    public func checkWallRestartedHalfWay(_ arguments: [String], environment: [String: String] = [:], photos: Int = 39,
                                          killed: Bool, driver: String, file: StaticString = #filePath,
                                          line: UInt = #line) throws {
        try launch(arguments, driver: driver, environment: environment)
        let first = try waitForState("the first screen") { $0.photo?.index == 0 ? $0.photo : nil }
        // Down the wall to about its middle, by the remote's page-down (as the key would).
        var stood = first
        let deadline = Date().addingTimeInterval(30)
        while (stood.index ?? 0) < 16, Date() < deadline {
            try command("pagedown")
            // A page-down that came before the window's first size is undone by it (the wall keeps its top photo
            // through a resize): one that moved nothing is sent again.
            let before = stood.index ?? 0
            if let moved = try? waitForState("the wall scrolled", seconds: 3, { s in
                s.photo.flatMap { ($0.index ?? 0) > before ? $0 : nil }
            }) { stood = moved }
        }
        // At rest (the scroll glides to its target), the place the state says is the one the library keeps (the
        // log's "shown" line comes after the write).
        var resting = stood
        let rests = Date().addingTimeInterval(20)
        while Date() < rests {
            let now = try XCTUnwrap(try state().photo, file: file, line: line)
            if now.id == resting.id, log.contains("shown \(now.id) ") { break }
            resting = now
            usleep(50_000)  // a poll's pace; the loop's condition is the state
        }
        XCTAssertTrue(log.contains("shown \(resting.id) "), "the place kept where it rests", file: file, line: line)
        XCTAssertGreaterThanOrEqual(resting.index ?? 0, 14, "half-way down", file: file, line: line)
        XCTAssertLessThan(resting.index ?? photos, photos - 9, "not at the end", file: file, line: line)
        if killed {
            stop(signal: SIGKILL)
        } else {
            let window = try XCTUnwrap(window, "q is a key: the window's", file: file, line: line)
            try XSession(root: root).tool(["xdotool", "key", "--window", window, "q"], check: false)
            XCTAssertTrue(waitForExit(), "q quits", file: file, line: line)
            stop(signal: SIGKILL)
        }
        try launch(arguments, driver: driver, environment: environment)
        _ = try waitForState("the wall again") { $0.photo }
        // The feed as it comes (a cut one ends short of the source): whole within the deadline, else as it stands.
        let whole = try? waitForState("every photo", seconds: 10) { $0.photos == photos ? $0 : nil }
        let again = try whole ?? state()
        XCTAssertEqual(again.photo?.id, resting.id, "the wall opens at the photo it stood at", file: file, line: line)
        XCTAssertEqual(again.photo?.index, resting.index, "in the same place of a feed that is whole", file: file, line: line)
        XCTAssertEqual(again.photos, photos, "every photo of the source, not only those after the place", file: file, line: line)
        try command("top")
        let top = try waitForState("Home") { $0.photo?.index == 0 ? $0 : nil }
        XCTAssertEqual(top.photo?.id, first.id, "Home reaches the first photo", file: file, line: line)
        XCTAssertEqual(top.photos, photos, file: file, line: line)
    }
}
