import Foundation
import GalleryCore
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

    /// A folder of 120x80 JPEGs: taken on this day 1, 3 and 7 years ago (y1, y3, y7), on another day, today, and
    /// one undated. Returns this year.
    private func makePhotos() throws -> Int {
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
        return year
    }

    /// The names shown, in order, from the log (`TESSERA_LOG_SHOWN`).
    private func shownNames(_ log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            line.range(of: "tessera: shown f").map { _ in line }.flatMap { $0.range(of: "shown ") }
                .map { String(line[$0.upperBound...].split(separator: " ").last ?? "") }
        }
    }

    func testThisDayInEarlierYearsNewestFirstAndNothingElse() throws {
        _ = try makePhotos()
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "640x400", "--mode", "slideshow",
                                      "--memories", "--script", "nextphoto,nextphoto,nextphoto", root + "/photos"],
                                     environment: ["TESSERA_LOG_SHOWN": "1"])
        XCTAssertEqual(run.status, 0, run.log)
        let shown = shownNames(run.log)
        var firstRound: [String] = []
        for name in shown where !firstRound.contains(name) { firstRound.append(name) }
        XCTAssertEqual(firstRound, ["y1.jpg", "y3.jpg", "y7.jpg"], "three earlier years, newest first: \(run.log)")
    }

    /// The memories room (`m`) over a folder shown in its own order: three photos under three headings, one per
    /// earlier year, newest first, each heading's words on the background across the wall above its photo.
    func testTheMemoriesRoomHeadsEachYear() throws {
        let year = try makePhotos()
        let window = PixelSize(width: 640, height: 1200)
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", window.description, "--sort", "name",
                                      "--script", "memories", root + "/photos"])
        XCTAssertEqual(run.status, 0, run.log)
        let titles = [1, 3, 7].map { WallSections(today: .init(year: year, month: 1, day: 1)).title(year - $0) }
        XCTAssertTrue(run.log.contains("3 photos under " + titles.joined(separator: "; ")), run.log)
        let shot = try XCTUnwrap(run.frame)
        // Where the app lays them out: each photo under its own heading, across both columns.
        let config = GalleryConfig()
        var layout = MasonryLayout(width: window.width, metrics: config.layoutMetrics(width: window.width))
        for title in titles { layout.append(aspect: 120, height: 80, heading: (title, config.sectionHeadingHeight)) }
        XCTAssertEqual(layout.headings.count, 3)
        let background = (24, 24, 27)
        for (heading, photoFrame) in zip(layout.headings, layout.frames) {
            let band = heading.frame.offsetBy(dy: config.headerHeight)
            var ink = 0, plain = 0, other = 0
            for y in stride(from: band.y, to: band.maxY, by: 2) {
                for x in stride(from: band.x, to: band.maxX, by: 2) {
                    let p = shot.pixel(x: x, y: y)
                    if XSession.isColor(p, background, tolerance: 6) { plain += 1 }
                    else if Int(p.r) + Int(p.g) + Int(p.b) > 450 { ink += 1 } else { other += 1 }
                }
            }
            XCTAssertGreaterThan(ink, 20, "the heading's words over \(heading.title)")
            XCTAssertGreaterThan(plain, 8 * (ink + other), "the heading stands on the background, not on a photo")
            // The photo right under it: not the background.
            let c = shot.pixel(x: photoFrame.x + photoFrame.width / 2, y: config.headerHeight + photoFrame.y + photoFrame.height / 2)
            XCTAssertFalse(XSession.isColor(c, background, tolerance: 6), "a photo under \(heading.title)")
        }
    }

    /// `--memories-first`: the slideshow opens with this day's memories, newest first, then goes on with the rest.
    func testAShowThatOpensWithItsMemoriesGoesOnWithTheRest() throws {
        _ = try makePhotos()
        let run = try AppProcess.run(["--name", "Ada", "--no-cache", "--size", "640x400", "--mode", "slideshow",
                                      "--memories-first", "--script", Array(repeating: "nextphoto", count: 8).joined(separator: ","),
                                      root + "/photos"], environment: ["TESSERA_LOG_SHOWN": "1"])
        XCTAssertEqual(run.status, 0, run.log)
        let shown = shownNames(run.log)
        XCTAssertEqual(Array(shown.prefix(3)), ["y1.jpg", "y3.jpg", "y7.jpg"], run.log)
        XCTAssertGreaterThanOrEqual(shown.count, 9, run.log)
        XCTAssertEqual(Set(shown.dropFirst(3).prefix(6)), ["y1.jpg", "y3.jpg", "y7.jpg", "other.jpg", "today.jpg", "undated.jpg"],
                       "then the whole folder in its own order: \(shown)")
    }
}
