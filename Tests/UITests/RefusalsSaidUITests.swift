import FixtureServer
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every refusal said (issue 45), as a person meets it: the real executable, its words on stderr, its exit status,
/// and the remote's answers and state. A bookmark from afar says what it did, and one the disk cannot hold is an
/// error with its reason while the remote still pages; a file that is not a photo, a negative cache size and a font
/// that is not there are refused at start with one line; a token file others can read is said once; a settings save
/// cut short leaves nothing behind at the next start.
final class RefusalsSaidUITests: XCTestCase {
    private var root = ""
    private var app: Process?
    private var port = 0
    private let token = "refusals-ui-test-token-0123456789"
    private var logFile: String { root + "/log" }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        root = NSTemporaryDirectory() + "tessera-refusals-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let app, app.isRunning {
            kill(app.processIdentifier, SIGKILL)
            app.waitUntilExit()
        }
        if FileManager.default.fileExists(atPath: root + "/lib") { _ = try? run(["umount", root + "/lib"]) }
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: the remote's bookmark

    /// A bookmark the disk has no room for: once a 200 with an alert over the frame, which took every command after
    /// it (40 page-downs did nothing). Now 507 with the reason and the state, a line in the log, and `next` still
    /// moves the frame on.
    func testABookmarkTheDiskCannotHoldIsAnsweredWithWhyAndTheRemoteStillPages() throws {
        guard getuid() == 0 else { throw missing("root, to mount a tiny tmpfs for a full disk") }
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", root + "/lib"])
        try startFrame(["--name", "Hall", "--mode", "slideshow", "--library-dir", root + "/lib"])
        // The library is open on the tiny disk; now the disk fills up.
        try fill(root + "/lib/fill")

        let bookmark = try request("POST", "/api/v1/commands", body: #"{"command":"bookmark"}"#)
        XCTAssertEqual(bookmark.status, 507, bookmark.text)
        XCTAssertTrue((bookmark.json?["error"] as? String ?? "").contains("could not be saved"), bookmark.text)
        let state = try XCTUnwrap(bookmark.json?["state"] as? [String: Any], bookmark.text)
        XCTAssertEqual(state["screen"] as? String, "slideshow", "no alert over the frame")
        XCTAssertEqual((state["photo"] as? [String: Any])?["bookmarked"] as? Bool, false)
        let first = try XCTUnwrap((state["photo"] as? [String: Any])?["index"] as? Int)

        for step in 1...3 {
            let next = try request("POST", "/api/v1/commands", body: #"{"command":"next"}"#)
            XCTAssertEqual(next.status, 200, next.text)
            XCTAssertEqual((next.json?["photo"] as? [String: Any])?["index"] as? Int, (first + step) % 4,
                           "the remote pages on after the failure")
        }
        XCTAssertTrue(waitForLog { $0.contains("warning: remote: bookmark failed: The bookmark could not be saved") },
                      log())
    }

    /// With a name for the run (nothing asked, nothing kept on disk) and no photo focused on the wall, the remote's
    /// bookmark did nothing and answered 200. It stars the photo the state names, and the state says so; what
    /// cannot be done is 409 with the reason. The token file others can read is said once, with the fix.
    func testABookmarkFromAfarSaysWhatItDidAndWhatItCannot() throws {
        try startFrame(["--name", "Ada"], tokenMode: 0o644)
        let shown = try XCTUnwrap(try request("GET", "/api/v1/state").json?["photo"] as? [String: Any])
        XCTAssertEqual(shown["bookmarked"] as? Bool, false)

        let bookmark = try request("POST", "/api/v1/commands", body: #"{"command":"bookmark"}"#)
        XCTAssertEqual(bookmark.status, 200, bookmark.text)
        let photo = try XCTUnwrap(bookmark.json?["photo"] as? [String: Any], bookmark.text)
        XCTAssertEqual(photo["id"] as? String, shown["id"] as? String, "the photo the state named")
        XCTAssertEqual(photo["bookmarked"] as? Bool, true, bookmark.text)

        // The slideshow has no bookmarks screen of its own: a 409 that says where it opens, and the state.
        XCTAssertEqual(try request("POST", "/api/v1/commands", body: #"{"command":"slideshow"}"#).status, 200)
        let bookmarks = try request("POST", "/api/v1/commands", body: #"{"command":"bookmarks"}"#)
        XCTAssertEqual(bookmarks.status, 409, bookmarks.text)
        XCTAssertEqual(bookmarks.json?["error"] as? String, "The bookmarks open from the wall", bookmarks.text)
        XCTAssertEqual((bookmarks.json?["state"] as? [String: Any])?["screen"] as? String, "slideshow", bookmarks.text)

        let said = log().components(separatedBy: "\n").filter { $0.contains("chmod 600 \(root)/token") }
        XCTAssertEqual(said.count, 1, log())
        XCTAssertTrue(said.first?.contains("can be read by others (mode 644)") == true, log())
    }

    // MARK: refused at start

    func testAFileThatIsNotAPhotoShowsNothingAndSaysSo() throws {
        try "just words\n".write(toFile: root + "/notaphoto.txt", atomically: true, encoding: .utf8)
        let refused = try AppProcess.run(["notaphoto.txt"], directory: root)
        XCTAssertEqual(refused.status, 1, refused.log)
        XCTAssertTrue(refused.log.contains("tessera: nothing to show: notaphoto.txt is not a photo or a clip"), refused.log)
        XCTAssertNil(refused.frame, "no window")

        // A folder stays a folder, even an empty one (it may fill later): the window opens.
        let folder = try AppProcess.run(["--size", "320x240", root + "/photos"])
        XCTAssertEqual(folder.status, 0, folder.log)
        XCTAssertFalse(folder.log.contains("nothing to show"), folder.log)
    }

    func testACacheSizeBelowZeroSaysWhatIsTaken() throws {
        let refused = try AppProcess.run(["--demo", "--cache-size", "-1"])
        XCTAssertEqual(refused.status, 64, refused.log)
        XCTAssertTrue(refused.log.contains("--cache-size must be a positive number of MB (or with a unit: 512M, 2G), not -1"),
                      refused.log)
        XCTAssertFalse(refused.log.contains("Missing value"), refused.log)
        let taken = try AppProcess.run(["--demo", "--size", "320x240", "--cache-dir", root + "/cache", "--cache-size", "2G"])
        XCTAssertEqual(taken.status, 0, taken.log)
    }

    /// `--font` naming a file that is not there once started a window with no text at all, which told the user to
    /// pass --font. On the command line it is refused at start; from the configuration file it is reported and the
    /// usual font is used.
    func testAFontThatIsNotThereIsRefusedOnTheCommandLineAndPassedOverInTheFile() throws {
        let refused = try AppProcess.run(["--demo", "--font", root + "/nope.ttf"])
        XCTAssertEqual(refused.status, 64, refused.log)
        XCTAssertTrue(refused.log.contains("--font: \(root)/nope.ttf does not exist"), refused.log)

        try "font = \(root)/nope.ttf\n".write(toFile: root + "/config", atomically: true, encoding: .utf8)
        let fallback = try AppProcess.run(["--demo", "--size", "320x240", "--cache-dir", root + "/cache"],
                                          environment: ["TESSERA_CONFIG": root + "/config"])
        XCTAssertEqual(fallback.status, 0, fallback.log)
        XCTAssertTrue(fallback.log.contains("line 1: --font: \(root)/nope.ttf does not exist; ignored"), fallback.log)
        XCTAssertFalse(fallback.log.contains("text will not be drawn"), fallback.log)

        // TESSERA_FONT naming nothing: said once, and the usual font draws the text.
        let environment = try AppProcess.run(["--demo", "--size", "320x240", "--cache-dir", root + "/cache"],
                                             environment: ["TESSERA_FONT": root + "/gone.ttf"])
        XCTAssertEqual(environment.status, 0, environment.log)
        XCTAssertTrue(environment.log.contains("the font \(root)/gone.ttf does not exist (TESSERA_FONT): the usual font is used"),
                      environment.log)
        XCTAssertFalse(environment.log.contains("text will not be drawn"), environment.log)
    }

    /// A settings save killed between its temporary file and the rename: the next start removes what it left, and
    /// nothing else beside the configuration.
    func testTheNextStartRemovesWhatASettingsSaveCutShortLeft() throws {
        let folder = root + "/etc"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mode = wall\n".write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        // A process that has ended: its pid is free.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftover = ".config.\(gone.processIdentifier).3735928559.tmp"
        let others = [".config.tmp", ".config.\(gone.processIdentifier).tmp", ".other.\(gone.processIdentifier).1.tmp", "notes"]
        for name in [leftover] + others { try "half a file".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }

        let started = try AppProcess.run(["--demo", "--size", "320x240", "--cache-dir", root + "/cache"],
                                         environment: ["TESSERA_CONFIG": folder + "/config"])
        XCTAssertEqual(started.status, 0, started.log)
        XCTAssertTrue(started.log.contains("removed \(folder)/\(leftover), left by a settings save that was cut short"),
                      started.log)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder)), Set(others + ["config"]))
    }

    // MARK: driving

    /// Four photos of one colour each, the remote on a free port, stderr to `logFile`; returns once the remote
    /// answers with photos in the feed.
    private func startFrame(_ extra: [String], tokenMode: mode_t = 0o600) throws {
        for (name, colour) in [("a", "red"), ("b", "blue"), ("c", "lime"), ("d", "yellow")] {
            try run(["convert", "-size", "320x240", "xc:\(colour)", root + "/photos/\(name).png"])
        }
        try token.write(toFile: root + "/token", atomically: true, encoding: .utf8)
        chmod(root + "/token", tokenMode)
        port = try LocalBroker.freePort()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = ["--renderer", "software", "--no-vsync", "--size", "640x480", "--no-cache", "--sort", "name",
                       "--interval", "3600", "--transition", "none", "--exit-after", "120",
                       "--remote", "127.0.0.1:\(port)", "--remote-token-file", root + "/token"] + extra + [root + "/photos"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["TESSERA_CONFIG"] = root + "/no-config"
        env["XDG_DATA_HOME"] = root + "/data"
        p.environment = env
        FileManager.default.createFile(atPath: logFile, contents: nil)
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        try p.run()
        app = p
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, p.isRunning {
            if let answer = try? request("GET", "/api/v1/state"), answer.status == 200,
               (answer.json?["photos"] as? Int ?? 0) == 4, answer.json?["photo"] != nil { return }
            usleep(50_000)
        }
        XCTFail("the frame's remote never answered with its photos: \(log())")
        throw LaunchFailure(why: "no remote")
    }

    /// Fills the file system `path` is on, as a full disk would be.
    private func fill(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw LaunchFailure(why: "cannot make \(path)") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        XCTAssertEqual(errno, ENOSPC, "the disk is full")
    }

    private func log() -> String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Polls the app's log until `condition` holds (deadline 10 s).
    private func waitForLog(_ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition(log()) { return true }
            usleep(50_000)
        }
        return false
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw LaunchFailure(why: "\(arguments.joined(separator: " ")) failed") }
        return p.terminationStatus
    }

    private func request(_ method: String, _ path: String, body: String? = nil) throws -> RemoteAnswer {
        try remoteRequest(port: port, token: token, method, path, body: body)
    }
}
