import Foundation

/// One happening of a calendar's event in the window the reader looked at: a single event, or one turn of a
/// recurring one. Times are absolute; an all-day occurrence runs from the local midnight of its first day to the
/// local midnight after its last (its DATE values read in the frame's own time zone).
public struct CalendarOccurrence: Equatable, Sendable {
    public var title: String
    public var start: Date
    public var end: Date
    public var allDay: Bool

    public init(title: String, start: Date, end: Date, allDay: Bool) {
        self.title = title; self.start = start; self.end = max(start, end); self.allDay = allDay
    }
}

/// What the calendar's sources said last: their occurrences together, and a number that changes whenever they do
/// (the overlay works its lines out again only then, or when the minute turns).
public struct CalendarSnapshot: Equatable, Sendable {
    public var generation: Int
    public var occurrences: [CalendarOccurrence]
    /// When the oldest kept copy shown in place of a source that could not be fetched was fetched (the wall clock's
    /// seconds since 1970); nil while every source shown was fetched at its last try.
    public var asOf: Double?

    public init(generation: Int = 0, occurrences: [CalendarOccurrence] = [], asOf: Double? = nil) {
        self.generation = generation; self.occurrences = occurrences; self.asOf = asOf
    }
}

/// "as of 2 h ago" under the events when what is shown is a kept copy older than an hour (a frame booted offline, a
/// server away): the weather's words (`WeatherAge`), said later, as a calendar changes more slowly than the sky.
public enum CalendarAge {
    public static let sayAfter = 60.0 * 60

    public static func words(asOf: Double?, now time: Double) -> String? {
        guard let asOf, time - asOf >= sayAfter else { return nil }
        return WeatherAge.words(fetchedAt: asOf, now: time)
    }
}

/// Where the calendar overlay reads what the sources said: the app's fetcher, a test's fake. Read on the main
/// thread at the overlay's refresh; it must be cheap (a lock and a copy).
public protocol CalendarFeed: AnyObject {
    func latest() -> CalendarSnapshot
}
