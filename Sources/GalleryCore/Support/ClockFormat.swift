import Foundation

/// The header clock: local time as `HH:mm:ss.SSS`. Pure arithmetic on a timestamp and a UTC offset, so it costs
/// nothing per frame and is exact to the millisecond (no DateFormatter rounding).
public enum ClockFormat {
    public static func string(epochMilliseconds ms: Int64, utcOffsetSeconds: Int) -> String {
        let local = ms + Int64(utcOffsetSeconds) * 1000
        let day: Int64 = 86_400_000
        let inDay = ((local % day) + day) % day
        let h = Int(inDay / 3_600_000)
        let m = Int(inDay / 60_000 % 60)
        let s = Int(inDay / 1000 % 60)
        let milli = Int(inDay % 1000)
        return pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + "." + pad(milli, 3)
    }

    public static func now(_ date: Date = Date(), timeZone: TimeZone = .current) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        return string(epochMilliseconds: ms, utcOffsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// Every character the clock can show, for a glyph atlas.
    public static let alphabet = "0123456789:."

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
