import Foundation
import GalleryCore
import GalleryStore
import GRDB
import ImageSamples
import LocalSources
import SDLKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A prober that answers from the file's name, as a test says, and counts what it was asked.
final class NamedProber: MediaProber {
    private let lock = NSLock()
    private var asked: [MediaLocation] = []
    var locations: [MediaLocation] { lock.withLock { asked } }

    func probe(_ location: MediaLocation) -> Result<MediaInfo, MediaRefusal> {
        lock.withLock { asked.append(location) }
        guard case .file(let path) = location.place else { return .failure(.cannotPlay("not a file")) }
        let name = (path as NSString).lastPathComponent.lowercased()
        if name.contains("long") { return .success(MediaInfo(width: 1920, height: 1080, duration: 9 * 3600, codec: "h264")) }
        if name.contains("broken") { return .failure(.cannotPlay("moov atom not found")) }
        if name.hasSuffix(".gif") { return .success(MediaInfo(width: 320, height: 240, duration: 1.5, frameCount: 15, codec: "gif")) }
        if location.length != nil { return .success(MediaInfo(width: 1440, height: 1080, duration: 1.2, codec: "hevc")) }
        if name.hasSuffix(".mov") { return .success(MediaInfo(width: 1080, height: 1920, rotation: 90, duration: 2.9, codec: "hevc", hasSound: true)) }
        return .success(MediaInfo(width: 1280, height: 720, duration: 12.4, codec: "h264", hasSound: true))
    }
}

