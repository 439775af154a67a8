import Foundation
import GalleryCore
import SDLKit
import XCTest

/// `--dim "sunset-30-23:59 30%"` in Berlin (`TZ=Europe/Berlin`, `--location 52.52,13.405`): the dim's edge follows the
/// sunset of the kiosk's date. The kiosk's clock is put a few seconds before that edge on 21 June and on 21 December
/// (`--clock-shift` moves the date too): each time the brightness command hears 100, then 30 when the edge passes;
/// and at June's edge time on a December evening it is dim from the start. Where the edge falls is the core's
/// (`SunTimesTests` holds it to published times); this is the frame following it.
final class SunsetDimUITests: XSessionTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// The dim's start on `date` (local midnight of that day in Berlin, from the morning on).
    private func edge(_ date: String) throws -> Date {
        let week = WeekSchedule(dims: try SpellGrammar.groups("sunset-30-23:59 30%", withLevel: true).get(),
                                place: GeoPoint(latitude: 52.52, longitude: 13.405))
        let day = try XCTUnwrap(WeekScheduleText.day(date))
        let morning = Date(timeIntervalSince1970: Double(day * 86_400 + 6 * 3600))
        return try XCTUnwrap(week.nextChange(after: morning, in: berlin))
    }

    /// Runs the kiosk with its clock reading `at` now; returns the levels the command heard once `done` holds.
    private func levels(at: Date, until done: @escaping ([String]) -> Bool) throws -> [String] {
        let file = root + "/levels-\(Int(at.timeIntervalSince1970))"
        let shift = Int(at.timeIntervalSinceNow.rounded())
        let id = try x.launch(["--kiosk", "--name", "Kitchen", "--demo", "--cache-dir", root + "/cache", "--renderer",
                               "software", "--size", "900x600", "--location", "52.52,13.405", "--clock-shift=\(shift)",
                               "--dim", "sunset-30-23:59 30%", "--brightness-command", "echo {} >> \(file)"],
                              environment: ["TZ": "Europe/Berlin"])
        func heard() -> [String] {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let deadline = Date().addingTimeInterval(30)
        while !done(heard()), Date() < deadline { _ = try x.frame(id) }
        x.killApp()
        return heard()
    }

    func testTheDimFollowsTheSunsetOfTheDate() throws {
        let june = try edge("2026-06-21"), december = try edge("2026-12-21")
        var local = Calendar(identifier: .gregorian)
        local.timeZone = berlin
        let (j, d) = (local.dateComponents([.hour, .minute], from: june), local.dateComponents([.hour, .minute], from: december))
        print(String(format: "sunset-30 in Berlin: %02d:%02d on 21 June, %02d:%02d on 21 December", j.hour!, j.minute!,
                     d.hour!, d.minute!))
        let (jm, dm) = (j.hour! * 60 + j.minute!, d.hour! * 60 + d.minute!)
        XCTAssertGreaterThan(jm - dm, 5 * 60, "June's edge over five hours later in the day than December's")
        XCTAssertEqual(try levels(at: june.addingTimeInterval(-5)) { $0.count >= 2 }, ["100", "30"], "June")
        XCTAssertEqual(try levels(at: december.addingTimeInterval(-5)) { $0.count >= 2 }, ["100", "30"], "December")
        // December at the time of day June dims (about 21:03): long past its sunset, dim from the start.
        let decemberEvening = december.addingTimeInterval(Double(jm - dm) * 60)
        XCTAssertEqual(try levels(at: decemberEvening) { !$0.isEmpty }, ["30"], "a December evening")
    }
}
