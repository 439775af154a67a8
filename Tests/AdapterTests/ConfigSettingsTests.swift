import Foundation
import GalleryCore
@testable import TesseraApp
import XCTest

/// The settings form's side of the configuration file, on a temporary folder.
final class ConfigSettingsTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/tessera/config" }

    /// Stands for the command line's parser: interval and speed want numbers, schedule HH:MM-HH:MM.
    private static let check: @Sendable (String, String) -> String? = { name, value in
        switch name {
        case "interval", "speed", "idle": return Double(value) == nil ? "--\(name) wants a number" : nil
        case "schedule": return value.range(of: #"^\d\d:\d\d-\d\d:\d\d$"#, options: .regularExpression) == nil
            ? "--schedule wants HH:MM-HH:MM" : nil
        default: return nil
        }
    }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tessera-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func settings(running: [String: String] = [:]) -> ConfigSettings {
        ConfigSettings(path: path, check: Self.check, running: running)
    }

    private func mode(of file: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
    }

    func testANewFileAndItsFolderArePrivateAndLiveValuesBecomeCommands() throws {
        let saved = try settings().save(["interval": "8", "mode": "slideshow", "fill": "matte"]).get()
        XCTAssertEqual(saved.commands, [.setMode(.slideshow), .setInterval(8)])
        XCTAssertEqual(saved.atNextStart, ["fill"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mode = slideshow\ninterval = 8\nfill = matte\n")
        XCTAssertEqual(try mode(of: path), 0o600)
        XCTAssertEqual(try mode(of: folder + "/tessera"), 0o700)
    }

    func testCommentsOrderAndTheFilesModeKept() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        try "# lobby\nkiosk = yes\ninterval = 5 # slow\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o640), 0)
        _ = try settings().save(["interval": "12", "caption": "date # and place"]).get()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "# lobby\nkiosk = yes\ninterval = 12\ncaption = \"date # and place\"\n")
        XCTAssertEqual(try mode(of: path), 0o640)
        let form = settings().form()
        XCTAssertEqual(form.first { $0.name == "caption" }?.value, "date # and place")
    }

    func testABadValueWritesNothing() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        let original = Data("interval = 5\n# keep me\n".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let refusals = [
            ["interval": "8", "schedule": "all day"],
            ["interval": "8\nkiosk = yes"],
            ["interval": String(repeating: "9", count: 600)],
            ["mode": "carousel"],
            ["no-such-thing": "1"],
        ]
        for values in refusals {
            guard case .failure(let refusal) = settings().save(values) else {
                return XCTFail("\(values) was saved")
            }
            XCTAssertFalse(refusal.problems.isEmpty, "\(values)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "\(values)")
        }
        guard case .failure(let refusal) = settings().save(["interval": "8", "schedule": "all day"]) else { return }
        XCTAssertEqual(refusal.problems, ["schedule": "--schedule wants HH:MM-HH:MM"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/tessera")
        XCTAssertEqual(leftovers, ["config"])
    }

    func testACrashBeforeTheRenameLeavesTheOldFileWhole() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        let original = Data("mode = wall\n".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        struct Crash: Error {}
        let form = settings()
        var seen: (temporary: Data, file: Data)?
        form.beforeRename = { temporary in
            // The new file is complete beside the old one, which a reader still finds whole.
            seen = (try Data(contentsOf: URL(fileURLWithPath: temporary)), try Data(contentsOf: URL(fileURLWithPath: self.path)))
            throw Crash()
        }
        guard case .failure = form.save(["mode": "slideshow"]) else { return XCTFail("saved through a crash") }
        XCTAssertEqual(seen?.temporary, Data("mode = slideshow\n".utf8))
        XCTAssertEqual(seen?.file, original)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/tessera"), ["config"])
    }

    /// A save killed between its temporary file and the rename left `.config.PID.N.tmp` beside the file for ever:
    /// the next start removes such files, and only them: not another running tessera's, not a file of another
    /// name or pattern, not a folder or a link.
    func testTheNextStartRemovesWhatASaveCutShortLeftAndNothingElse() throws {
        let dir = folder + "/tessera"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("mode = wall\n".utf8).write(to: URL(fileURLWithPath: path))
        let write = { (name: String) in try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let dead: Int32 = 4_000_001, running: Int32 = 4_000_002
        try write(".config.\(dead).123.tmp")
        try write(".config.\(getpid()).7.tmp")
        let kept = [".config.\(running).9.tmp", ".config.tmp", ".config.\(dead).tmp", ".config.\(dead).1.2.tmp",
                    ".config.x\(dead).1.tmp", ".config.\(dead).1.tmp.bak", ".other.\(dead).1.tmp", "config.\(dead).1.tmp",
                    ".config.-\(dead).1.tmp", "notes"]
        for name in kept { try write(name) }
        try FileManager.default.createDirectory(atPath: dir + "/.config.\(dead).5.tmp", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/.config.\(dead).6.tmp", withDestinationPath: dir + "/notes")

        let removed = AtomicFile.removeLeftovers(of: path, isWriting: { $0 == running })
        XCTAssertEqual(Set(removed), [dir + "/.config.\(dead).123.tmp", dir + "/.config.\(getpid()).7.tmp"])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        XCTAssertEqual(left, Set(kept + ["config", ".config.\(dead).5.tmp", ".config.\(dead).6.tmp"]))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mode = wall\n")
        XCTAssertEqual(try String(contentsOfFile: dir + "/notes", encoding: .utf8), "x", "a link's target untouched")
    }

    /// The name a save gives its temporary file is the one the start looks for.
    func testASavesTemporaryNameIsTheOneTheStartRecognises() {
        let name = AtomicFile.temporaryName(for: "config", pid: 42, serial: .max)
        XCTAssertEqual(AtomicFile.writer(of: name, name: "config"), 42)
        XCTAssertNil(AtomicFile.writer(of: name, name: "conf"))
        XCTAssertFalse(AtomicFile.isRunningTessera(getpid()), "the test is not a tessera")
    }

    func testFormValuesFromTheFileElseTheRunningOnes() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        try "interval = 9\nwake-on-touch = on\nimmich-album = abc\n".write(toFile: path, atomically: false, encoding: .utf8)
        let form = settings(running: ["interval": "5", "mode": "wall"]).form()
        let values = Dictionary(uniqueKeysWithValues: form.map { ($0.name, $0.value) })
        XCTAssertEqual(values["interval"], "9")
        XCTAssertEqual(values["mode"], "wall")
        XCTAssertEqual(values["wake-on-touch"], "yes")
        XCTAssertEqual(values["album"], "abc")
        // The week's hours, dates, dims and place take effect at once (`Command.setWeek`); the night clock at the next start.
        XCTAssertEqual(form.filter(\.live).map(\.name), ["mode", "interval", "schedule", "schedule-except", "dim", "location",
                                                          "speed", "source", "album"])
        XCTAssertEqual(form.first { $0.name == "source" }?.choices, SourceRegistry.installed.names)
    }

    /// The frame shows the folders its command line named while the file says picsum: the form shows the folders.
    func testTheFormShowsTheSourceInUseNotTheFiles() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        try "source = immich\nimmich-album = abc\ninterval = 9\n".write(toFile: path, atomically: false, encoding: .utf8)
        let form = settings(running: ["source": "picsum"]).form(inUse: .init(name: "folder", title: "the folders"))
        let values = Dictionary(uniqueKeysWithValues: form.map { ($0.name, $0.value) })
        XCTAssertEqual(values["source"], "folder")
        XCTAssertEqual(values["album"], "", "the folders have no album")
        XCTAssertEqual(values["interval"], "9", "the rest is still the file's")
        let immich = settings().form(inUse: .init(name: "immich", title: "Immich", album: "xyz"))
        XCTAssertEqual(immich.first { $0.name == "album" }?.value, "xyz")
    }

    func testAnAlbumSwitchesTheSourceAndReplacesItsOtherKey() throws {
        try FileManager.default.createDirectory(atPath: folder + "/tessera", withIntermediateDirectories: true)
        try "source = immich\nimmich-album = old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let saved = try settings().save(["album": "new"]).get()
        XCTAssertEqual(saved.commands, [.useSource("immich", album: "new")])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "source = immich\nalbum = new\n")
    }

    func testSavesFromManyThreadsAllLand() throws {
        let form = settings()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = form.save([["interval", "speed", "idle", "caption"][index % 4]: "\(index)"])
        }
        let entries = ConfigText.parse(try String(contentsOfFile: path, encoding: .utf8)).entries
        XCTAssertEqual(Set(entries.map(\.name)), ["interval", "speed", "idle", "caption"])
        XCTAssertEqual(entries.count, 4)
    }
}
