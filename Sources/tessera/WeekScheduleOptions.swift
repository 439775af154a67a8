import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// A kiosk's week of hours (`--schedule` by weekday, `--schedule-except`, `--dim`, sunrise and sunset from `--location`).
struct WeekScheduleOptions: ParsableArguments {
    @Option(help: "Kiosk: the hours photos show, by weekday: \"mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30\" (days mon…sun as ranges or lists, fri-mon wraps; several spells a day; a day not named is dark). HH:MM-HH:MM alone is every day (may run past midnight; 00:00-24:00 is all day, other equal ends are refused). An end may be sunrise or sunset, moved by minutes (sunset-30, sunrise+15; needs --location). On the night the clocks go back, hours begun before the change last until their end, once. Outside them the display is switched off (X11 DPMS, a wlroots compositor's output power, the KMS connector's DPMS, HDMI-CEC or --display-off-command; black where none works, and the header says why).")
    var schedule: String?

    @Option(help: "Kiosk: a date dark all day (2026-12-25) or with hours of its own (\"2026-12-24 08:00-14:00\"); repeatable, or several apart by ;.")
    var scheduleExcept: [String] = []

    @Option(help: "Kiosk: spells at a lower brightness, in --schedule's words ending in a percent: \"21:00-23:00 30%\", \"mon-fri sunset-23:00 40%; sat-sun 22:00-23:30 50%\" (the display's brightness where --brightness finds a way, else the photos drawn darker).")
    var dim: String?

    @Option(help: "Kiosk: where sunrise and sunset are worked out for, LAT,LON in decimal degrees (52.52,13.40); by default --weather's coordinates.")
    var location: String?

    @Option(help: "Kiosk: outside the hours, only a clock at this brightness (20%, or yes for 20%) instead of the display off.")
    var nightClock: String?

    func validate() throws {
        if let schedule, case .failure(let refusal) = SpellGrammar.groups(schedule) {
            throw ValidationError("--schedule \(schedule): \(refusal)")
        }
        for text in scheduleExcept where !Self.isEmpty(text) {
            if case .failure(let refusal) = WeekScheduleText.exceptions(text) {
                throw ValidationError("--schedule-except \(text): \(refusal)")
            }
        }
        if let dim, !Self.isEmpty(dim), case .failure(let refusal) = SpellGrammar.groups(dim, withLevel: true) {
            throw ValidationError("--dim \(dim): \(refusal)")
        }
        if let location, GeoPoint(parsing: location) == nil {
            // Translators: {value} is what was given; LAT,LON stays as written.
            throw ValidationError(tr("--location {value}: must be LAT,LON in decimal degrees (52.52,13.40), a latitude -90…90 and a longitude -180…180",
                                     ["value": location]))
        }
        if let nightClock, !Self.isEmpty(nightClock), WeekScheduleText.nightClockLevel(nightClock) == nil {
            throw ValidationError(tr("--night-clock {value}: must be a brightness of 1% to 100% (or yes)", ["value": nightClock]))
        }
    }

    /// An empty `--dim`, `--schedule-except` or `--night-clock` (the settings form's cleared field) is none.
    static func isEmpty(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).isEmpty }

    /// Whether any of these options was given (then the kiosk follows a week rather than no hours at all).
    var given: Bool { schedule != nil || !scheduleExcept.isEmpty || dim != nil || nightClock != nil }

    /// The week these options describe, with `fallback` for a place (the weather's coordinates).
    func week(fallback place: GeoPoint?) -> WeekSchedule {
        var week = WeekSchedule()
        week.hours = schedule.flatMap { try? SpellGrammar.groups($0).get() }
        for text in scheduleExcept where !Self.isEmpty(text) {
            week.exceptions.merge((try? WeekScheduleText.exceptions(text).get()) ?? [:]) { _, last in last }
        }
        week.dims = dim.flatMap { try? SpellGrammar.groups($0, withLevel: true).get() } ?? []
        week.nightClock = nightClock.flatMap(WeekScheduleText.nightClockLevel)
        week.place = location.flatMap(GeoPoint.init(parsing:)) ?? place
        return week
    }

    func apply(to options: inout AppOptions) throws {
        options.config.dimsByWeek = options.kiosk != nil
        guard given, let kiosk = options.kiosk else { return }
        // The weather's coordinates, or the place its name was geocoded to on an earlier run (no network here).
        let weather = WeatherPlaceLookup.known(options.config.weather)
            .flatMap { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
        let week = week(fallback: weather)
        if let problem = WeekScheduleText.problem(week) {
            // A frame started from its file must still start: the sun is taken at 06:00 and 18:00 until a place is given.
            // Translators: printed at start; {problem} says what the schedule lacks (a place for the sun's times).
            let words = tr("{problem}; meanwhile sunrise is 06:00 and sunset 18:00", ["problem": problem])
            FileHandle.standardError.write(Data("tessera: warning: \(words)\n".utf8))
        }
        kiosk.week = week
        options.config.nightClock = week.nightClock
        let dates = scheduleExcept.isEmpty ? nil : scheduleExcept.joined(separator: "; ")
        options.weekTexts = ["schedule": schedule, "schedule-except": dates, "dim": dim,
                             "location": location ?? week.place?.description, "night-clock": nightClock]
            .compactMapValues { $0 }
    }
}
