import CICal
import Foundation

/// One VEVENT of a calendar: a view into it that keeps it alive. Each accessor names the libical call it stands for.
public struct ICalEvent {
    let component: OpaquePointer
    let calendar: ICalCalendar

    init(_ component: OpaquePointer, in calendar: ICalCalendar) { self.component = component; self.calendar = calendar }

    /// SUMMARY (`icalcomponent_get_summary`).
    public var summary: String? { icalcomponent_get_summary(component).map { String(cString: $0) } }

    /// UID (`icalcomponent_get_uid`).
    public var uid: String? { icalcomponent_get_uid(component).map { String(cString: $0) } }

    /// DTSTART, its TZID resolved (`icalcomponent_get_dtstart`).
    public var start: ICalTime? { ICalTime(icalcomponent_get_dtstart(component), owner: calendar) }

    /// DTEND, or DTSTART + DURATION (`icalcomponent_get_dtend`); nil when it has neither.
    public var end: ICalTime? { ICalTime(icalcomponent_get_dtend(component), owner: calendar) }

    /// RECURRENCE-ID: the turn of a recurring event this one replaces (`icalcomponent_get_recurrenceid`).
    public var recurrenceID: ICalTime? { ICalTime(icalcomponent_get_recurrenceid(component), owner: calendar) }

    /// STATUS:CANCELLED (`icalcomponent_get_status`).
    public var isCancelled: Bool { icalcomponent_get_status(component) == ICAL_STATUS_CANCELLED }

    /// Its RRULEs (`icalproperty_get_rrule`).
    public var rules: [ICalRule] {
        properties(ICAL_RRULE_PROPERTY).map { ICalRule(icalproperty_get_rrule($0), owner: calendar) }
    }

    /// Its RDATEs, each with its TZID resolved (`icalproperty_get_datetime_with_component`).
    public var extraDates: [ICalTime] {
        properties(ICAL_RDATE_PROPERTY).compactMap {
            ICalTime(icalproperty_get_datetime_with_component($0, component), owner: calendar)
        }
    }

    /// Whether `turn` is taken out by an EXDATE or EXRULE (`icalproperty_recurrence_is_excluded`).
    public func excludes(_ turn: ICalTime, start: ICalTime) -> Bool {
        var dtstart = start.raw, recur = turn.raw
        return icalproperty_recurrence_is_excluded(component, &dtstart, &recur) != 0
    }

    /// `icalcomponent_get_first_property`, `_next_property`.
    private func properties(_ kind: icalproperty_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, kind)
        while let p = property {
            found.append(p)
            property = icalcomponent_get_next_property(component, kind)
        }
        return found
    }
}

/// An RRULE's value (`struct icalrecurrencetype`); its RSCALE text lives in its calendar, kept alive with it.
public struct ICalRule {
    let raw: icalrecurrencetype
    let owner: AnyObject?

    init(_ raw: icalrecurrencetype, owner: AnyObject?) { self.raw = raw; self.owner = owner }

    /// It has a COUNT: its iterator cannot be started in the middle (`icalrecur_iterator_set_start` refuses).
    public var isCounted: Bool { raw.count > 0 }
    /// Its text (`icalrecurrencetype_as_string_r`), for the log.
    public var text: String {
        var copy = raw
        guard let made = icalrecurrencetype_as_string_r(&copy) else { return "?" }
        defer { free(made) }
        return String(cString: made)
    }
}
