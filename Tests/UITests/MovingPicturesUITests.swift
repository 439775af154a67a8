import DemoPhotos
import FixtureServer
import Foundation
import GalleryCore
import ImageSamples
import SDLKit
import XCTest

/// Moving pictures in the real app, by their pixels: clips made here with `ffmpeg` in solid colours that change at
/// known times, so a frame tells which moment of which clip it shows. A playing cell changes and a poster does not;
/// the slideshow plays a clip to its end and moves on; the pane seeks; every kind has a poster of its size and
/// orientation; an Immich stand-in's video plays; hostile files leave the wall drawing.
final class MovingPicturesUITests: XCTestCase {
    private var root = ""
    private var folder: String { root + "/photos" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-moving-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw missing("ffmpeg") }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    // MARK: making files

    private func tool(_ path: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(path) \(arguments.joined(separator: " "))")
    }

    /// A clip of solid colours, `seconds` each, `w`x`h`, in H.264 (or what `codec` names).
    private func clip(_ name: String, _ colours: [String], seconds: Double, w: Int = 480, h: Int = 270,
                      codec: [String] = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]) throws {
        var arguments = ["-loglevel", "error", "-y"]
        for c in colours { arguments += ["-f", "lavfi", "-i", "color=c=\(c):size=\(w)x\(h):rate=30:d=\(seconds)"] }
        let inputs = colours.indices.map { "[\($0)]" }.joined()
        arguments += ["-filter_complex", "\(inputs)concat=n=\(colours.count):v=1"] + codec + [folder + "/" + name]
        try tool("/usr/bin/ffmpeg", arguments)
    }

    /// Marks a clip turned `degrees` for display (its display matrix; the pixels stay as stored), as a phone does.
    private func turn(_ name: String, _ degrees: Int) throws {
        let path = folder + "/" + name, stored = root + "/stored-" + name
        try FileManager.default.moveItem(atPath: path, toPath: stored)
        try tool("/usr/bin/ffmpeg", ["-loglevel", "error", "-y", "-i", stored, "-c", "copy",
                                     "-metadata:s:v:0", "rotate=\(degrees)", path])
    }

    private func still(_ name: String, _ colour: String, w: Int, h: Int) throws {
        try tool("/usr/bin/ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):size=\(w)x\(h)",
                                     "-frames:v", "1", folder + "/" + name])
    }

    private func show(_ arguments: [String], size: PixelSize = PixelSize(width: 1280, height: 800),
                      measuresMemory: Bool = false) throws -> (Surface, AppProcess.Run) {
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", size.description, "--sort", "name"]
                                     + arguments + [folder], measuresMemory: measuresMemory)
        XCTAssertEqual(run.status, 0, run.log)
        return (try XCTUnwrap(run.frame, run.log), run)
    }

    // MARK: reading pixels

    private enum Hue: Equatable { case red, green, blue, yellow, magenta, cyan, other }

    private func hue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Hue {
        let hi = { (v: UInt8) in v > 150 }, lo = { (v: UInt8) in v < 90 }
        switch (hi(p.r), hi(p.g), hi(p.b), lo(p.r), lo(p.g), lo(p.b)) {
        case (true, _, _, _, true, true): return .red
        case (_, true, _, true, _, true) where p.g > 100: return .green
        case (_, _, true, true, true, _): return .blue
        case (true, true, _, _, _, true): return .yellow
        case (true, _, true, _, true, _): return .magenta
        case (_, true, true, true, _, _): return .cyan
        default: return .other
        }
    }

    /// Where the wall draws its cells, for photos of these sizes (drawn upright) in order.
    private func frames(_ sizes: [(Int, Int)], window: PixelSize, columns: Int? = nil) -> [Rect] {
        var config = GalleryConfig()
        if let columns { config.columns = columns }
        var layout = MasonryLayout(width: window.width, metrics: config.layoutMetrics(width: window.width))
        for (w, h) in sizes { layout.append(aspect: w, height: h) }
        return layout.frames.map { $0.offsetBy(dy: config.headerHeight) }
    }

    private func centre(_ f: Surface, _ r: Rect) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        f.pixel(x: r.x + r.width / 2, y: r.y + r.height / 2)
    }

    // MARK: tests

    func testAPlayingClipMovesAndAPosterStaysStill() throws {
        // Red then green, and blue then yellow, two seconds each; one clip plays at a time on this wall.
        try clip("a.mp4", ["red", "lime"], seconds: 2)
        try clip("b.mp4", ["blue", "yellow"], seconds: 2)
        let cells = frames([(480, 270), (480, 270)], window: PixelSize(width: 1280, height: 800))
        let (early, _) = try show(["--wall-clips", "1", "--script", "await-clip:0.2"])
        let (later, _) = try show(["--wall-clips", "1", "--script", "await-clip:2.5"])
        XCTAssertEqual(hue(centre(early, cells[0])), .red, "the first clip's first moment")
        XCTAssertEqual(hue(centre(later, cells[0])), .green, "the same cell two seconds in: it plays")
        XCTAssertEqual(hue(centre(early, cells[1])), .blue, "the second clip's poster")
        XCTAssertEqual(hue(centre(later, cells[1])), .blue, "still its poster: one clip plays at a time here")
        // The badge: the clip's length on a dark band in its top-left corner.
        let badge = later.pixel(x: cells[1].x + 12, y: cells[1].y + 12)
        XCTAssertLessThan(Int(badge.b), 150, "a dark badge over the blue poster")
    }

    func testTheSlideshowPlaysAClipToItsEndThenMovesOn() throws {
        try clip("a.mp4", ["red"], seconds: 1.5, w: 640, h: 360)
        try still("b.png", "blue", w: 640, h: 360)
        // A minute a photo: only the clip's end can move the show on before the app's own minute is out.
        let (frame, run) = try show(["--mode", "slideshow", "--interval", "60", "--transition", "none",
                                     "--script", "await-clip:1,await-slide:1"], size: PixelSize(width: 1280, height: 720))
        XCTAssertEqual(hue(frame.pixel(x: 640, y: 360)), .blue, "the still after the clip: \(run.log)")
    }

    func testThePaneSeeksWhereItIsAsked() throws {
        try clip("a.mp4", ["red", "lime"], seconds: 2)
        let (paused, _) = try show(["--script", "next,open,playpause"])
        let (sought, _) = try show(["--script", "next,open,playpause,seekforward,await-clip:3"])
        XCTAssertEqual(hue(paused.pixel(x: 640, y: 400)), .red, "paused at its start")
        XCTAssertEqual(hue(sought.pixel(x: 640, y: 400)), .green, "five seconds on: its green end, while paused")
    }

    func testEveryKindHasAPosterOfItsSizeAndOrientation() throws {
        // A clip stored 320x180 and turned a quarter: drawn 180x320.
        try clip("a.mp4", ["red"], seconds: 1, w: 320, h: 180)
        try turn("a.mp4", 90)
        // A Live Photo: its still (blue) and its MOV (green), one photo.
        try still("b.jpg", "blue", w: 300, h: 200)
        try clip("b.mov", ["lime"], seconds: 1, w: 300, h: 200)
        // An animated GIF and an animated WebP.
        try clip("c.gif", ["yellow", "yellow"], seconds: 0.4, w: 200, h: 200, codec: [])
        try clip("d.webp", ["magenta", "magenta"], seconds: 0.4, w: 200, h: 100, codec: ["-c:v", "libwebp_anim", "-loop", "0"])
        // A motion photo: a cyan JPEG with its MP4 after it, found through its XMP.
        try still("e-still.jpg", "cyan", w: 300, h: 200)
        try clip("e-clip.mp4", ["red"], seconds: 1, w: 300, h: 200)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: folder + "/e-still.jpg"))
        let mp4 = try Data(contentsOf: URL(fileURLWithPath: folder + "/e-clip.mp4"))
        try (MotionBytes.withXMP(jpeg, MotionBytes.motionPhotoXMP(length: mp4.count)) + mp4)
            .write(to: URL(fileURLWithPath: folder + "/e.jpg"))
        try FileManager.default.removeItem(atPath: folder + "/e-still.jpg")
        try FileManager.default.removeItem(atPath: folder + "/e-clip.mp4")

        let window = PixelSize(width: 1280, height: 800)
        let (frame, run) = try show(["--wall-clips", "0", "--columns", "5"], size: window)
        XCTAssertTrue(run.log.contains("found 5 photos"), "the MOV is part of its Live Photo: \(run.log)")
        let cells = frames([(180, 320), (300, 200), (200, 200), (200, 100), (300, 200)], window: window, columns: 5)
        XCTAssertGreaterThan(cells[0].height, cells[0].width, "the turned clip stands upright")
        XCTAssertEqual(hue(centre(frame, cells[0])), .red)
        XCTAssertEqual(hue(frame.pixel(x: cells[0].x + cells[0].width / 2, y: cells[0].maxY - 12)), .red,
                       "red down to the foot of its tall cell")
        XCTAssertEqual(hue(centre(frame, cells[1])), .blue, "the Live Photo's still")
        XCTAssertEqual(hue(centre(frame, cells[2])), .yellow, "the GIF's first frame")
        XCTAssertEqual(hue(centre(frame, cells[3])), .magenta, "the WebP's first frame")
        XCTAssertEqual(hue(centre(frame, cells[4])), .cyan, "the motion photo's still")
    }

    /// A fixture Immich of four assets whose clip is a red one made here, `kind` set for the first asset (a video
    /// or a Live Photo); the app shown it with `extra` options.
    private func immich(_ kind: WritableKeyPath<FixtureFaults, Set<Int>>, clip name: String,
                        runs: [[String]]) throws -> (runs: [AppProcess.Run], server: FixtureServer, key: String) {
        try clip(name, ["red"], seconds: 3, w: 320, h: 240)
        var faults = FixtureFaults()
        faults.immichAssets = 4
        faults[keyPath: kind] = [0]
        faults.immichClip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        let server = FixtureServer(photos: 4, faults: faults)
        try server.start(port: 0)
        defer { server.stop() }
        let shown = try runs.map { extra in
            try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "1280x800", "--source", "immich",
                                "--api", server.baseURL] + extra, environment: ["IMMICH_API_KEY": faults.immichKey])
        }
        return (shown, server, faults.immichKey)
    }

    /// The wall's first cell, where the first asset is drawn: a point inside it whatever its shape.
    private var firstCell: (x: Int, y: Int) {
        let first = frames([(1, 1)], window: PixelSize(width: 1280, height: 800))[0]
        return (first.x + first.width / 2, first.y + 40)
    }

    func testAnImmichVideoPlaysFromItsServer() throws {
        let (runs, server, key) = try immich(\.immichVideos, clip: "red.mp4", runs: [["--script", "await-clip:1"]])
        let run = runs[0]
        XCTAssertEqual(run.status, 0, run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        XCTAssertFalse(server.counters.immichPlaybacks.isEmpty, "the clip came from the server")
        // The video is the first asset: red while it plays (its poster is not red).
        XCTAssertEqual(hue(frame.pixel(x: firstCell.x, y: firstCell.y)), .red, run.log)
        XCTAssertFalse(run.log.contains(key), "the key is never logged")
    }

    func testAnImmichLivePhotoPlaysItsMomentFromItsServer() throws {
        let (runs, server, _) = try immich(\.immichLivePhotos, clip: "red.mov",
                                           runs: [["--wall-clips", "0"], ["--script", "await-clip:0.5"]])
        let (still, moving) = (runs[0], runs[1])
        XCTAssertEqual(moving.status, 0, moving.log)
        XCTAssertNotEqual(hue(try XCTUnwrap(still.frame, still.log).pixel(x: firstCell.x, y: firstCell.y)), .red,
                          "its still")
        XCTAssertEqual(hue(try XCTUnwrap(moving.frame, moving.log).pixel(x: firstCell.x, y: firstCell.y)), .red,
                       "its moment plays")
        XCTAssertEqual(server.counters.immichPlaybacks, [DemoImmich.liveClipID(0)], "the Live Photo's own clip")
    }

    func testHostileFilesLeaveTheWallDrawing() throws {
        try clip("a-good.mp4", ["lime"], seconds: 1)
        FileManager.default.createFile(atPath: folder + "/b-empty.mp4", contents: Data())
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/a-good.mp4"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/c-truncated.mp4"))
        try Data("this is no video at all\n".utf8).write(to: URL(fileURLWithPath: folder + "/d-text.mp4"))
        var corrupt = whole
        for i in stride(from: whole.count / 3, to: whole.count * 2 / 3, by: 7) { corrupt[i] = 0xA5 }
        try corrupt.write(to: URL(fileURLWithPath: folder + "/e-corrupt.mp4"))
        // A GIF whose screen claims 65535x65535, with one 1x1 image in it.
        let bomb: [UInt8] = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
                                                    0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        try Data(bomb).write(to: URL(fileURLWithPath: folder + "/f-bomb.gif"))
        let (frame, run) = try show(["--script", "await-clip:0.3"], measuresMemory: true)
        let first = frames([(480, 270)], window: PixelSize(width: 1280, height: 800))[0]
        XCTAssertEqual(hue(centre(frame, first)), .green, "the good clip plays first: \(run.log)")
        let peak = try XCTUnwrap(run.peakRSSMB)
        XCTAssertLessThan(peak, 250, "the app's own peak memory")
    }
}

