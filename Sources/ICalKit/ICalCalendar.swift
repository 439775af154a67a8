import CICal
import Foundation

/// A parsed iCalendar object (`icalparser_parse_string`), freed with `icalcomponent_free`. Its events are views
/// into it and keep it alive. Not thread-safe: libical's component iterators live in the components; one thread
/// at a time (the app reads calendars on one serial queue).
public final class ICalCalendar {
    let root: OpaquePointer
    /// Errors libical noted while parsing (`icalcomponent_count_errors`): lines it could not read.
    public let errorCount: Int

    /// Parses `bytes` (which may hold a NUL: the text ends there).
    public init(bytes: Data) throws {
        _ = ICalLibrary.prepared
        var text = bytes
        text.append(0)
        let parsed: OpaquePointer? = text.withUnsafeBytes { raw in
            icalparser_parse_string(raw.bindMemory(to: CChar.self).baseAddress)
        }
        guard let parsed else { throw ICalError.notACalendar }
        guard icalcomponent_isa(parsed) == ICAL_VCALENDAR_COMPONENT else {
            icalcomponent_free(parsed)
            throw ICalError.notACalendar
        }
        root = parsed
        errorCount = Int(icalcomponent_count_errors(parsed))
    }

    deinit { icalcomponent_free(root) }

    /// Its VEVENTs in the file's order, at most `limit` (`icalcomponent_get_first_component`, `_next_component`).
    public func events(limit: Int = .max) -> [ICalEvent] {
        var events: [ICalEvent] = []
        var child = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let component = child, events.count < limit {
            events.append(ICalEvent(component, in: self))
            child = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        return events
    }
}
