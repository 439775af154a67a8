import Foundation
import GalleryCore
import GalleryStore
import XCTest

/// The user's library as an unprivileged person meets it: a file they cannot write is read and left where it is,
/// and the screen says that changes are not kept.
final class LibraryUITests: XCTestCase {
    private var base = ""

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "tessera-ro-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: base) }

    private func shell(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, arguments.joined(separator: " "))
    }

    func testAReadOnlyLibraryKeepsTheNameAndBookmarksAndSaysSo() throws {
        guard getuid() == 0 else { throw missing("root, to run the app as another user") }
        let data = base + "/data/tessera"
        do {
            let library = try LibraryStore(directory: data)
            try library.setUserName("Ada")
            try library.addBookmark(Bookmark(photo: Photo(id: "3", author: "A", width: 3, height: 2, url: "", downloadURL: ""),
                                             source: "demo:1000", added: 1))
        }
        let file = data + "/" + LibraryStore.fileName
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        // Everything is nobody's, and the library read-only for them (as `chmod 444` leaves it).
        try shell(["chown", "-R", "65534:65534", base])
        try shell(["chmod", "755", base])
        try shell(["chmod", "444", file])

        let run = try AppProcess.run(["--demo", "--cache-dir", base + "/cache", "--size", "900x600", "--library-dir", data],
                                     environment: ["XDG_DATA_HOME": base + "/data", "HOME": base], asUser: 65534)
        XCTAssertEqual(run.status, 0, run.log)
        XCTAssertTrue(run.log.contains("Your library is read-only for you"), run.log)
        XCTAssertTrue(run.log.contains("changes to your name and bookmarks are not kept"), run.log)
        // Left where it was, as it was: nothing moved aside, nothing emptied.
        let names = try FileManager.default.contentsOfDirectory(atPath: data)
        XCTAssertFalse(names.contains { $0.contains("unreadable") }, "\(names)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        // The name was read: the wall shows, not the welcome screen (its field, panel-coloured, in the middle).
        let frame = try XCTUnwrap(run.frame)
        let p = frame.pixel(x: 450, y: 288)
        XCTAssertFalse(abs(Int(p.r) - 32) < 6 && abs(Int(p.g) - 32) < 6 && abs(Int(p.b) - 36) < 6, "no welcome screen")
    }
}
