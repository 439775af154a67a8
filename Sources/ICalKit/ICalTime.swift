import CICal
import Foundation

/// A DATE or DATE-TIME value as libical holds it (`struct icaltimetype`): a date alone (an all-day event's), a
/// time in a zone (TZID resolved against the file's VTIMEZONEs, else libical's built-in zones), in UTC, or
/// floating (no zone: the frame's local time).
///
/// A time's zone may be one of its calendar's VTIMEZONEs: the value keeps that calendar alive (`owner`).
public struct ICalTime {
    let raw: icaltimetype
    /// What its zone pointer points into (the calendar), kept alive with it.
    let owner: AnyObject?

    init?(_ raw: icaltimetype, owner: AnyObject?) {
        // icaltime_is_null_time: a missing property, the end of an iterator.
        guard icaltime_is_null_time(raw) == 0 else { return nil }
        self.raw = raw; self.owner = owner
    }

    public var isDate: Bool { raw.is_date != 0 }
    /// No zone and not UTC: read in the frame's own zone.
    public var isFloating: Bool { !isDate && raw.zone == nil }
    public var year: Int { Int(raw.year) }
    public var month: Int { Int(raw.month) }
    public var day: Int { Int(raw.day) }

    /// The instant it names; a floating time or a date is read in `localZone` (a date at its midnight).
    /// `icaltime_as_timet_with_zone` for a time with a zone.
    public func date(localZone: TimeZone) -> Date {
        if isDate || isFloating {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = localZone
            let parts = DateComponents(year: year, month: month, day: day,
                                       hour: isDate ? 0 : Int(raw.hour), minute: isDate ? 0 : Int(raw.minute),
                                       second: isDate ? 0 : Int(raw.second))
            return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
        }
        return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(raw, raw.zone)))
    }

    /// The same kind of value (date or time, same zone) at `instant`: where an iterator should start.
    /// `icaltime_from_timet_with_zone`.
    public func sameKind(at instant: Date) -> ICalTime {
        // A floating value's zone is none: the instant's UTC wall time stands for it (the caller leaves a day's margin).
        var made = icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970), raw.is_date, raw.zone)
        // libical 3.0 gives the zone's wall time without naming the zone: it is this value's.
        made.zone = raw.zone
        return ICalTime(made, owner: owner) ?? self
    }
}
