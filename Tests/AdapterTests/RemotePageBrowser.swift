import Foundation
import XCTest

/// Headless Chromium for the remote page's browser tests (RemotePageBrowserTests, RemotePageLanguageTests): the test
/// venv's Python with Selenium, Chromium and its driver, and `Tests/RemotePage`'s scripts. A missing tool is a skip
/// here and a failure where the tests must run whole (`CI`, `TESSERA_UI_TESTS_REQUIRED`).
enum RemotePageBrowser {
    /// Tests/RemotePage: `remote_page_check.py` (drives the page), `fake_remote_api.py` (a stand-in frame).
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("RemotePage")

    static var checkScript: String { scripts.appendingPathComponent("remote_page_check.py").path }

    struct Unavailable: Error, CustomStringConvertible { let description: String }

    /// The Python that drives Chromium, once Chromium, its driver and Selenium are known to be there; `test` names
    /// the test in the failure ("the remote page's browser test").
    static func python(for test: String) throws -> String {
        let python = try tool("TESSERA_TEST_PYTHON", default: "/opt/tessera-test-venv/bin/python", test: test)
        _ = try tool("TESSERA_CHROMIUM", default: "/usr/bin/chromium", test: test)
        _ = try tool("TESSERA_CHROMEDRIVER", default: "/usr/bin/chromedriver", test: test)
        guard try run(python, ["-c", "import selenium"], timeout: 30).status == 0 else {
            throw missing("Selenium in \(python)", test: test)
        }
        return python
    }

    /// A tool from the environment or its default.
    private static func tool(_ variable: String, default path: String, test: String) throws -> String {
        let chosen = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? path
        guard FileManager.default.isExecutableFile(atPath: chosen) else {
            throw missing("\(chosen) (\(variable))", test: test)
        }
        return chosen
    }

    private static func missing(_ what: String, test: String) -> Error {
        let env = ProcessInfo.processInfo.environment
        if env["CI"] != nil || env["TESSERA_UI_TESTS_REQUIRED"] != nil {
            return Unavailable(description: "\(test) cannot run: no \(what)")
        }
        return XCTSkip("no \(what); `make test-deps` installs Chromium and the test venv")
    }

    /// Runs a process to its end (killed past `timeout` seconds, a failure): its status and what it wrote.
    static func run(_ executable: String, _ arguments: [String], timeout: Double) throws
        -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let output = Box<Data>(), errors = Box<Data>()
        let readers = DispatchGroup()
        for (pipe, box) in [(out, output), (err, errors)] {
            DispatchQueue.global().async(group: readers) { box.set(pipe.fileHandleForReading.readDataToEndOfFile()) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(executable) \(arguments.first ?? "") still ran after \(timeout) s")
        }
        process.waitUntilExit()
        _ = readers.wait(timeout: .now() + 10)
        return (process.terminationStatus, String(decoding: output.value ?? Data(), as: UTF8.self),
                String(decoding: errors.value ?? Data(), as: UTF8.self))
    }
}