/// A frame at night: the clip playing when its hours end stops with the display, so no decoder warms a dark room.
final class MovingPicturesAtNightUITests: XSessionTestCase {
    /// The media players the app runs now (its children whose command line says `player`).
    private func players(of app: pid_t) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[2]) == app else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains("player")
        }.count
    }

    private func waitFor(_ what: String, seconds: Double, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { _ = x.app.map { $0.isRunning } ; usleep(50_000) }
        XCTAssertTrue(condition(), what)
    }

    func testTheClipStopsWhenTheDisplayGoesOffForTheNight() throws {
        let folder = root + "/clips"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        make.arguments = ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "3",
                          "-c:v", "libx264", "-pix_fmt", "yuv420p", folder + "/a.mp4"]
        try make.run()
        make.waitUntilExit()
        // The hours end at 12:00; for the kiosk it is 11:59:52 now.
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        let secondOfDay = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        let shift = 11 * 3600 + 59 * 60 + 52 - secondOfDay
        let off = root + "/display-off"
        _ = try x.launch(["--kiosk", "--name", "Lobby", "--no-cache", "--renderer", "software", "--size", "900x600",
                          "--schedule", "06:00-12:00", "--clock-shift=\(shift)", "--display-off-command", "touch \(off)",
                          "--display-on-command", "true",
                          folder], environment: ["XDG_DATA_HOME": root + "/data"])
        let app = try XCTUnwrap(x.app?.processIdentifier)
        waitFor("the clip plays by day", seconds: 8) { players(of: app) > 0 }
        waitFor("the display goes off at the hours' end", seconds: 20) { FileManager.default.fileExists(atPath: off) }
        waitFor("its player stops with the display", seconds: 5) { players(of: app) == 0 }
    }
}
