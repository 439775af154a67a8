import Foundation

/// A wall clock whose hours never change (no summer time), for tests of the display's hours that are not about the
/// nights the clocks change (`ScheduleClockChangeTests` are).
let utc = TimeZone(secondsFromGMT: 0)!

/// `minute` of the first day of 1970 on the `utc` wall clock (or of a later `day`).
func utcMinute(_ minute: Int, day: Int = 0) -> Date {
    Date(timeIntervalSince1970: Double(day * 86_400 + minute * 60))
}
