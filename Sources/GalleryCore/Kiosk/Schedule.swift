import Foundation

/// The hours a kiosk shows photos (`--schedule 07:00-23:00`); outside them the screen is black and the app sleeps.
/// A range may run past midnight (`22:00-06:00`); equal ends mean always on.
public struct Schedule: Equatable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, local time.
    public let start: Int
    public let end: Int

    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Schedule.minutes(parts[0]), let e = Schedule.minutes(parts[1]) else { return nil }
        start = s; end = e
    }

    public init(start: Int, end: Int) { self.start = start % 1440; self.end = end % 1440 }

    /// "HH:MM", 00:00 to 24:00.
    static func minutes<S: StringProtocol>(_ text: S) -> Int? {
        let hm = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, hm[0].count <= 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0...24).contains(h), (0...59).contains(m), h < 24 || m == 0 else { return nil }
        return (h * 60 + m) % 1440
    }

    /// Whether photos show at this minute of the day.
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
        String(format: "%02d:%02d-%02d:%02d", start / 60, start % 60, end / 60, end % 60)
    }
}
