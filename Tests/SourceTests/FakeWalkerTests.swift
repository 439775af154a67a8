import Foundation
import ImageSamples
import XCTest
@testable import GalleryCore
@testable import LocalSources

/// A second kind of folder, installed through registration alone (a line in the walker table): its photos come
/// through the folder source's own pipeline (the index's order and pages, the reader's bytes), with no file on disk.
final class FakeWalkerTests: XCTestCase {
    private let tree: [String: Data] = [
        "memory:/album/b.jpg": HeaderBytes.jpeg(width: 400, height: 300),
        "memory:/album/a.jpg": HeaderBytes.jpeg(width: 300, height: 400),
        "memory:/album/trip/c.png": HeaderBytes.png(width: 640, height: 480),
        "memory:/album/notes.txt": Data("not a photo".utf8),
        "memory:/elsewhere/d.jpg": HeaderBytes.jpeg(width: 100, height: 100),
    ]

    func testAWalkerInstalledByRegistrationShowsItsPhotosThroughTheFolderSource() throws {
        let walker = MemoryWalker(tree)
        let memory = FileWalkerKind(name: "memory", claims: { $0.hasPrefix("memory:") }, make: { walker })
        let kind = FolderSource.kind(walkers: [memory] + FolderSource.walkers)
        let lines = Lines()
        let context = SourceContext(requested: "folder", http: NeverClient(), paths: ["memory:/album"], folderSort: .name,
                                    log: { lines.add($0) })
        let installed = try kind.make(context)
        let source = try XCTUnwrap(installed.source as? FolderSource)
        XCTAssertTrue(source.walker === walker, "the folder source walks with the walker that claimed its root")
        source.start()
        defer { source.stop() }

        let page = try wait { source.fetchPage(1, limit: 10, completion: $0) }.get()
        XCTAssertEqual(page.photos.map(\.author), ["a.jpg", "b.jpg", "c.png"], "in the index's order, nothing outside the root")
        XCTAssertEqual(page.photos.map { PixelSize(width: $0.width, height: $0.height) },
                       [PixelSize(width: 300, height: 400), PixelSize(width: 400, height: 300), PixelSize(width: 640, height: 480)])
        XCTAssertEqual(source.scanState.finished, true)
        XCTAssertEqual(source.scanState.photos, 3)

        let second = try XCTUnwrap(page.photos.dropFirst().first)
        let answer = try wait { source.fetchImage(second, size: PixelSize(width: 200, height: 150), priority: 0,
                                                  progress: nil, completion: $0) }.get()
        XCTAssertEqual(answer.data, tree["memory:/album/b.jpg"], "the reader read the walker's bytes")
        XCTAssertEqual(walker.read, ["memory:/album/b.jpg"])
        XCTAssertEqual(source.credit(for: second).line, "b.jpg")
        XCTAssertTrue(lines.all.contains { $0.contains("notes.txt") }, "what is not a photo is said and skipped")
    }

    func testTheLocalWalkerStillWalksPlainPaths() throws {
        let memory = FileWalkerKind(name: "memory", claims: { $0.hasPrefix("memory:") }, make: { MemoryWalker([:]) })
        let kind = FolderSource.kind(walkers: [memory] + FolderSource.walkers)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walker-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let installed = try kind.make(SourceContext(requested: "folder", http: NeverClient(), paths: [folder]))
        let source = try XCTUnwrap(installed.source as? FolderSource)
        XCTAssertTrue(source.walker is LocalFileWalker)
        XCTAssertThrowsError(try kind.make(SourceContext(requested: "folder", http: NeverClient(),
                                                         paths: ["memory:/album", folder])),
                             "one source walks with one walker")
    }

    private func wait<T>(_ ask: (@escaping (Result<T, SourceError>) -> Void) -> RequestID) throws -> Result<T, SourceError> {
        let done = expectation(description: "answered")
        let box = Lines.Box<Result<T, SourceError>>()
        _ = ask { result in box.value = result; done.fulfill() }
        wait(for: [done], timeout: 10)
        return try XCTUnwrap(box.value)
    }
}

/// Lines said, from any thread.
private final class Lines: @unchecked Sendable {
    final class Box<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        var value: T? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// A catalogue held in memory, walked as a folder: the stand-in for a WebDAV or SMB share. Paths are
/// "memory:/folder/name"; every file is written at one time, and no folder can be watched.
final class MemoryWalker: FileWalker {
    private let files: [String: Data]
    private let lock = NSLock()
    private var contentsRead: [String] = []
    /// The files whose bytes the reader asked for.
    var read: [String] { lock.withLock { contentsRead } }

    init(_ files: [String: Data]) { self.files = files }

    func canonical(_ root: String) -> String { root.hasSuffix("/") ? String(root.dropLast()) : root }

    func isFolder(_ path: String) -> Bool? {
        if files[path] != nil { return false }
        return files.keys.contains { $0.hasPrefix(path + "/") } ? true : nil
    }

    func walk(_ roots: [String], _ walk: FolderWalk, found: (LocalFile) -> Void) {
        for root in roots {
            walk.enteredFolder(root)
            for path in files.keys.sorted() where path == root || path.hasPrefix(root + "/") {
                switch entry(at: path, companion: nil, prober: walk.prober) {
                case .success(let file): found(file)
                case .failure(let why): walk.skipped("\(path) skipped: \(why)")
                }
            }
        }
    }

    func entry(at path: String, companion: String?, prober: MediaProber?) -> Result<LocalFile, LocalFileReader.Failure> {
        guard let data = files[path] else { return .failure(.unreadable("not there")) }
        do {
            let header = try ImageHeaderReader.read(data)
            return .success(LocalFile(path: path, bytes: Int64(data.count), modified: 1_700_000_000_000_000_000,
                                      width: header.displaySize.width, height: header.displaySize.height))
        } catch let refusal as ImageRefusal {
            return .failure(.refused(refusal))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    func contents(of file: LocalFile, limit: Int) -> Result<Data, LocalFileReader.Failure> {
        guard let data = files[file.path] else { return .failure(.unreadable("gone")) }
        lock.withLock { contentsRead.append(file.path) }
        return .success(data.prefix(limit))
    }

    func cellKey(path: String, size: PixelSize) -> String? { files[path].map { "memory|\(path)|\($0.count)|\(size.width)x\(size.height)" } }
    func names(in folder: String) -> [String] { [] }
    func identity(of folder: String) -> FolderIdentity? { isFolder(folder) == true ? FolderIdentity(device: 0, inode: 1) : nil }
    func watcher(_ handler: @escaping ([FolderWatch.Event]) -> Void) -> FolderWatching? { nil }
}
