import Foundation

/// The words of a week's options read into a `WeekSchedule`: `--schedule-except` dates, `--night-clock`'s level,
/// and the whole week checked together (a sun edge needs a place).
public enum WeekScheduleText {
    /// Reads `2026-12-25` (dark all day) or `2026-12-25 09:00-22:00` (those hours instead), several apart by `;`
    /// (`2026-12-24 08:00-14:00; 2026-12-25`); a date given twice keeps its last hours.
    public static func exceptions(_ text: String) -> Result<[Int64: [Spell]], SpellRefusal> {
        var found: [Int64: [Spell]] = [:]
        let items = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { return .failure(.notDate(text)) }
        for item in items {
            let words = item.split(separator: " ", maxSplits: 1).map(String.init)
            guard let day = day(words[0]) else { return .failure(.notDate(words[0])) }
            guard words.count == 2 else { found[day] = []; continue }
            switch SpellGrammar.spells(words[1].replacingOccurrences(of: " ", with: "")) {
            case .success(let spells): found[day] = spells
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(found)
    }

    /// Days since 1970-01-01 of a real calendar date `YYYY-MM-DD` (proleptic Gregorian), or nil.
    public static func day(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int64(parts[0]), let m = Int64(parts[1]), let d = Int64(parts[2]), (1...12).contains(m)
        else { return nil }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard d >= 1, d <= lengths[Int(m - 1)] else { return nil }
        // Howard Hinnant's days_from_civil.
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `--night-clock`'s level: `20%` (or `20`), 1 to 100; `yes`/`on` for `defaultNightClock`.
    public static func nightClockLevel(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["yes", "on", "true"].contains(t) { return defaultNightClock }
        guard let level = Int(t.hasSuffix("%") ? String(t.dropLast()) : t), (1...100).contains(level) else { return nil }
        return level
    }

    /// A night clock's brightness when none is given: readable in a dark room, not lighting it.
    public static let defaultNightClock = 20

    /// Why the week does not hold together, or nil: a sunrise or sunset edge needs a place.
    public static func problem(_ week: WeekSchedule) -> String? {
        guard week.usesSun, week.place == nil else { return nil }
        return tr("sunrise and sunset need a place: give --location LAT,LON (or --weather LAT,LON)")
    }
}
