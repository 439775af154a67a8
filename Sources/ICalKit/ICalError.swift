import CICal

/// What libical refused, as a typed error.
public enum ICalError: Error, Equatable, CustomStringConvertible {
    /// The text is no iCalendar object (`icalparser_parse_string` found no VCALENDAR).
    case notACalendar
    /// A calendar whose every event was unreadable (`icalcomponent_count_errors` errors, no event left).
    case unreadable(errors: Int)
    /// A recurrence rule libical would not iterate (`icalrecur_iterator_new` gave none).
    case badRule(String)

    public var description: String {
        switch self {
        case .notACalendar: return "not an iCalendar file (no VCALENDAR)"
        case .unreadable(let errors): return "no event could be read (\(errors) errors)"
        case .badRule(let rule): return "a recurrence rule that cannot be followed (\(rule))"
        }
    }
}

/// libical's process-wide settings, made once before the first call: its errors are never fatal (a hostile file
/// must not abort the frame).
enum ICalLibrary {
    static let prepared: Void = { icalerror_set_errors_are_fatal(0) }()
}
