import Foundation

/// What a kiosk's week of hours wants of the screen at an instant.
public enum ScreenState: Equatable, Sendable, CustomStringConvertible {
    /// Outside the hours: the display off.
    case off
    /// Photos at full brightness.
    case on
    /// Photos at this percent of full brightness (`--dim`).
    case dim(Int)
    /// Outside the hours with `--night-clock`: no photos, only the clock, at this percent.
    case nightClock(Int)

    /// Whether photos show.
    public var showsPhotos: Bool {
        switch self {
        case .on, .dim: return true
        case .off, .nightClock: return false
        }
    }

    /// The brightness in percent it wants (nil: the display is off).
    public var level: Int? {
        switch self {
        case .on: return 100
        case .dim(let l), .nightClock(let l): return l
        case .off: return nil
        }
    }

    public var description: String {
        switch self {
        case .off: return "off"
        case .on: return "on"
        case .dim(let l): return "dimmed to \(l) %"
        case .nightClock(let l): return "the night clock at \(l) %"
        }
    }
}

/// A kiosk's week (`--schedule` by weekday, `--schedule-except`, `--dim`, `--night-clock`, sun edges from
/// `--location`): at an instant on a zone's wall clock, whether the screen is off, on, dimmed or a night clock,
/// and when that next changes. Pure.
///
/// Every spell keeps `Schedule`'s semantics on the nights the clocks change: a spell is the span of real time from
/// the first moment the wall clock reads its start on its day to the first moment it reads its end (a span begun
/// in a repeated hour runs on to its end, once; a start the clocks jump over begins when they land). A spell
/// belongs to the day it starts on: `fri 22:00-02:00` lights Friday night into Saturday, whatever Saturday's
/// hours, and a date's exception replaces the spells that start on that date. Sun edges are moments, not readings.
public struct WeekSchedule: Equatable, Sendable {
    /// The hours photos show, by weekday; nil: all day, every day. A day no group names is dark all day.
    public var hours: [SpellGroup]?
    /// Dates (local days since 1970-01-01) with hours of their own instead (none: dark all day).
    public var exceptions: [Int64: [Spell]]
    /// Spells at a lower brightness, each group with its percent; where several hold, the darkest wins.
    public var dims: [SpellGroup]
    /// Outside the hours, the clock alone at this percent instead of the display off (`--night-clock`).
    public var nightClock: Int?
    /// Where the sun's edges are worked out for.
    public var place: GeoPoint?

    public init(hours: [SpellGroup]? = nil, exceptions: [Int64: [Spell]] = [:], dims: [SpellGroup] = [],
                nightClock: Int? = nil, place: GeoPoint? = nil) {
        self.hours = hours; self.exceptions = exceptions; self.dims = dims
        self.nightClock = nightClock; self.place = place
    }

    /// Whether any spell has a sunrise or sunset edge (then it needs a place).
    public var usesSun: Bool {
        let all = (hours ?? []).flatMap(\.spells) + dims.flatMap(\.spells) + exceptions.values.flatMap { $0 }
        return all.contains { $0.start.usesSun || $0.end.usesSun }
    }

    /// Whether it ever keeps the display off or dark (hours given, or a date off).
    public var hasHours: Bool { hours != nil || !exceptions.isEmpty }

    /// The hours in the words of `--schedule` (`mon-fri 07:00-23:00; sat-sun 08:00-23:30`); nil: all day.
    public var hoursDescription: String? { hours.map { $0.map(\.description).joined(separator: "; ") } }

    /// The screen at `date` on `zone`'s wall clock.
    public func state(at date: Date, in zone: TimeZone) -> ScreenState {
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        let clock = WallClockZone(zone)
        let today = Schedule.floorDivide(t + Int64(clock.offset(at: t)), 86_400)
        var sun = SunCache(place: place)
        // Spells begun today or on either of the two days before (one running past midnight, with slack for the
        // offset and a sun edge moved by hours).
        let days = (today - 2)...today
        let lit = days.contains { day in
            hourSpells(on: day).contains { holds($0, day: day, at: t, clock, &sun) }
        }
        guard lit else { return nightClock.map(ScreenState.nightClock) ?? .off }
        var darkest: Int?
        for day in days {
            let weekday = Weekdays.day(Weekdays.index(ofDay: day))
            for group in dims where group.days.contains(weekday) {
                guard let level = group.level, group.spells.contains(where: { holds($0, day: day, at: t, clock, &sun) })
                else { continue }
                darkest = min(darkest ?? level, level)
            }
        }
        return darkest.map(ScreenState.dim) ?? .on
    }

