import Foundation
import ImageSamples
import XCTest

/// `--memories` in the real app: of a folder's photos, those taken on this day in earlier years show, newest year
/// first; a photo of another day, one of today, and one with no date taken do not.
final class MemoriesUITests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-memories-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: AppProcess.executable) else {
            throw missing("the app (swift build): \(AppProcess.executable)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw missing("ImageMagick") }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    func testThisDayInEarlierYearsNewestFirstAndNothingElse() throws {
        let plain = root + "/plain.jpg"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = ["-size", "120x80", "gradient:navy-orange", plain]
        try p.run()
        p.waitUntilExit()
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: plain))
        var t = time_t(Date().timeIntervalSince1970)
        var today = tm()
        localtime_r(&t, &today)
        let year = Int(today.tm_year) + 1900, month = Int(today.tm_mon) + 1, day = Int(today.tm_mday)
        try XCTSkipIf(month == 2 && day == 29, "the earlier years have no 29th of February")
        func exif(_ y: Int, _ m: Int, _ d: Int) -> String { String(format: "%04d:%02d:%02d 12:00:00", y, m, d) }
        let otherDay = day == 1 ? 2 : day - 1
        let photos = ["y1.jpg": exif(year - 1, month, day), "y3.jpg": exif(year - 3, month, day),
                      "y7.jpg": exif(year - 7, month, day), "other.jpg": exif(year - 2, month, otherDay),
                      "today.jpg": exif(year, month, day)]
        for (name, taken) in photos {
            try HeaderBytes.withExif(jpeg, taken: taken).write(to: URL(fileURLWithPath: root + "/photos/" + name))
        }
        try jpeg.write(to: URL(fileURLWithPath: root + "/photos/undated.jpg"))
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "640x400", "--mode", "slideshow",
                                      "--memories", "--script", "nextphoto,nextphoto,nextphoto", root + "/photos"],
                                     environment: ["TESSERA_LOG_SHOWN": "1"])
        XCTAssertEqual(run.status, 0, run.log)
        let shown = run.log.split(separator: "\n").compactMap { line in
            line.range(of: "tessera: shown f").map { _ in line }.flatMap { $0.range(of: "shown ") }.map { String(line[$0.upperBound...].split(separator: " ").last ?? "") }
        }
        var firstRound: [String] = []
        for name in shown where !firstRound.contains(name) { firstRound.append(name) }
        XCTAssertEqual(firstRound, ["y1.jpg", "y3.jpg", "y7.jpg"], "three earlier years, newest first: \(run.log)")
    }
}
