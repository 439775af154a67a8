import Foundation

/// Dates and ages as the frame's language writes them: Foundation's own patterns, month and weekday names for
/// `Words.language.locale` ("1. Juni 2024", "2024年6月1日"), ages from the book ("vor 3 Jahren", "3 年前"). English
/// keeps the house's forms, the same for en_US and en_GB ("1 June 2024", "Tuesday 3 November 2026"), the words the
/// screens said before there were languages. Days are calendar days as written (a photo's date taken is its
/// camera's wall time), so they are formatted in UTC.
public enum WordDates {
    /// "1 June 2024".
    public static func day(year: Int, month: Int, day: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else { return "\(day) \(englishMonths[month - 1]) \(year)" }
        return format(year: year, month: month, day: day, template: "dMMMMy", language)
    }

    /// "26 November": a day of every year (memories).
    public static func dayOfYear(month: Int, day: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else { return "\(day) \(englishMonths[month - 1])" }
        // 2000 was a leap year: 29 February is a day of it.
        return format(year: 2000, month: month, day: day, template: "dMMMM", language)
    }

    /// "November 2026".
    public static func month(year: Int, month: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else { return "\(englishMonths[month - 1]) \(year)" }
        return format(year: year, month: month, day: 1, template: "MMMMy", language)
    }

    /// "Tuesday 3 November 2026".
    public static func weekdayAndDay(year: Int, month: Int, day: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else {
            let weekday = englishWeekdays[(utc.component(.weekday, from: noon(year, month, day)) - 1) % 7]
            return "\(weekday) \(day) \(englishMonths[month - 1]) \(year)"
        }
        return format(year: year, month: month, day: day, template: "EEEEdMMMMy", language)
    }

    /// A weekday's short name, "Mon", for the weather's days: `weekday` 1 is Sunday (Foundation's numbering).
    public static func shortWeekday(_ weekday: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else { return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(weekday - 1) % 7] }
        // 2 January 2000 was a Sunday.
        return format(year: 2000, month: 1, day: 1 + weekday, template: "EEE", language)
    }

    /// A weekday's full name, "Monday": `weekday` 1 is Sunday.
    public static func weekday(_ weekday: Int, in language: Language = Words.language) -> String {
        guard language.code != "en" else { return englishWeekdays[(weekday - 1) % 7] }
        return format(year: 2000, month: 1, day: 1 + weekday, template: "EEEE", language)
    }

    /// "3 years ago", "a year ago": how long ago a memory's year was, in the frame's book's words and plural forms
    /// ("vor 3 Jahren", "3 年前"; Foundation on Linux has no `RelativeDateTimeFormatter`).
    public static func yearsAgo(_ years: Int) -> String {
        // Translators: a memory's heading: a photo taken on this day last year.
        if years == 1 { return tr("a year ago") }
        // Translators: a memory's heading: a photo taken on this day {count} years ago.
        return trn("{count} year ago", "{count} years ago", count: years)
    }

    static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                "October", "November", "December"]

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The day in `language`'s own order and words for the fields `template` names (a `DateFormatter` template).
    /// Formatters are made once per language and template (captions ask for every cell) and used under one lock.
    static func format(year: Int, month: Int, day: Int, template: String, _ language: Language) -> String {
        let date = noon(year, month, day)
        let key = language.identifier + "|" + template
        return lock.withLock {
            let formatter = formatters[key] ?? {
                let made = DateFormatter()
                made.locale = language.locale
                made.timeZone = utc.timeZone
                made.setLocalizedDateFormatFromTemplate(template)
                formatters[key] = made
                return made
            }()
            return formatter.string(from: date)
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var formatters: [String: DateFormatter] = [:]
}