    /// The first instant after `date` at which `state` changes, within eight days; nil if it does not.
    public func nextChange(after date: Date, in zone: TimeZone) -> Date? {
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        let clock = WallClockZone(zone)
        let today = Schedule.floorDivide(t + Int64(clock.offset(at: t)), 86_400)
        var sun = SunCache(place: place)
        var edges = Set<Int64>()
        for day in (today - 2)...(today + 8) {
            let weekday = Weekdays.day(Weekdays.index(ofDay: day))
            let spells = hourSpells(on: day) + dims.filter { $0.days.contains(weekday) }.flatMap(\.spells)
            for spell in spells {
                let span = self.span(spell, startingOn: day, clock, &sun)
                edges.insert(span.from); edges.insert(span.to)
            }
        }
        let now = state(at: date, in: zone)
        for edge in edges.sorted() where edge > t {
            let at = Date(timeIntervalSince1970: Double(edge))
            if state(at: at, in: zone) != now { return at }
        }
        return nil
    }

    /// The spells of hours that start on local `day`: its exception's, else its weekday's.
    func hourSpells(on day: Int64) -> [Spell] {
        if let special = exceptions[day] { return special }
        guard let hours else { return [.allDay] }
        let weekday = Weekdays.day(Weekdays.index(ofDay: day))
        return hours.filter { $0.days.contains(weekday) }.flatMap(\.spells)
    }

    private func holds(_ spell: Spell, day: Int64, at t: Int64, _ clock: WallClockZone, _ sun: inout SunCache) -> Bool {
        let span = self.span(spell, startingOn: day, clock, &sun)
        return span.from <= t && t < span.to
    }

    /// The span of real time (seconds since 1970) `spell` lights when it starts on local `day`.
    func span(_ spell: Spell, startingOn day: Int64, _ clock: WallClockZone, _ sun: inout SunCache)
        -> (from: Int64, to: Int64) {
        let from = instant(spell.start, on: day, clock, &sun)
        let to = instant(spell.end, on: spell.runsPastMidnight ? day + 1 : day, clock, &sun)
        return (from, max(from, to))
    }

    /// When `edge` comes on local `day`: the first moment the wall clock reads it, or the sun's moment moved by its
    /// minutes. Where the sun stays up all day, it rises at the day's start and sets at its end; where it stays
    /// down, both at noon (no daylight). Without a place (refused when options are read), sun edges stand at
    /// 06:00 and 18:00.
    func instant(_ edge: SpellEdge, on day: Int64, _ clock: WallClockZone, _ sun: inout SunCache) -> Int64 {
        let midnight = day * 86_400
        switch edge {
        case .clock(let m): return clock.firstInstant(wallSeconds: midnight + Int64(m) * 60)
        case .sunrise(let o), .sunset(let o):
            let rising: Bool
            if case .sunrise = edge { rising = true } else { rising = false }
            guard let today = sun.day(day) else {
                return clock.firstInstant(wallSeconds: midnight + Int64(edge.nominalMinute) * 60)
            }
            let moment: Int64
            switch today {
            case .risesAndSets(let up, let down): moment = Int64((rising ? up : down).rounded())
            case .alwaysUp: moment = clock.firstInstant(wallSeconds: rising ? midnight : midnight + 86_400)
            case .alwaysDown(let noon): moment = Int64(noon.rounded())
            }
            return moment + Int64(o) * 60
        }
    }
}

/// A day's sun worked out once for all the spells asked about it.
struct SunCache {
    let place: GeoPoint?
    private var days: [Int64: SunTimes.Day] = [:]
    init(place: GeoPoint?) { self.place = place }

    mutating func day(_ day: Int64) -> SunTimes.Day? {
        guard let place else { return nil }
        if let known = days[day] { return known }
        let worked = SunTimes.day(day, at: place)
        days[day] = worked
        return worked
    }
}