/// Moving pictures in folders: clips and animations listed through the prober, Live Photos paired, motion photos'
/// clips found, their posters left to the media worker, where each plays from, the watcher keeping Live Photos
/// whole, and the index keeping it all between runs (an index written before any of this still loads).
final class FolderMediaTests: XCTestCase {
    /// A camera's RAW+JPEG pair is one photo at the first scan and as the watcher sees files come and go.
    func testTheWatcherKeepsARawBesideItsJPEGOffTheWall() throws {
        let dng = { DNGSample.make(width: 64, height: 48, mosaic: (6000, 30000, 6000)) }
        try write(try flatJPEG(40, 30), "IMG_1.JPG")
        try write(dng(), "IMG_1.DNG")
        try write(dng(), "IMG_2.dng")
        var settings = FolderSource.Settings()
        settings.sort = .name
        let folder = source(settings: settings)
        folder.start()
        defer { folder.stop() }
        XCTAssertEqual(pass(folder).map(\.author).sorted(), ["IMG_1.JPG", "IMG_2.dng"])

        // The JPEG of IMG_2 arrives: its RAW leaves the wall. A RAW arriving beside a JPEG never shows.
        try write(try flatJPEG(40, 30), ".part")
        _ = rename(root + "/.part", root + "/IMG_2.jpg")
        try write(dng(), ".part")
        _ = rename(root + "/.part", root + "/img_1.nef")
        waitUntil(folder, "the RAWs off the wall") { $0.map(\.author).sorted() == ["IMG_1.JPG", "IMG_2.jpg"] }
        // The JPEG rewritten (turned for good, say): its RAW stays off. The JPEG deleted: its RAWs come back.
        try write(try flatJPEG(30, 40), ".part")
        _ = rename(root + "/.part", root + "/IMG_1.JPG")
        try FileManager.default.removeItem(atPath: root + "/IMG_2.jpg")
        waitUntil(folder, "the RAW of the deleted JPEG back") { $0.map(\.author).sorted() == ["IMG_1.JPG", "IMG_2.dng"] }
    }

    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        root = NSTemporaryDirectory() + "tessera-media-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func write(_ data: Data, _ name: String) throws {
        try data.write(to: URL(fileURLWithPath: root + "/" + name))
    }

    private let gif = Data(Array("GIF89a".utf8) + HeaderBytes.le16(320) + HeaderBytes.le16(240) + [0xF7, 0, 0] + [0x3B])

    /// A folder of every kind: a clip, a Live Photo (JPG + mov), a MOV alone, a GIF, an animated WebP, a clip too
    /// long, one the worker cannot read, a motion photo, a Samsung motion photo and a plain still.
    private func fillFolder() throws {
        try write(Data("not really an mp4".utf8), "clip.MP4")
        try write(try flatJPEG(40, 30), "IMG_0001.JPG")
        try write(Data("a quicktime".utf8), "IMG_0001.mov")
        try write(Data("a quicktime".utf8), "IMG_0002.MOV")
        try write(gif, "anim.gif")
        try write(HeaderBytes.webpExtended(width: 500, height: 400, animated: true), "anim.webp")
        try write(Data("x".utf8), "long.mkv")
        try write(Data("x".utf8), "broken.webm")
        let clip = MotionBytes.fakeMP4(count: 3000)
        try write(MotionBytes.withXMP(try flatJPEG(60, 45), MotionBytes.microVideoXMP(offsetFromEnd: clip.count)) + clip,
                  "MVIMG_0003.jpg")
        let samsung = HeaderBytes.withExif(try flatJPEG(50, 40), taken: nil, make: "samsung", model: "SM-S918B")
        try write(MotionBytes.samsung(samsung, clip: clip), "20240101_120000.jpg")
        try write(try flatJPEG(20, 20), "plain.jpg")
        try write(Data("GIF89a".utf8), "bad.gif")
    }

    func testAProberListsClipsAndAnimationsAndLivePhotosAreOnePhoto() throws {
        try fillFolder()
        var scanner = FolderScanner()
        let prober = NamedProber()
        scanner.prober = prober
        var skipped: [String] = []
        scanner.skipped = { skipped.append($0) }
        var found: [String: LocalFile] = [:]
        scanner.scan([root]) { found[$0.name] = $0 }

        XCTAssertEqual(Set(found.keys), ["clip.MP4", "IMG_0001.JPG", "IMG_0002.MOV", "anim.gif", "anim.webp",
                                         "MVIMG_0003.jpg", "20240101_120000.jpg", "plain.jpg"], "\(skipped)")
        XCTAssertEqual(found["clip.MP4"]?.photo.motion, PhotoMotion(kind: .clip, duration: 12.4, hasSound: true))
        XCTAssertEqual(found["clip.MP4"].map { [$0.width, $0.height] }, [1280, 720])
        XCTAssertEqual(found["IMG_0002.MOV"].map { [$0.width, $0.height] }, [1080, 1920], "size as drawn")
        let live = try XCTUnwrap(found["IMG_0001.JPG"])
        XCTAssertEqual(live.motion, LocalMotion(kind: .livePhoto, duration: 2.9, hasSound: true, companion: "IMG_0001.mov"))
        XCTAssertEqual([live.width, live.height], [40, 30], "the still's own size")
        XCTAssertEqual(found["anim.gif"]?.motion?.kind, .animation)
        XCTAssertEqual(found["anim.webp"].map { [$0.width, $0.height] }, [500, 400], "the canvas, no probe")
        XCTAssertEqual(found["anim.webp"]?.motion, LocalMotion(kind: .animation))
        let motion = try XCTUnwrap(found["MVIMG_0003.jpg"]?.motion)
        XCTAssertEqual(motion.kind, .motionPhoto)
        XCTAssertEqual(motion.clipLength, 3000)
        XCTAssertEqual(motion.clipOffset, try XCTUnwrap(found["MVIMG_0003.jpg"]).bytes - 3000)
        XCTAssertEqual(motion.duration, 1.2, "the clip probed in place, by its range")
        let samsung = try XCTUnwrap(found["20240101_120000.jpg"]?.motion)
        XCTAssertEqual(samsung.kind, .motionPhoto)
        XCTAssertEqual(samsung.clipLength, 3000)
        XCTAssertNil(found["plain.jpg"]?.motion)
        for refused in ["long.mkv", "broken.webm", "bad.gif"] {
            XCTAssertEqual(skipped.filter { $0.contains(refused) }.count, 1, "one line for \(refused): \(skipped)")
        }
        XCTAssertTrue(skipped.contains { $0.contains("long.mkv") && $0.contains("longer than a frame plays") })
        XCTAssertFalse(prober.locations.contains(MediaLocation(file: root + "/anim.webp")))
        XCTAssertFalse(prober.locations.contains(MediaLocation(file: root + "/bad.gif")), "not a GIF: no worker asked")

        // Without a prober: stills only, as before; a Live Photo and a motion photo are still found, undated.
        var plain = FolderScanner()
        var skippedPlain: [String] = []
        plain.skipped = { skippedPlain.append($0) }
        var stills: [String: LocalFile] = [:]
        plain.scan([root]) { stills[$0.name] = $0 }
        XCTAssertEqual(Set(stills.keys), ["IMG_0001.JPG", "MVIMG_0003.jpg", "20240101_120000.jpg", "plain.jpg"])
        XCTAssertEqual(stills["IMG_0001.JPG"]?.motion, LocalMotion(kind: .livePhoto, companion: "IMG_0001.mov"))
        XCTAssertEqual(stills["MVIMG_0003.jpg"]?.motion?.kind, .motionPhoto)
        XCTAssertEqual(skippedPlain.filter { $0.contains("anim.webp") }.count, 1, "refused as before: \(skippedPlain)")
        XCTAssertFalse(skippedPlain.contains { $0.contains(".MP4") || $0.contains(".mov") || $0.contains(".gif") },
                       "clips are not even opened without a prober: \(skippedPlain)")
    }

    private func source(settings: FolderSource.Settings, store: SQLiteStore? = nil, log: @escaping (String) -> Void = { _ in })
        -> FolderSource {
        FolderSource(roots: [root], settings: settings, cells: nil, indexStore: { store }, log: log)
    }

    private func pass(_ source: FolderSource) -> [Photo] {
        let done = expectation(description: "page")
        let box = Box<[Photo]>()
        source.fetchPage(1, limit: 100) { result in
            box.set((try? result.get().photos) ?? [])
            done.fulfill()
        }
        wait(for: [done], timeout: 20)
        return box.value ?? []
    }

    private func image(_ source: FolderSource, _ photo: Photo) -> ImageAnswer? {
        let done = expectation(description: "image")
        let box = Box<ImageAnswer>()
        _ = source.fetchImage(photo, size: PixelSize(width: 200, height: 200), priority: 0, progress: nil) { result in
            if let answer = try? result.get() { box.set(answer) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return box.value
    }

    func testPostersAreTheWorkersAndEachKindPlaysFromItsOwnPlace() throws {
        try fillFolder()
        var settings = FolderSource.Settings()
        settings.watch = false
        settings.prober = NamedProber()
        let folder = source(settings: settings)
        folder.start()
        defer { folder.stop() }
        let photos = Dictionary(uniqueKeysWithValues: pass(folder).map { ($0.author, $0) })
        XCTAssertEqual(photos.count, 8)

        let clip = try XCTUnwrap(photos["clip.MP4"])
        let poster = try XCTUnwrap(image(folder, clip))
        XCTAssertEqual(poster.media, MediaLocation(file: root + "/clip.MP4"))
        XCTAssertTrue(poster.data.isEmpty, "the clip's bytes are not read here")
        XCTAssertEqual(folder.motionLocation(for: clip), MediaLocation(file: root + "/clip.MP4"))
        XCTAssertEqual(image(folder, try XCTUnwrap(photos["anim.gif"]))?.media, MediaLocation(file: root + "/anim.gif"))

        let live = try XCTUnwrap(photos["IMG_0001.JPG"])
        let still = try XCTUnwrap(image(folder, live))
        XCTAssertNil(still.media)
        XCTAssertEqual(try ImageHeaderReader.read(still.data).width, 40, "a Live Photo's picture is its still")
        XCTAssertEqual(folder.motionLocation(for: live), MediaLocation(file: root + "/IMG_0001.mov"))

        let motion = try XCTUnwrap(photos["MVIMG_0003.jpg"])
        let size = Int64(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: root + "/MVIMG_0003.jpg")[.size] as? Int))
        XCTAssertEqual(folder.motionLocation(for: motion), MediaLocation(file: root + "/MVIMG_0003.jpg", offset: size - 3000, length: 3000))
        XCTAssertNil(folder.motionLocation(for: try XCTUnwrap(photos["plain.jpg"])))
        // A photo this source never listed, however it claims to move.
        var stranger = Photo(id: "f0123456789abcdef", author: "x", width: 1, height: 1, url: "", downloadURL: "",
                             imageReference: "/etc/passwd")
        stranger.motion = PhotoMotion(kind: .clip)
        XCTAssertNil(folder.motionLocation(for: stranger))
    }

    /// Waits, up to a deadline, until the source's photos say what is expected.
    private func waitUntil(_ source: FolderSource, _ what: String, _ predicate: ([Photo]) -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if predicate(source.photosInOrder()) { return }
            usleep(20_000)
        }
        XCTFail("\(what): \(source.photosInOrder().map { "\($0.author) \(String(describing: $0.motion))" })")
    }

    func testTheWatcherKeepsLivePhotosWholeAsTheirClipsComeAndGo() throws {
        try write(try flatJPEG(40, 30), "IMG_0005.HEIC.jpg")  // not a pair: the base is "IMG_0005.HEIC"
        try write(try flatJPEG(40, 30), "IMG_0006.JPG")
        var settings = FolderSource.Settings()
        settings.sort = .name
        settings.prober = NamedProber()
        let folder = source(settings: settings)
        folder.start()
        defer { folder.stop() }
        XCTAssertEqual(pass(folder).count, 2)

        // The MOV arrives after its still (a sync tool copies one file at a time).
        try write(Data("mov".utf8), ".part")
        _ = rename(root + "/.part", root + "/IMG_0006.MOV")
        waitUntil(folder, "the still became a Live Photo") { photos in
            photos.count == 2 && photos.first { $0.author == "IMG_0006.JPG" }?.motion?.kind == .livePhoto
        }
        // Taken away: a still again.
        try FileManager.default.removeItem(atPath: root + "/IMG_0006.MOV")
        waitUntil(folder, "a still again") { photos in
            photos.count == 2 && photos.first { $0.author == "IMG_0006.JPG" }.map { $0.motion == nil } == true
        }
        // A clip alone comes in as a clip; its still arriving makes the pair, and the clip leaves the wall.
        try write(Data("mov".utf8), ".part")
        _ = rename(root + "/.part", root + "/IMG_0007.MOV")
        waitUntil(folder, "a clip of its own") { $0.contains { $0.author == "IMG_0007.MOV" && $0.motion?.kind == .clip } }
        try write(try flatJPEG(30, 40), ".part")
        _ = rename(root + "/.part", root + "/IMG_0007.JPG")
        waitUntil(folder, "the pair") { photos in
            !photos.contains { $0.author == "IMG_0007.MOV" }
                && photos.first { $0.author == "IMG_0007.JPG" }?.motion?.kind == .livePhoto
        }
        // The still deleted: the clip is a clip of its own again.
        try FileManager.default.removeItem(atPath: root + "/IMG_0007.JPG")
        waitUntil(folder, "the clip back") { photos in
            !photos.contains { $0.author == "IMG_0007.JPG" } && photos.contains { $0.author == "IMG_0007.MOV" }
        }
        // A new clip dropped in.
        try write(Data("mp4".utf8), ".part")
        _ = rename(root + "/.part", root + "/new.mp4")
        waitUntil(folder, "a new clip") { $0.contains { $0.author == "new.mp4" && $0.motion?.duration == 12.4 } }
    }

    func testTheIndexKeepsMotionAndARescanSeesAClipAppearBesideAnUnchangedStill() throws {
        try fillFolder()
        let cache = root + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let store = try SQLiteStore(directory: cache, budgetBytes: 64 << 20)
        var settings = FolderSource.Settings()
        settings.watch = false
        settings.prober = NamedProber()
        let first = source(settings: settings, store: store)
        first.start()
        XCTAssertEqual(pass(first).count, 8)
        let deadline = Date().addingTimeInterval(20)
        while !first.isIndexKept, Date() < deadline { usleep(20_000) }
        first.stop()
        XCTAssertTrue(first.isIndexKept)
        var stored: [String: LocalFile] = [:]
        try store.loadFolderIndex(source: "index:" + root, batchSize: 100) { for f in $0 { stored[f.name] = f }; return true }
        XCTAssertEqual(stored.count, 8)
        XCTAssertEqual(stored["IMG_0001.JPG"]?.motion, LocalMotion(kind: .livePhoto, duration: 2.9, hasSound: true,
                                                                   companion: "IMG_0001.mov"))
        XCTAssertEqual(stored["clip.MP4"]?.motion, LocalMotion(kind: .clip, duration: 12.4, hasSound: true))
        XCTAssertEqual(stored["MVIMG_0003.jpg"]?.motion?.clipLength, 3000)

        // Meanwhile a MOV is put beside the plain still: the still did not change, the photo did.
        try write(Data("mov".utf8), "plain.mov")
        let prober = NamedProber()
        settings.prober = prober
        settings.watch = true
        settings.maxWatches = 0
        settings.rescanInterval = 0.2
        var said: [String] = []
        let lock = NSLock()
        let second = source(settings: settings, store: store) { line in lock.withLock { said.append(line) } }
        second.start()
        defer { second.stop() }
        let until = Date().addingTimeInterval(20)
        while Date() < until, !(lock.withLock { said.contains { $0.contains("since the folders were last read") } }) {
            usleep(20_000)
        }
        XCTAssertTrue(lock.withLock { said.contains("1 photo new or changed, 0 gone since the folders were last read") },
                      "\(lock.withLock { said })")
        XCTAssertEqual(second.photosInOrder().first { $0.author == "plain.jpg" }?.motion?.kind, .livePhoto)
        let refused = [MediaLocation(file: root + "/broken.webm"), MediaLocation(file: root + "/long.mkv")]
        XCTAssertEqual(Set(prober.locations), Set(refused + [MediaLocation(file: root + "/plain.mov")]),
                       "what changed, and what was refused (not kept in the index), are probed again")
        // A later look through the folder (unwatched: past `maxWatches`) asks the worker only about the newcomer.
        try write(Data("mp4".utf8), "late.mp4")
        let late = Date().addingTimeInterval(20)
        while Date() < late, !second.photosInOrder().contains(where: { $0.author == "late.mp4" }) { usleep(20_000) }
        XCTAssertTrue(second.photosInOrder().contains { $0.author == "late.mp4" })
        XCTAssertEqual(prober.locations.filter { refused.contains($0) }.count, 2, "a refused clip is not asked about again")
    }

    /// An index written by a Tessera that knew no motion (its columns, its rows) opens and loads: its rows are
    /// stills, and rows with motion can be written beside them.
    func testAnIndexWrittenBeforeMotionStillLoads() throws {
        let cache = root + "-old"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: cache + "/" + SQLiteStore.fileName)
        try old.write { db in
            try db.execute(sql: """
                CREATE TABLE pages (source TEXT NOT NULL, page_limit INTEGER NOT NULL, page INTEGER NOT NULL,
                    body BLOB NOT NULL, fetched_at REAL NOT NULL, PRIMARY KEY (source, page_limit, page));
                CREATE TABLE images (key TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL, bytes INTEGER NOT NULL,
                    last_used REAL NOT NULL);
                CREATE INDEX images_by_use ON images(last_used);
                CREATE TABLE pinned (prefix TEXT PRIMARY KEY NOT NULL);
                CREATE TABLE folder_files (
                    source TEXT NOT NULL, path TEXT NOT NULL, bytes INTEGER NOT NULL, modified INTEGER NOT NULL,
                    identity INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
                    date INTEGER NOT NULL, taken TEXT, camera TEXT,
                    PRIMARY KEY (source, path)) WITHOUT ROWID;
                CREATE INDEX folder_files_by_date ON folder_files(source, date DESC);
                INSERT INTO folder_files VALUES ('index:/p', '/p/IMG_1.HEIC', 1000, 5, 7, 40, 30, 0, NULL, 'Apple');
                PRAGMA user_version = \(SQLiteStore.schemaVersion);
                """)
        }
        try old.close()
        let store = try SQLiteStore(directory: cache, budgetBytes: 64 << 20)
        var loaded: [LocalFile] = []
        try store.loadFolderIndex(source: "index:/p", batchSize: 10) { loaded += $0; return true }
        XCTAssertEqual(loaded.map(\.path), ["/p/IMG_1.HEIC"])
        XCTAssertNil(loaded.first?.motion)
        XCTAssertEqual(loaded.first?.id, LocalFile(path: "/p/IMG_1.HEIC", bytes: 1000, modified: 5, width: 40, height: 30,
                                                  taken: nil, camera: "Apple", identity: 7).id, "the same photo as before")
        let live = LocalFile(path: "/p/IMG_1.HEIC", bytes: 1000, modified: 5, width: 40, height: 30, taken: nil,
                             camera: "Apple", identity: 7, motion: LocalMotion(kind: .livePhoto, duration: 1.5, companion: "IMG_1.MOV"))
        let lying = LocalFile(path: "/p/b.jpg", bytes: 100, modified: 5, width: 4, height: 3, taken: nil, camera: nil,
                              identity: 1, motion: LocalMotion(kind: .motionPhoto, clipOffset: 90, clipLength: 500))
        try store.updateFolderIndex(source: "index:/p", upsert: [live, lying], remove: [])
        loaded = []
        try store.loadFolderIndex(source: "index:/p", batchSize: 10) { loaded += $0; return true }
        XCTAssertEqual(loaded.first { $0.name == "IMG_1.HEIC" }?.motion, live.motion)
        XCTAssertNil(loaded.first { $0.name == "b.jpg" }?.motion, "a range outside its file reads back as a still")
        // Opened again: the columns are there once.
        _ = try SQLiteStore(directory: cache, budgetBytes: 64 << 20)
    }
}
