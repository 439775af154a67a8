import Foundation
@testable import TesseraBench
import XCTest

/// The clip benchmark's process figures: `/proc/PID/stat` read past a command name with spaces and parentheses,
/// and a child of this process found with its memory and, once reaped, its processor time.
final class ClipBenchTests: XCTestCase {
    func testStatLineIsReadAfterTheCommandName() throws {
        let line = "4242 (tessera (media) worker) S 17 4242 17 0 -1 4194560 900 0 0 0 250 75 0 0 20 0 3 0 1000 "
            + "123456789 2560 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0"
        let fields = try XCTUnwrap(ChildProcesses.parse(line))
        XCTAssertEqual(fields.ppid, 17)
        XCTAssertEqual(fields.utime, 250)
        XCTAssertEqual(fields.stime, 75)
        XCTAssertEqual(fields.rssPages, 2560)
        XCTAssertNil(ChildProcesses.parse("4242 (cut short) S 17"))
    }

    func testAChildIsCountedWhileItRunsAndItsTimeStaysOnceReaped() throws {
        let before = ChildProcesses.read()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Busy for a moment (processor time to count), then asleep until killed.
        child.arguments = ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; exec sleep 30"]
        try child.run()
        defer { if child.isRunning { child.terminate() } }
        var running = ChildProcesses.read()
        let deadline = Date().addingTimeInterval(20)
        while running.cpuSeconds - before.cpuSeconds < 0.05, Date() < deadline {
            usleep(50_000)
            running = ChildProcesses.read()
        }
        XCTAssertGreaterThanOrEqual(running.count, before.count + 1)
        XCTAssertGreaterThan(running.rssMB, before.rssMB)
        XCTAssertGreaterThan(running.cpuSeconds - before.cpuSeconds, 0.04)
        child.terminate()
        child.waitUntilExit()
        // Reaped, it is no longer a child, and its time moved to RUSAGE_CHILDREN rather than vanishing.
        let after = ChildProcesses.read()
        XCTAssertEqual(after.count, before.count)
        XCTAssertGreaterThanOrEqual(after.cpuSeconds, running.cpuSeconds - 0.02)
    }
}
