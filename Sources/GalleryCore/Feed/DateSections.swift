/// Where a wall in date order (a folder shown by date, newest first) is cut into sections, and what each heading
/// says: a heading at each month ("November 2026"), or at each day when the wall is zoomed in ("Tuesday 3 November
/// 2026"), as Google Photos does (fewer, larger photos: days; a dense wall: months). Two columns, the brief's wall,
/// has none; one column is the list, which has none either.
///
/// A photo's date is the one the folder sorts by: its EXIF date taken as written (a camera's wall time), else its
/// file's time, moved to local time by `fileTimeOffset`. A photo without either stays under the heading before it.
/// It reads the photos in the wall's order (`heading(for:)`), keeping the last section; a layout made afresh
/// starts from `starting(columns:)`.
public struct DateSections: Equatable, Sendable {
    public enum Grain: Equatable, Sendable { case day, month }

    /// Seconds east of UTC where the wall is seen: a file's time is an instant, its day the local one.
    public var fileTimeOffset: Int64
    /// How fine the sections are (nil: none at this zoom).
    public private(set) var grain: Grain?
    /// The section of the last photo read that had a date.
    private var last: PhotoDateFilter.Day?

    public init(fileTimeOffset: Int64 = 0, grain: Grain? = .month) {
        self.fileTimeOffset = fileTimeOffset; self.grain = grain
    }

    /// The sections of a wall of `columns` columns, before any photo is read: days at three, months from four
    /// up, none at two or fewer.
    public func starting(columns: Int) -> DateSections {
        DateSections(fileTimeOffset: fileTimeOffset, grain: DateSections.grain(forColumns: columns))
    }

    public static func grain(forColumns columns: Int) -> Grain? {
        columns <= 2 ? nil : columns == 3 ? .day : .month
    }

    /// The heading above `photo`, the next in the wall's order, or nil when it goes on the section before.
    public mutating func heading(for photo: Photo) -> String? {
        guard let grain, let seconds = date(of: photo) else { return nil }
        var day = PhotoDateFilter.day(of: seconds)
        if grain == .month { day.day = 1 }
        guard day != last else { return nil }
        last = day
        return grain == .month ? DateSections.monthTitle(day) : DateSections.dayTitle(day)
    }

    /// The date the folder orders the photo by, in local wall time (seconds since 1970 read as UTC).
    public func date(of photo: Photo) -> Int64? {
        if let taken = photo.facts?.taken { return taken }
        return photo.file.map { $0.modified + fileTimeOffset }
    }

    /// "November 2026", in the frame's language (`WordDates`).
    public static func monthTitle(_ day: PhotoDateFilter.Day) -> String {
        guard (1...12).contains(day.month) else { return "\(day.year)" }
        return WordDates.month(year: day.year, month: day.month)
    }

    /// "Tuesday 3 November 2026", in the frame's language (`WordDates`).
    public static func dayTitle(_ day: PhotoDateFilter.Day) -> String {
        guard (1...12).contains(day.month) else { return "\(day.year)" }
        return WordDates.weekdayAndDay(year: day.year, month: day.month, day: day.day)
    }
}
