import Foundation
import XCTest

/// Runs one test of this test binary again, alone, in a fresh child process: for a test of a library that reads
/// its settings once per process, at its first use, so that what earlier tests of the suite did in this process
/// cannot steer it (libdbus and the system bus's address: SDL's start-up, in an earlier test, opens the system bus).
public enum TestInOwnProcess {
    /// Set in the child's environment: there the test runs its body.
    static let marker = "TESSERA_TEST_IN_OWN_PROCESS"

    /// Whether this process is such a child.
    public static var isChild: Bool { ProcessInfo.processInfo.environment[marker] != nil }

    /// In the test process: runs `test` (`Module.Class/testName`) in a child of this binary, with `environment`
    /// added, for at most `timeout` seconds, and reports its outcome here: a pass returns, a skip is thrown (with
    /// the child's reason), anything else is a failure with what the child wrote. In the child: runs `body`.
    public static func run(_ test: String, environment: [String: String] = [:], timeout: Double,
                           file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) throws {
        if isChild { return try body() }
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let run = try OwnedProcess.run(binary, [test], environment: environment.merging([marker: "1"]) { $1 },
                                       timeout: timeout)
        // XCTest names the case `Class.testName` in what it prints.
        let name = test.split(separator: ".").dropFirst().joined(separator: ".").replacingOccurrences(of: "/", with: ".")
        let said = run.output + run.errors
        if run.status == 0, said.contains("Test Case '\(name)' passed") { return }
        if run.status == 0, said.contains("Test Case '\(name)' skipped") {
            let why = said.split(separator: "\n").filter { $0.localizedCaseInsensitiveContains("skip") && !$0.hasPrefix("Test ") }
            throw XCTSkip("\(test) in its own process: \(why.joined(separator: "; "))")
        }
        XCTFail("\(test) in its own process (exit \(run.status)):\n\(said.suffix(6000))", file: file, line: line)
    }
}
