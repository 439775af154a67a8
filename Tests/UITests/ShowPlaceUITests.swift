import Foundation
import XCTest

/// The real app's slideshow over a shuffled folder, killed (SIGKILL, as a power cut) every twenty photos: every photo
/// is shown exactly once before any repeats, each start carrying on from the place the library kept, and photos
/// copied into the folder mid-pass are shown in that pass.
final class ShowPlaceUITests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-place-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    /// Photos `names` in the folder: one small JPEG made, copied (each path is its own photo).
    private func addPhotos(_ names: [String]) throws {
        let sample = root + "/sample.jpg"
        if !FileManager.default.fileExists(atPath: sample) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
            p.arguments = ["-size", "96x64", "gradient:navy-orange", sample]
            try p.run()
            p.waitUntilExit()
        }
        for name in names { try FileManager.default.copyItem(atPath: sample, toPath: root + "/photos/" + name) }
    }

    /// One run: the slideshow steps through `photos` photos (the first shown at start), then the loop hangs and the
    /// app is killed. Returns the photos shown, in order, as the app logged them (after the library kept each).
    private func run(photos: Int) throws -> [String] {
        let run = try AppProcess.killedAfterShowing(photos, arguments: [
            "--sort", "random", "--name", "Ada", "--cache-dir", root + "/cache", "--library-dir", root + "/data",
            root + "/photos"])
        XCTAssertTrue(run.killed, "killed, not ended")
        return run.shown
    }

    func testEveryPhotoOnceAcrossRestartsAndNewcomersInTheSamePass() throws {
        try addPhotos((0..<300).map { "p\($0).jpg" })
        var shown: [String] = []
        for restart in 0..<15 {
            let run = try run(photos: 20)
            XCTAssertEqual(run.count, 20, "run \(restart)")
            shown += run
            if restart == 9 {
                // Five copied in mid-pass: they belong to this pass.
                try addPhotos((0..<5).map { "new\($0).jpg" })
            }
        }
        shown += try run(photos: 5)
        XCTAssertEqual(shown.count, 305)
        XCTAssertEqual(Set(shown).count, 305, "every photo, newcomers included, exactly once before any repeats")
        let next = try run(photos: 20)
        XCTAssertEqual(next.count, 20, "a pass that ended on its last photo goes on with the next")
        XCTAssertTrue(Set(shown).isSuperset(of: next), "then the next pass")
        XCTAssertNotEqual(next, Array(shown.prefix(20)), "in an order of its own")
    }
}
