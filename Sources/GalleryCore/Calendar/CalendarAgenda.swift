import Foundation

/// The calendar overlay's lines: what is on now and next, in the frame's time zone, at most `limit` of them.
///
/// - An event under way comes first, as "Now" ("Now until 19:30 Choir"; "Now Choir" when it ends on another day).
/// - Times as the frame's clock writes them (`ClockWords`: 24 hours, or 12 where the locale or `--clock-hours` says).
/// - Then, day by day: a day's all-day events ("Tomorrow all day Bins"), then its timed ones by their start
///   ("Today 18:30 Choir"). An all-day event of several days is listed on today while it lasts.
/// - Days are "Today", "Tomorrow", then the weekday ("Friday") for the rest of the window (`days` after today).
/// - Finished events are gone; the same event from two sources is shown once.
public enum CalendarAgenda {
    /// A line's parts, for ordering.
    struct Entry {
        let day: Int
        /// 0 under way, 1 all day, 2 timed.
        let kind: Int
        let start: Date
        let text: String
    }

    /// `clock`: how the frame's clock writes a time ("7:05 PM" where it reads 12 hours); nil: 24 hours, "19:05".
    public static func lines(_ occurrences: [CalendarOccurrence], now: Date, timeZone: TimeZone, limit: Int,
                             days: Int = CalendarLimits().daysAhead, clock: ClockWords? = nil) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: now)
        var seen = Set<String>()
        var entries: [Entry] = []
        for occurrence in occurrences {
            // An instant (no end) lasts its minute.
            let end = occurrence.allDay ? occurrence.end : max(occurrence.end, occurrence.start.addingTimeInterval(60))
            guard end > now else { continue }
            let underWay = occurrence.start <= now
            let day = underWay ? 0 : dayIndex(of: occurrence.start, from: today, calendar: calendar)
            guard day <= days else { continue }
            let key = "\(occurrence.title)\u{1}\(occurrence.start.timeIntervalSince1970)\u{1}\(occurrence.allDay)"
            guard seen.insert(key).inserted else { continue }
            let text: String
            let kind: Int
            if occurrence.allDay {
                kind = 1
                // Translators: a calendar line: {day} is "Today", "Tomorrow" or a weekday; {event} the event's title.
                text = tr("{day} all day {event}", ["day": word(forDay: day, today: today, calendar: calendar),
                                                    "event": occurrence.title])
            } else if underWay {
                kind = 0
                let endsToday = dayIndex(of: end.addingTimeInterval(-1), from: today, calendar: calendar) == 0
                // Translators: a calendar line for an event under way: {time} is when it ends ("19:30"), {event} its title.
                text = endsToday ? tr("Now until {time} {event}", ["time": time(end, calendar: calendar, clock: clock),
                                                                  "event": occurrence.title])
                    // Translators: a calendar line for an event under way that ends on another day.
                    : tr("Now {event}", ["event": occurrence.title])
            } else {
                kind = 2
                // Translators: a calendar line: {day} is "Today", "Tomorrow" or a weekday; {time} the start ("18:30").
                text = tr("{day} {time} {event}", ["day": word(forDay: day, today: today, calendar: calendar),
                                                   "time": time(occurrence.start, calendar: calendar, clock: clock),
                                                   "event": occurrence.title])
            }
            entries.append(Entry(day: day, kind: kind, start: occurrence.start, text: text))
        }
        entries.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.start != b.start { return a.start < b.start }
            return a.text < b.text
        }
        return entries.prefix(max(0, limit)).map(\.text)
    }

    /// Local days from `today` (its midnight) to the day of `date`.
    static func dayIndex(of date: Date, from today: Date, calendar: Calendar) -> Int {
        calendar.dateComponents([.day], from: today, to: calendar.startOfDay(for: date)).day ?? 0
    }

    /// "Today", "Tomorrow", or the weekday.
    public static func word(forDay day: Int, today: Date, calendar: Calendar) -> String {
        switch day {
        // Translators: the calendar's day for events today and tomorrow (a line starts with it: "Today 18:30 Choir").
        case ...0: return tr("Today")
        case 1: return tr("Tomorrow")
        default:
            let date = calendar.date(byAdding: .day, value: day, to: today) ?? today
            return WordDates.weekday(calendar.component(.weekday, from: date))
        }
    }

    /// "18:30", or as the frame's clock writes it ("6:30 PM").
    static func time(_ date: Date, calendar: Calendar, clock: ClockWords? = nil) -> String {
        if let clock { return clock.time(date, timeZone: calendar.timeZone) }
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let h = parts.hour ?? 0, m = parts.minute ?? 0
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
