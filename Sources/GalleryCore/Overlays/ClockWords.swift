import Foundation

/// The locale the frame's clock speaks: the language given with `--language` (`chosen`), else the environment as
/// POSIX orders it for time: `LC_ALL`, else `LC_TIME`, else `LANG`. Foundation's own `Locale.current` on Linux does
/// not read `LC_TIME`, so the clock asks here.
public enum ClockLocale {
    /// `en_US.UTF-8@euro` → `en_US`; unset, `C` or `POSIX` → nil (the C locale: 24 hours, English words).
    public static func identifier(environment: [String: String]) -> String? {
        let given = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        guard let given else { return nil }
        let name = String(given.prefix { $0 != "." && $0 != "@" })
        return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
    }

    /// `chosen`: the language the user named with `--language` (nil: none named; by default the frame's, when
    /// `Words.isChosen`): its locale wins over the environment's, so `--language de` reads "Dienstag, 1. Dezember"
    /// and 24 hours whatever `LC_TIME` says.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment,
                              chosen: Language? = Words.isChosen ? Words.language : nil) -> Locale {
        if let chosen { return chosen.locale }
        return identifier(environment: environment).map(Locale.init(identifier:)) ?? Locale(identifier: "en_US_POSIX")
    }

    /// 12 or 24 hours as `locale` writes a time: its hour pattern (`DateFormatter.dateFormat(fromTemplate: "j")`)
    /// has `h` or `K` for 12, outside its quoted words (German's is `HH 'Uhr'`, French `HH 'h'`). The C locale
    /// counts 24.
    public static func hours(of locale: Locale) -> ClockStyle.Hours {
        if locale.identifier == "en_US_POSIX" { return .twentyFour }
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "H"
        let letters = pattern.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined()
        return letters.contains("h") || letters.contains("K") ? .twelve : .twentyFour
    }
}

/// What the frame's clock reads at a moment: the time in 12 or 24 hours and the date line (weekday, day and month)
/// in the locale's words. Its formatters are made once; a reading costs one format a minute.
public final class ClockWords {
    public let hours: ClockStyle.Hours
    public let locale: Locale
    private let twelve: DateFormatter
    private let day: DateFormatter

    public init(hours: ClockStyle.Hours, locale: Locale) {
        self.hours = hours; self.locale = locale
        twelve = DateFormatter()
        twelve.locale = locale
        twelve.dateFormat = DateFormatter.dateFormat(fromTemplate: "hmm", options: 0, locale: locale) ?? "h:mm a"
        day = DateFormatter()
        day.locale = locale
        day.dateFormat = DateFormatter.dateFormat(fromTemplate: "EEEEdMMMM", options: 0, locale: locale) ?? "EEEE d MMMM"
    }

    /// "07:05" (24 hours, as the clock always read), or "7:05 AM" in the locale's order and words for AM and PM.
    public func time(_ date: Date, timeZone: TimeZone) -> String {
        switch hours {
        case .twentyFour: return String(ClockFormat.now(date, timeZone: timeZone).prefix(5))
        case .twelve:
            if twelve.timeZone != timeZone { twelve.timeZone = timeZone }
            return twelve.string(from: date)
        }
    }

    /// "Tuesday, December 1" (en_US), "Dienstag, 1. Dezember" (de_DE), "Tuesday 1 December" (en_GB).
    public func dateLine(_ date: Date, timeZone: TimeZone) -> String {
        if day.timeZone != timeZone { day.timeZone = timeZone }
        return day.string(from: date)
    }
}
