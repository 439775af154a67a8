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
        XCTAssertTrue(outcome.message?.contains("moved to") == true, outcome.message ?? "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file + ".unreadable-77")), garbage, "nothing lost")
        try outcome.library.setUserName("New")
        XCTAssertEqual(try LibraryStore(directory: dir).userName, "New")
    }

    /// A library kept elsewhere and linked in (dotfiles in a repository) is the user's arrangement: used, not moved.
    func testASymlinkedLibraryIsFollowedNotSetAside() throws {
        let elsewhere = dir + "-elsewhere"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try LibraryStore(directory: elsewhere).setUserName("Ada")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: elsewhere + "/" + LibraryStore.fileName)
        let outcome = LibraryOpener.open(directory: dir)
        XCTAssertNil(outcome.message)
        XCTAssertEqual(outcome.library.userName, "Ada")
        try outcome.library.setUserName("Ada King")
        XCTAssertEqual(try LibraryStore(directory: elsewhere).userName, "Ada King", "written through the link")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.contains("unreadable") })
    }

    /// One damaged page of an index: SQLite's quick_check complains, but the tables read. The index is rebuilt and
    /// nothing is set aside or lost.
    func testADamagedIndexIsRebuiltAndTheLibraryKept() throws {
        do {
            let library = try LibraryStore(directory: dir)
            try library.setUserName("Ada")
            for i in 0..<400 {
                try library.addBookmark(Bookmark(photo: Photo(id: "p\(i)", author: "A", width: 3, height: 2, url: "", downloadURL: ""),
                                                 source: "picsum", added: Double(i)))
            }
        }
        // Scribble over a leaf page of the index on added_at.
        let (pageSize, leaf): (Int, Int) = try {
            let raw = try DatabaseQueue(path: file)
            defer { try? raw.close() }
            return try raw.read { db in
                let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                let root = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'bookmarks_by_time'") ?? 0
                // dbstat is not everywhere: the root page itself will do.
                return (size, root)
            }
        }()
        XCTAssertGreaterThan(leaf, 1)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: file))
        try handle.seek(toOffset: UInt64((leaf - 1) * pageSize + 8))
        handle.write(Data(repeating: 0xEE, count: 64))
        try handle.close()
        let damaged = try DatabaseQueue(path: file)
        XCTAssertNotEqual(try damaged.read { try String.fetchOne($0, sql: "PRAGMA quick_check") }, "ok", "the index is damaged")
        try damaged.close()

        let outcome = LibraryOpener.open(directory: dir, now: Date(timeIntervalSince1970: 5))
        XCTAssertTrue(outcome.message?.contains("rebuilt from its tables, nothing lost") == true, outcome.message ?? "")
        XCTAssertTrue(outcome.library.keepsChanges)
        XCTAssertEqual(outcome.library.userName, "Ada")
        XCTAssertEqual(outcome.library.bookmarks().count, 400, "every bookmark kept")
        XCTAssertEqual(try DatabaseQueue(path: file).read { try String.fetchOne($0, sql: "PRAGMA quick_check") }, "ok",
                       "the index rebuilt")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.contains("unreadable") })
        XCTAssertTrue(FileManager.default.fileExists(atPath: file + ".damaged-5"), "the damaged file kept beside it")
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
