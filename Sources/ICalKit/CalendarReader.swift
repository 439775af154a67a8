import Foundation
import GalleryCore

/// Reads an iCalendar file into the occurrences that touch a window (today and the next days): single events,
/// recurring ones expanded by libical (`ICalRecurrenceIterator` over each RRULE, RDATEs added, EXDATEs taken out
/// by `ICalEvent.excludes`), turns moved or cancelled by a RECURRENCE-ID replaced by their override. Everything is
/// bounded by `CalendarLimits`: the events read, the turns per event and per file, the occurrences kept; what was
/// cut is said in `notes`, one line each, for the log.
public enum CalendarReader {
    public struct Reading {
        public var occurrences: [CalendarOccurrence] = []
        /// What was cut or refused, for the log ("'Ticker' repeats more than 2000 times; the rest left out").
        public var notes: [String] = []
        public var eventsRead = 0
    }

    public static func read(_ bytes: Data, window: DateInterval, timeZone: TimeZone,
                            limits: CalendarLimits = CalendarLimits()) throws -> Reading {
        var reading = Reading()
        let bounded = CalendarText.bounded(bytes, maxEvents: limits.maxEvents)
        if bounded.eventsLeftOut > 0 {
            reading.notes.append("\(bounded.eventsLeftOut) events past the first \(limits.maxEvents) left out")
        }
        let calendar = try ICalCalendar(bytes: bounded.bytes)
        let events = calendar.events(limit: limits.maxEvents)
        reading.eventsRead = events.count
        if events.isEmpty, calendar.errorCount > 0 { throw ICalError.unreadable(errors: calendar.errorCount) }

        // The turns that overrides replace: a master's turn at one of these instants is left to its override.
        var replaced = Set<String>()
        for event in events {
            guard let id = event.recurrenceID else { continue }
            replaced.insert(key(uid: event.uid, instant: id.date(localZone: timeZone)))
        }
        var expansion = Expansion(window: window, timeZone: timeZone, limits: limits)
        for event in events {
            if expansion.outOfTime() { break }
            if event.isCancelled { continue }
            if event.recurrenceID != nil {
                expansion.single(event)
            } else {
                expansion.expand(event, replaced: replaced)
            }
        }
        reading.notes += expansion.notes
        reading.occurrences = Array(expansion.found.sorted { $0.start < $1.start }.prefix(limits.maxOccurrences))
        return reading
    }

    static func key(uid: String?, instant: Date) -> String { "\(uid ?? "")\u{1}\(Int(instant.timeIntervalSince1970))" }

    /// The walk through one file's events, with its budgets.
    struct Expansion {
        let window: DateInterval
        let timeZone: TimeZone
        let limits: CalendarLimits
        var found: [CalendarOccurrence] = []
        var notes: [String] = []
        var turnsLeft: Int
        private let local: Calendar
        /// The time budget's end (`CalendarLimits.expansionSeconds`), on the uptime clock.
        private let deadline: Double
        private var overtime = false

        init(window: DateInterval, timeZone: TimeZone, limits: CalendarLimits) {
            self.window = window; self.timeZone = timeZone; self.limits = limits
            turnsLeft = limits.maxTurnsPerSource
            deadline = ProcessInfo.processInfo.systemUptime + limits.expansionSeconds
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            local = calendar
        }

        /// Whether the time budget is spent; said once in `notes`.
        mutating func outOfTime() -> Bool {
            if overtime { return true }
            guard ProcessInfo.processInfo.systemUptime > deadline else { return false }
            overtime = true
            notes.append("reading took longer than \(limits.expansionSeconds) s; the rest left out")
            return true
        }

        func title(_ event: ICalEvent) -> String {
            let words = (event.summary ?? "").split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            let shown = words.isEmpty ? "Busy" : words
            return shown.count > limits.maxTitle ? String(shown.prefix(limits.maxTitle - 1)) + "…" : shown
        }

