import FixtureServer
import Foundation
import SDLKit
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The configuration file and the command line as a person meets them: the real executable, its words on stderr,
/// its window under Xvfb, and `tessera remote-token` beside a running frame.
final class ConfigFileUITests: XSessionTestCase {
    private var config: String { root + "/config" }

    /// `kiosk = ys` once started a fullscreen kiosk that q could not leave, waiting for a folder called "ys", and
    /// said nothing. A flag's value that is not yes or no is a bad line: reported with its number, and ignored.
    func testAFlagThatIsNotYesOrNoIsReportedAndStartsNoKiosk() throws {
        try """
        # a frame in the hall
        kiosk = ys
        fullscreen = maybe
        wrap = On
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try AppProcess.run(["--demo", "--name", "Hall", "--cache-dir", root + "/cache", "--size", "640x400"],
                                     environment: ["TESSERA_CONFIG": config])
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("line 2: kiosk takes yes or no"), run.log)
        XCTAssertTrue(run.log.contains("not 'ys'"), run.log)
        XCTAssertTrue(run.log.contains("line 3: fullscreen takes yes or no"), run.log)
        XCTAssertFalse(run.log.contains("line 4"), "On is yes: \(run.log)")
        XCTAssertFalse(run.log.contains("ys to appear"), "ys is not a folder: \(run.log)")
        XCTAssertEqual(run.frame.map { [$0.width, $0.height] }, [640, 400], "the window asked for, not a kiosk's screen")

        // In a real window: the size asked for, not the display's, and q leaves it (a kiosk ignores q).
        let id = try x.launch(["--demo", "--name", "Hall", "--cache-dir", root + "/cache", "--size", "640x400",
                               "--renderer", "software"], environment: ["TESSERA_CONFIG": config])
        let frame = try x.frame(id)
        XCTAssertEqual([frame.width, frame.height], [640, 400], "windowed")
        try x.tool(["xdotool", "key", "--window", id, "q"], check: false)
        let deadline = Date().addingTimeInterval(10)
        while x.app?.isRunning == true, Date() < deadline { usleep(50_000) }
        XCTAssertFalse(x.app?.isRunning ?? true, "q leaves a window that is not a kiosk")
    }

    func testAWindowTooSmallForTheWallIsRefusedWithTheBound() throws {
        for size in ["20x20", "319x800", "800x239"] {
            // Taken, it would open a window: headless, and gone within seconds rather than hanging the test.
            let run = try outputs(["--demo", "--size", size, "--exit-after", "3", "--renderer", "software"],
                                  environment: ["SDL_VIDEODRIVER": "offscreen"])
            XCTAssertEqual(run.status, 64, size)
            XCTAssertTrue(run.err.contains("--size must be at least 320x240"), "\(size): \(run.err)")
        }
        // The portrait panel the README shows still opens.
        let portrait = try AppProcess.run(["--demo", "--name", "Hall", "--cache-dir", root + "/cache",
                                           "--size", "480x800"])
        XCTAssertEqual(portrait.status, 0, portrait.log)
        XCTAssertEqual(portrait.frame.map { [$0.width, $0.height] }, [480, 800])
        let smallest = try AppProcess.run(["--demo", "--name", "Hall", "--cache-dir", root + "/cache",
                                           "--size", "320x240"])
        XCTAssertEqual(smallest.status, 0, smallest.log)
    }

    /// `tessera remote-token` prints the address the frame listens at: the configuration file's `remote` (not
    /// 8080), and where the frame's own command line said otherwise, the frame's. The page answers there, and the
    /// token printed opens the API. The server says it listens once.
    func testRemoteTokenPrintsTheAddressTheFrameReallyUses() throws {
        let fromFile = try LocalBroker.freePort()
        try "remote = 127.0.0.1:\(fromFile)\n".write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["TESSERA_CONFIG": config]

        // No frame running: what the frame would read at start.
        let before = try outputs(["remote-token"], environment: environment)
        XCTAssertEqual(before.status, 0, before.err)
        XCTAssertTrue(before.out.contains("http://127.0.0.1:\(fromFile)/#token="), before.out)

        // A frame from the file alone, then one whose command line names another port.
        for port in [fromFile, try LocalBroker.freePort()] {
            let log = root + "/frame-\(port).log"
            let extra = port == fromFile ? [] : ["--remote", "127.0.0.1:\(port)"]
            let frame = try startFrame(extra, environment: environment, log: log)
            defer { frame.terminate(); frame.waitUntilExit() }
            try waitFor("the frame listening at \(port)") { self.answers(port: port, path: "/") != nil }

            let printed = try outputs(["remote-token"], environment: environment)
            XCTAssertEqual(printed.status, 0, printed.err)
            let lines = printed.out.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, printed.out)
            let token = try XCTUnwrap(lines.first)
            XCTAssertEqual(lines.last, "http://127.0.0.1:\(port)/#token=\(token)")
            // The address printed is the page's, and the token printed is the one the frame takes.
            let page = try XCTUnwrap(answers(port: port, path: "/"))
            XCTAssertEqual(page.status, 200)
            XCTAssertTrue(page.text.contains("Tessera remote"))
            XCTAssertEqual(answers(port: port, path: "/api/v1/state", token: token)?.status, 200)

            let said = try String(contentsOfFile: log, encoding: .utf8)
            XCTAssertEqual(said.components(separatedBy: "remote: listening").count - 1, 1, said)
        }
        // The frames gone, their record is not believed: the file's address again.
        let after = try outputs(["remote-token"], environment: environment)
        XCTAssertTrue(after.out.contains("http://127.0.0.1:\(fromFile)/#token="), after.out)
    }

    // MARK: Processes

    /// The frame in the X session's display, its stderr in `log`; ended by the caller.
    private func startFrame(_ extra: [String], environment: [String: String], log: String) throws -> Process {
        FileManager.default.createFile(atPath: log, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = ["--demo", "--name", "Hall", "--no-cache", "--size", "640x400", "--renderer", "software"] + extra
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "x11"
        env["XDG_DATA_HOME"] = root + "/data"
        for (name, value) in environment { env[name] = value }
        p.environment = env
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try p.run()
        return p
    }

    private func outputs(_ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppProcess.executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TESSERA_CONFIG"] = root + "/no-config"
        for (name, value) in environment { env[name] = value }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text, errors)
    }

    private func waitFor(_ what: String, timeout: Double = 20, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out waiting for \(what)") }
            usleep(100_000)
        }
    }

    /// One GET on 127.0.0.1; nil when nothing answers.
    private func answers(port: Int, path: String, token: String? = nil) -> (status: Int, text: String)? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.timeoutInterval = 5
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let done = DispatchSemaphore(value: 0)
        var answer: (Int, String)?
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse {
                answer = (response.statusCode, data.map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return answer.map { (status: $0.0, text: $0.1) }
    }
}
