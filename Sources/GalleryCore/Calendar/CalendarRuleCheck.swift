import Foundation

/// Recurrence rules that can never give a turn, found from their text before libical is asked to follow them: its
/// iterator looks for the next match day by day and, for a rule no date satisfies (`FREQ=DAILY;BYMONTH=2;
/// BYMONTHDAY=30`), spins inside one call for as long as its years last, where no budget between turns can stop it.
public enum CalendarRuleCheck {
    /// Days in each month at most (February in a leap year).
    static let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Whether `rule` (an RRULE's value, `FREQ=…;BYMONTH=…`) names month days that none of its months has: every
    /// BYMONTHDAY (counted from either end) beyond the longest of its BYMONTHs (all twelve when it gives none).
    public static func neverMatches(_ rule: String) -> Bool {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parts[pair[0].uppercased()] = String(pair[1])
        }
        guard let dayList = parts["BYMONTHDAY"] else { return false }
        let days = dayList.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !days.isEmpty else { return false }
        let months = parts["BYMONTH"].map { $0.split(separator: ",").compactMap { Int($0) }.filter { (1...12).contains($0) } }
            ?? Array(1...12)
        guard !months.isEmpty else { return false }
        let most = months.map { longest[$0 - 1] }.max() ?? 31
        return days.allSatisfy { $0 == 0 || abs($0) > most }
    }
}
