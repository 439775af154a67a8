import Foundation
import GalleryCore
@testable import TesseraApp
import XCTest

/// The week's fields of the remote's settings form: saved to the file, they reach the running frame as
/// `Command.setWeek` (the night clock at the next start), and the frame's kiosk follows them at once.
final class WeekSettingsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tessera-week-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testSavedHoursDimsDatesAndPlaceTakeEffectAtOnce() throws {
        let path = folder + "/config"
        let settings = ConfigSettings(path: path, check: { _, _ in nil }, running: [:])
        let saved = try settings.save(["schedule": "mon-fri 07:00-09:00; sat-sun 08:00-23:00",
                                       "dim": "21:00-23:00 30%", "schedule-except": "2026-12-25",
                                       "location": "52.52,13.40", "night-clock": "20%"]).get()
        XCTAssertEqual(saved.commands, [.setWeek(.schedule, "mon-fri 07:00-09:00; sat-sun 08:00-23:00"),
                                        .setWeek(.except, "2026-12-25"), .setWeek(.dim, "21:00-23:00 30%"),
                                        .setWeek(.location, "52.52,13.40")])
        XCTAssertEqual(saved.atNextStart, ["night-clock"])
        let file = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(file.contains("schedule = mon-fri 07:00-09:00; sat-sun 08:00-23:00"), file)
        XCTAssertTrue(file.contains("dim = 21:00-23:00 30%"), file)

        // The running kiosk (all day until now) takes them: a Monday 08:00 is on, 10:00 off, 22:00 on a Saturday dim.
        let kiosk = Kiosk()
        let model = GalleryModel(kiosk: kiosk)
        for command in saved.commands { _ = model.apply(command) }
        let monday = try XCTUnwrap(WeekScheduleText.day("2026-11-30"))
        let utc = TimeZone(secondsFromGMT: 0)!
        func at(_ day: Int64, _ hour: Int) -> Date { Date(timeIntervalSince1970: Double(day * 86_400 + Int64(hour) * 3600)) }
        XCTAssertEqual(kiosk.scheduled(at: at(monday, 8), in: utc), .on)
        XCTAssertEqual(kiosk.scheduled(at: at(monday, 10), in: utc), .off)
        XCTAssertEqual(kiosk.scheduled(at: at(monday + 5, 22), in: utc), .dim(30))
        XCTAssertEqual(kiosk.week?.place, GeoPoint(latitude: 52.52, longitude: 13.40))
        XCTAssertTrue(kiosk.keepsDisplayPower)
    }
}
