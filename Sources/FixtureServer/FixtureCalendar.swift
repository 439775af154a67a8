import Foundation

/// iCalendar stand-ins under `/calendar/…`, behind basic authentication (`frame:secret`, as a calendar server
/// would ask), for the calendar's fetcher and the app's tests:
/// - `today.ics`: an event later today ("Choir"), a weekly one begun three weeks ago on today's weekday
///   ("Weekly today") and one on tomorrow's weekday ("Weekly tomorrow"), an all-day one tomorrow ("Bins"), all in
///   the server's local time (floating times, as the frame reads them).
/// - `huge.ics`: 20 MB, more than a frame takes.
/// - `garbage.ics`: bytes that are no calendar.
/// Without the right `Authorization`, a 401 with a `WWW-Authenticate` challenge.
public enum FixtureCalendar {
    static let user = "frame", password = "secret"

    static func respond(_ parts: [String], headers: [String: String]) -> FixtureResponse {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        guard headers["authorization"] == expected else {
            var refused = FixtureResponse.text(401, "Unauthorized")
            refused.headers.append(("WWW-Authenticate", "Basic realm=\"calendar\""))
            return refused
        }
        switch parts.dropFirst().first {
        case "today.ics": return ics(today(now: Date()))
        case "huge.ics": return ics(String(repeating: "X-FILLER:" + String(repeating: "x", count: 990) + "\r\n", count: 20 << 10))
        case "garbage.ics": return ics("<html>This is not a calendar</html>\u{0}\u{1}")
        default: return .text(404, "Not found")
        }
    }

    private static func ics(_ text: String) -> FixtureResponse {
        FixtureResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8")], body: Data(text.utf8))
    }

    /// A calendar relative to `now` in the local zone (the UI tests build theirs the same way).
    public static func today(now: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.startOfDay(for: now)
        let later = min(calendar.date(byAdding: .minute, value: 90, to: now)!, day.addingTimeInterval(86_400 - 120))
        let threeWeeksAgo = calendar.date(byAdding: .day, value: -21, to: day)!
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: day)!
        func stamp(_ date: Date, dateOnly: Bool = false) -> String {
            let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            let d = String(format: "%04d%02d%02d", p.year!, p.month!, p.day!)
            return dateOnly ? d : d + String(format: "T%02d%02d00", p.hour!, p.minute!)
        }
        func event(_ uid: String, _ title: String, start: String, end: String, extra: String = "") -> String {
            "BEGIN:VEVENT\r\nUID:\(uid)@fixture\r\nDTSTAMP:20260101T000000Z\r\nDTSTART\(start)\r\nDTEND\(end)\r\n\(extra)"
                + "SUMMARY:\(title)\r\nEND:VEVENT\r\n"
        }
        // The weekly event's turn today is at the same time of day as the choir's.
        let weeklyStart = threeWeeksAgo.addingTimeInterval(later.timeIntervalSince(day))
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tessera//Fixture//EN\r\n"
            + event("choir", "Choir", start: ":" + stamp(later), end: ":" + stamp(later.addingTimeInterval(60)))
            + event("weekly-today", "Weekly today", start: ":" + stamp(weeklyStart),
                    end: ":" + stamp(weeklyStart.addingTimeInterval(60)), extra: "RRULE:FREQ=WEEKLY\r\n")
            + event("weekly-tomorrow", "Weekly tomorrow",
                    start: ":" + stamp(calendar.date(byAdding: .day, value: 1, to: threeWeeksAgo)!.addingTimeInterval(10 * 3600)),
                    end: ":" + stamp(calendar.date(byAdding: .day, value: 1, to: threeWeeksAgo)!.addingTimeInterval(11 * 3600)),
                    extra: "RRULE:FREQ=WEEKLY\r\n")
            + event("bins", "Bins", start: ";VALUE=DATE:" + stamp(tomorrow, dateOnly: true),
                    end: ";VALUE=DATE:" + stamp(calendar.date(byAdding: .day, value: 2, to: day)!, dateOnly: true))
            + "END:VCALENDAR\r\n"
    }
}