        /// An event's length: whole days for a date (one when it gives none), else seconds.
        func length(_ event: ICalEvent, start: ICalTime) -> (days: Int, seconds: Double) {
            guard let end = event.end else { return (start.isDate ? 1 : 0, 0) }
            if start.isDate {
                let utc = TimeZone(identifier: "UTC")!
                let days = Int((end.date(localZone: utc).timeIntervalSince(start.date(localZone: utc)) / 86_400).rounded())
                return (max(1, days), 0)
            }
            return (0, max(0, end.date(localZone: timeZone).timeIntervalSince(start.date(localZone: timeZone))))
        }

        /// The occurrence that begins at `turn`, if it touches the window.
        mutating func keep(_ event: ICalEvent, turn: ICalTime, length: (days: Int, seconds: Double)) {
            let start = turn.date(localZone: timeZone)
            let end = turn.isDate ? (local.date(byAdding: .day, value: length.days, to: start) ?? start)
                : start.addingTimeInterval(length.seconds)
            guard start < window.end, max(end, start.addingTimeInterval(60)) > window.start else { return }
            found.append(CalendarOccurrence(title: title(event), start: start, end: end, allDay: turn.isDate))
        }

        /// An event that happens once (or an override of one turn).
        mutating func single(_ event: ICalEvent) {
            guard let start = event.start else { return }
            keep(event, turn: start, length: length(event, start: start))
        }

        mutating func expand(_ event: ICalEvent, replaced: Set<String>) {
            guard let start = event.start else { return }
            let rules = event.rules, extra = event.extraDates
            let span = length(event, start: start)
            guard !rules.isEmpty || !extra.isEmpty else { return keep(event, turn: start, length: span) }
            var turns: [ICalTime] = extra
            if rules.isEmpty { turns.append(start) }
            for rule in rules { turns += self.turns(of: rule, event: event, start: start, span: span) }
            var seen = Set<Int>()
            for turn in turns {
                let instant = turn.date(localZone: timeZone)
                guard seen.insert(Int(instant.timeIntervalSince1970)).inserted,
                      !replaced.contains(CalendarReader.key(uid: event.uid, instant: instant)),
                      !event.excludes(turn, start: start) else { continue }
                keep(event, turn: turn, length: span)
            }
        }

        /// A rule's turns up to the window's end, from a day (and the event's length) before its start, within the
        /// budgets.
        mutating func turns(of rule: ICalRule, event: ICalEvent, start: ICalTime,
                            span: (days: Int, seconds: Double)) -> [ICalTime] {
            guard turnsLeft > 0, !outOfTime() else { return [] }
            guard !CalendarRuleCheck.neverMatches(rule.text) else {
                notes.append("'\(title(event))': a recurrence rule no date satisfies (\(rule.text)); left out")
                return []
            }
            guard let iterator = try? ICalRecurrenceIterator(rule: rule, start: start) else {
                notes.append("'\(title(event))': a recurrence rule that cannot be followed (\(rule.text))")
                return []
            }
            let margin = Double(span.days) * 86_400 + span.seconds + 86_400
            let from = window.start.addingTimeInterval(-margin)
            if !rule.isCounted, start.date(localZone: timeZone) < from { _ = iterator.skip(to: start.sameKind(at: from)) }
            var turns: [ICalTime] = []
            var count = 0
            while let turn = iterator.next() {
                if turn.date(localZone: timeZone) >= window.end || outOfTime() { return turns }
                count += 1
                turnsLeft -= 1
                if count > limits.maxTurnsPerEvent {
                    notes.append("'\(title(event))' repeats more than \(limits.maxTurnsPerEvent) times before the "
                                 + "window's end (\(rule.text)); the rest left out")
                    return turns
                }
                if turnsLeft < 0 {
                    notes.append("more than \(limits.maxTurnsPerSource) turns of recurring events; the rest left out")
                    return turns
                }
                if turn.date(localZone: timeZone) >= from { turns.append(turn) }
            }
            return turns
        }
    }
}
