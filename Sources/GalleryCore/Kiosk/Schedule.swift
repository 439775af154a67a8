import Foundation

/// The hours a kiosk shows photos (`--schedule 07:00-23:00`); outside them the screen is black and the app sleeps.
/// A range may run past midnight (`22:00-06:00`); `00:00-24:00` is all day. Any other pair of equal ends
/// (`07:00-07:00`) is refused: it could mean all day or never, and a frame that guessed wrong would stay dark.
///
/// On a night the clocks change, the hours are spans of real time that begin at the first moment the wall clock
/// reads their start and last until it first reads their end (`isOn(at:in:)`): a span begun in an hour that is
/// then repeated (the autumn night) goes on to its end instead of ending when the clock goes back and beginning
/// again; a start the clocks jump over (the spring night) begins when they land after it, once. This is what cron
/// and systemd do with a job in a repeated hour: it runs once.
public struct Schedule: Equatable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, local time.
    public let start: Int
    public let end: Int

    /// Why a `--schedule` value is refused, in words that finish "--schedule …: ".
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notHours
        case equalEnds(String)

        public var description: String {
            switch self {
            // Translators: said after an option and its value ("--schedule 7-23: must look like …").
            case .notHours: return tr("must look like 07:00-23:00 (HH:MM-HH:MM, local time)")
            case .equalEnds(let at):
                // Translators: {time} is a time of day, "07:00".
                return tr("starts and ends at {time}, which could mean all day or never: leave --schedule out (or give 00:00-24:00) for all day",
                          ["time": at])
            }
        }
    }

    /// Reads "HH:MM-HH:MM", or says why not.
    public static func parse(_ text: String) -> Result<Schedule, Refusal> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = minutes(parts[0]), let e = minutes(parts[1]) else { return .failure(.notHours) }
        let allDay = s == 0 && parts[1].trimmingCharacters(in: .whitespaces).hasPrefix("24")
        if s == e, !allDay { return .failure(.equalEnds(String(format: "%02d:%02d", s / 60, s % 60))) }
        return .success(Schedule(start: s, end: e))
    }

    public init?(parsing text: String) {
        guard case .success(let schedule) = Schedule.parse(text) else { return nil }
        self = schedule
    }

    /// Equal ends mean all day.
    public init(start: Int, end: Int) { self.start = start % 1440; self.end = end % 1440 }

    /// Photos show all day (`00:00-24:00`).
    public var isAllDay: Bool { start == end }

    /// "HH:MM", 00:00 to 24:00.
    static func minutes<S: StringProtocol>(_ text: S) -> Int? {
        let hm = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[0].count <= 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0...24).contains(h), (0...59).contains(m), h < 24 || m == 0 else { return nil }
        return (h * 60 + m) % 1440
    }

    /// Whether photos show at this minute of the day, on a day the clocks do not change (`isOn(at:in:)` is what
    /// the app asks).
    public func isOn(minuteOfDay m: Int) -> Bool {
        let minute = ((m % 1440) + 1440) % 1440
        if start == end { return true }
        return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }

    /// Seconds from `secondOfDay` until the schedule next changes (on → off or off → on); nil if it never does.
    public func secondsUntilChange(secondOfDay s: Int) -> Int? {
        guard start != end else { return nil }
        let now = ((s % 86_400) + 86_400) % 86_400
        let edge = (isOn(minuteOfDay: now / 60) ? end : start) * 60
        let wait = (edge - now + 86_400) % 86_400
        return wait == 0 ? 86_400 : wait
    }

    public var description: String {
        if isAllDay { return "00:00-24:00" }
        return String(format: "%02d:%02d-%02d:%02d", start / 60, start % 60, end / 60, end % 60)
    }
}

extension Schedule {
    /// Whether photos show at `date` where the wall clock follows `timeZone`: inside one of the spans that begin
    /// when the clock first reads `start` on a day and end when it next first reads `end` (see the type's note).
    public func isOn(at date: Date, in timeZone: TimeZone) -> Bool {
        guard !isAllDay else { return true }
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        let zone = WallClockZone(timeZone)
        let today = Schedule.floorDivide(t + Int64(zone.offset(at: t)), 86_400)
        // A span that began today or on either of the two days before (one running past midnight, with a few
        // hours' slack for the offset).
        for day in (today - 2)...today {
            let (from, to) = span(startingOn: day, zone)
            if from <= t && t < to { return true }
        }
        return false
    }

    /// The span of real time (seconds since 1970) that begins on local `day` (days since 1970): from when the wall
    /// clock first reads `start` that day until it first reads `end` (that day, or the next for a span past
    /// midnight). Empty when the clocks jump over both ends.
    func span(startingOn day: Int64, _ zone: WallClockZone) -> (from: Int64, to: Int64) {
        let from = zone.firstInstant(wallSeconds: day * 86_400 + Int64(start) * 60)
        let endDay = end > start ? day : day + 1
        let to = zone.firstInstant(wallSeconds: endDay * 86_400 + Int64(end) * 60)
        return (from, max(from, to))
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

/// A time zone's wall clock in whole seconds: the offset at an instant, and the first instant the clock reads a
/// given time (the earlier of two in an hour the clocks go back, the moment they land after it when they jump over
/// it). Half-hour changes (Lord Howe Island) are no different.
struct WallClockZone {
    let zone: TimeZone
    init(_ zone: TimeZone) { self.zone = zone }

    /// Seconds the wall clock is ahead of UTC at the instant `t` (seconds since 1970).
    func offset(at t: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }

    /// The first instant at which the wall clock reads `wall` (that reading as seconds since 1970, as if UTC).
    func firstInstant(wallSeconds wall: Int64) -> Int64 {
        // The offsets in force a day either side: whatever instant reads `wall` is within 26 hours of it.
        let offsets = Set([-86_400, 0, 86_400].map { offset(at: wall + Int64($0)) }).sorted()
        let readings = offsets.map { wall - Int64($0) }.filter { offset(at: $0) == Int(wall - $0) }
        if let first = readings.min() { return first }
        // The clocks jump over `wall`: the moment they change, between the instant that would read it by the
        // offset after the change and the one by the offset before.
        var low = wall - Int64(offsets.last ?? 0), high = wall - Int64(offsets.first ?? 0)
        let before = offset(at: low)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(at: middle) == before { low = middle } else { high = middle }
        }
        return high
    }
}
