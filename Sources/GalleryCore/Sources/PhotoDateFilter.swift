/// Which photos a show keeps by their date: a time span (`--from`, `--to`) and "this day in earlier years"
/// (`--memories`). Dates are a photo's date taken as written in its EXIF (no time zone, read as if UTC, as
/// `ExifInfo.seconds` does), else its file's time; memories take only dates taken (a file's time says when it was
/// copied, not when the photo was made).
public struct PhotoDateFilter: Equatable, Sendable {
    /// Seconds since 1970, inclusive.
    public var from: Int64?
    public var to: Int64?
    /// Memories: photos taken on this month and day in a year before `beforeYear`.
    public var onThisDay: Day?
    /// Memories that follow the calendar: the index moves `onThisDay` to the local day at each pass (a frame left
    /// running shows tomorrow's memories tomorrow).
    public var memories = false
    /// How many memories of a day are asked of a source at most.
    public static let memoriesLimit = 500
    /// Seconds east of UTC where the show runs: a file's time is a real instant, compared with days as they are
    /// here (a date taken is the camera's own wall time, compared as written).
    public var fileTimeOffset: Int64 = 0

    public struct Day: Equatable, Sendable {
        public var year: Int, month: Int, day: Int
        public init(year: Int, month: Int, day: Int) { self.year = year; self.month = month; self.day = day }
    }

    public init(from: Int64? = nil, to: Int64? = nil, onThisDay: Day? = nil) {
        self.from = from; self.to = to; self.onThisDay = onThisDay
    }

    public var isEmpty: Bool { from == nil && to == nil && onThisDay == nil && !memories }

    /// Whether a photo of this date shows.
    public func admits(date: Int64, isTaken: Bool) -> Bool {
        let local = isTaken ? date : date + fileTimeOffset
        if let from, local < from { return false }
        if let to, local > to { return false }
        if let today = onThisDay {
            guard isTaken else { return false }
            let d = PhotoDateFilter.day(of: date)
            guard d.year < today.year else { return false }
            if d.month == today.month && d.day == today.day { return true }
            // The 29th of February is remembered on the 28th in the years without one.
            return d.month == 2 && d.day == 29 && today.month == 2 && today.day == 28
                && !PhotoDateFilter.isLeap(today.year)
        }
        return true
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The calendar day of a time (seconds since 1970, read as UTC): days to civil date, Howard Hinnant's algorithm.
    /// The project's one calendar: EXIF dates are read and written through it too (`ExifInfo`).
    public static func day(of time: Int64) -> Day {
        // Clamped to the years 1 to 9999: a hostile time (a damaged place, a server's figure) cannot overflow.
        let seconds = min(max(time, representable.lowerBound), representable.upperBound)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return Day(year: Int(y), month: Int(m), day: Int(d))
    }

    /// The times the calendar answers for: the first second of the year 1 to the last of 9999.
    public static let representable: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// The first second of a calendar day (read as UTC), the inverse of `day(of:)`.
    public static func seconds(of d: Day) -> Int64 {
        let y = Int64(d.month <= 2 ? d.year - 1 : d.year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64(d.month > 2 ? d.month - 3 : d.month + 9)
        let doy = (153 * mp + 2) / 5 + Int64(d.day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return (era * 146_097 + doe - 719_468) * 86_400
    }

    /// "2024-06-01" as a day; nil for anything else.
    public static func parseDay(_ text: String) -> Day? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        let day = Day(year: y, month: m, day: d)
        // 2023-02-30 is no day: it would come back as another.
        return PhotoDateFilter.day(of: PhotoDateFilter.seconds(of: day)) == day ? day : nil
    }
}
