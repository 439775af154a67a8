import FixtureServer
import Foundation
@testable import GalleryCore
@testable import TesseraApp
import XCTest

/// The calendar's fetcher against the fixture server on 127.0.0.1 through the real libcurl client: basic
/// authentication from a file, the last good copy kept on disk and shown by a frame that boots offline, a source too
/// large or of garbage refused with the last good reading kept.
final class CalendarServiceTests: FixtureTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    func authFile(_ line: String) throws -> String {
        let path = folder.appendingPathComponent("auth").path
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts a service and waits for its first `count` answers.
    func answers(_ settings: CalendarSettings, count: Int = 1) -> (CalendarService, [CalendarSnapshot]) {
        let done = expectation(description: "answered")
        done.expectedFulfillmentCount = count
        let lock = NSLock()
        var got: [CalendarSnapshot] = []
        let service = CalendarService(settings: settings) { snapshot in
            lock.lock(); got.append(snapshot); let n = got.count; lock.unlock()
            if n <= count { done.fulfill() }
        }
        service.start()
        wait(for: [done], timeout: 20)
        lock.lock(); defer { lock.unlock() }
        return (service, got)
    }

    func settings(_ path: String, auth: String?) -> CalendarSettings {
        CalendarSettings(sources: [server.baseURL + path], authFile: auth, cacheDirectory: folder.path)
    }

    func testAnAddressWithBasicAuthIsReadAndKeptForAnOfflineBoot() throws {
        let settings = settings("/calendar/today.ics", auth: try authFile("frame:secret"))
        let (_, answers) = answers(settings)
        let titles = Set(answers.last?.occurrences.map(\.title) ?? [])
        XCTAssertTrue(titles.isSuperset(of: ["Choir", "Weekly today", "Bins"]), "\(titles)")
        let copy = CalendarCopies(settings: settings).path(of: settings.sources[0])!
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))

        // Offline: the same address, its server gone; the kept copy is shown at start.
        server.stop()
        let offline = CalendarService(settings: settings)
        offline.start()
        let shown = expectation(for: NSPredicate { _, _ in offline.latest().generation > 0 }, evaluatedWith: nil)
        wait(for: [shown], timeout: 20)
        XCTAssertTrue(offline.latest().occurrences.contains { $0.title == "Choir" })
    }

    func testAWrongPasswordShowsNothingAndSaysSo() throws {
        let (_, answers) = answers(settings("/calendar/today.ics", auth: try authFile("frame:wrong")))
        XCTAssertEqual(answers.last?.occurrences, [])
    }

    func testTooLargeAndGarbageAreRefused() throws {
        let auth = try authFile("frame:secret")
        for path in ["/calendar/huge.ics", "/calendar/garbage.ics"] {
            let (_, answers) = answers(settings(path, auth: auth))
            XCTAssertEqual(answers.last?.occurrences, [], path)
        }
    }

    func testAFileLargerThanTheLimitIsRefusedUnread() throws {
        let path = folder.appendingPathComponent("big.ics").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        var settings = CalendarSettings(sources: [path], cacheDirectory: folder.path)
        settings.keepsCopies = false
        let (_, answers) = answers(settings)
        XCTAssertEqual(answers.last?.occurrences, [])
    }
}
