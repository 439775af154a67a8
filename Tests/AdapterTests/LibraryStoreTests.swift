import Foundation
@testable import GalleryCore
@testable import GalleryStore
import GRDB
import XCTest

/// The user's library on disk: kept apart from the cache, private, durable, never silently emptied.
final class LibraryStoreTests: XCTestCase {
    private var dir = ""
    private var file: String { dir + "/" + LibraryStore.fileName }

    override func setUp() { dir = NSTemporaryDirectory() + "tessera-library-\(UUID().uuidString)" }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private let photo = Photo(id: "7", author: "Ada", width: 300, height: 200, url: "https://x/7", downloadURL: "")

    func testNameAndBookmarksSurviveReopening() throws {
        do {
            let library = try LibraryStore(directory: dir)
            XCTAssertNil(library.userName)
            try library.setUserName("Zoë 山田 🙂")
            try library.addBookmark(Bookmark(photo: photo, source: "picsum", added: 1))
            try library.addBookmark(Bookmark(photo: Photo(id: "8", author: "B", width: 1, height: 1, url: "", downloadURL: ""),
                                             source: "picsum", added: 2))
        }
        let again = try LibraryStore(directory: dir)
        XCTAssertEqual(again.userName, "Zoë 山田 🙂")
        XCTAssertEqual(again.bookmarks().map(\.photo.id), ["8", "7"], "newest first")
        try again.removeBookmark(photoID: "8", source: "picsum")
        XCTAssertEqual(try LibraryStore(directory: dir).bookmarks().map(\.photo.id), ["7"])
        var info = stat()
        XCTAssertEqual(lstat(file, &info), 0)
        XCTAssertEqual(Int(info.st_mode & 0o777), 0o600)
    }

    func testTheDefaultPlaceIsUnderXDGDataHomeNotTheCache() {
        XCTAssertEqual(LibraryStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]), "/d/tessera")
        XCTAssertEqual(LibraryStore.defaultDirectory(environment: ["HOME": "/h"]), "/h/.local/share/tessera")
    }

    func testAnUnreadableLibraryIsCopiedAsideWithAMessage() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 5000)
        try garbage.write(to: URL(fileURLWithPath: file))
        let outcome = LibraryOpener.open(directory: dir, now: Date(timeIntervalSince1970: 77))
        XCTAssertTrue(outcome.message?.contains("copied to") == true, outcome.message ?? "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file + ".unreadable-77")), garbage, "nothing lost")
        try outcome.library.setUserName("New")
        XCTAssertEqual(try LibraryStore(directory: dir).userName, "New")
    }

    func testALibraryFromANewerTesseraIsLeftUntouched() throws {
        do {
            let library = try LibraryStore(directory: dir)
            try library.setUserName("Ada")
        }
        let raw = try DatabaseQueue(path: file)
        try raw.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')") }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let outcome = LibraryOpener.open(directory: dir)
        XCTAssertTrue(outcome.message?.contains("newer Tessera") == true, outcome.message ?? "")
        try outcome.library.setUserName("Other")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before, "not written")
    }

    /// What a SIGKILL leaves: the files as they are, never closed or checkpointed. (The UI test kills the real
    /// app with SIGKILL after the name is entered.)
    func testCommittedWritesAreInTheFilesAtOnce() throws {
        let library = try LibraryStore(directory: dir)
        try library.setUserName("Before the kill")
        try library.addBookmark(Bookmark(photo: photo, source: "picsum", added: 5))
        // The write returned: it is committed. Copy the files as a SIGKILL would leave them (no close, no
        // checkpoint) and open the copy.
        let copy = dir + "-copy"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: copy + "/" + name)
        }
        let reopened = try LibraryStore(directory: copy)
        XCTAssertEqual(reopened.userName, "Before the kill")
        XCTAssertEqual(reopened.bookmarks().map(\.photo.id), ["7"])
        withExtendedLifetime(library) {}
    }
}
