import Foundation

/// Days of the week (`mon` … `sun`), as a set.
public struct Weekdays: OptionSet, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue & 0x7f }

    /// Monday first: `names[0]` is `mon`.
    public static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    public static let all = Weekdays(rawValue: 0x7f)

    public static func day(_ index: Int) -> Weekdays { Weekdays(rawValue: 1 << (((index % 7) + 7) % 7)) }

    /// The weekday (0 Monday … 6 Sunday) of the local calendar day `day` (days since 1970-01-01, a Thursday).
    public static func index(ofDay day: Int64) -> Int { Int(((day + 3) % 7 + 7) % 7) }

    /// Reads `mon-fri`, `sat,sun`, `mon,wed,fri`, `fri-mon` (a range wraps past Sunday), `mon-wed,sat`; nil if
    /// any part is not a day or a range of days.
    public init?(parsing text: String) {
        var days = Weekdays()
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count), let from = Weekdays.names.firstIndex(of: ends[0]),
                  let to = Weekdays.names.firstIndex(of: ends[ends.count - 1]) else { return nil }
            var i = from
            while true {
                days.insert(.day(i))
                if i == to { break }
                i = (i + 1) % 7
            }
        }
        self = days
    }

    /// `mon-fri`, `sat-sun`, `mon,wed,fri`; empty for every day.
    public var description: String {
        guard self != .all else { return "" }
        var runs: [String] = []
        var i = 0
        while i < 7 {
            guard contains(.day(i)) else { i += 1; continue }
            var j = i
            while j + 1 < 7, contains(.day(j + 1)) { j += 1 }
            runs.append(j == i ? Weekdays.names[i] : "\(Weekdays.names[i])-\(Weekdays.names[j])")
            i = j + 1
        }
        return runs.joined(separator: ",")
    }
}

/// One end of a spell: a time on the wall clock (minutes after midnight, 0…1440), or sunrise or sunset moved by
/// some minutes (`sunset-30`).
public enum SpellEdge: Equatable, Hashable, Sendable, CustomStringConvertible {
    case clock(Int)
    case sunrise(Int)
    case sunset(Int)

    /// The furthest a sun edge may be moved, in minutes.
    public static let maxOffset = 720

    /// Minutes after midnight on a day the sun rises at 06:00 and sets at 18:00: what says whether a spell runs
    /// past midnight (`sunset-02:00` does, `sunrise-sunset` does not).
    var nominalMinute: Int {
        switch self {
        case .clock(let m): return m
        case .sunrise(let o): return 360 + o
        case .sunset(let o): return 1080 + o
        }
    }

    var usesSun: Bool { if case .clock = self { return false } else { return true } }

    /// Reads `HH:MM` (to `24:00`), `sunrise`, `sunset`, `sunset-30`, `sunrise+15`: one sign, then ASCII digits only
    /// (`Int` alone would read `sunset--30` as a later sunset, `-(-30)`).
    static func parse(_ text: Substring) -> SpellEdge? {
        for (name, make) in [("sunrise", SpellEdge.sunrise), ("sunset", SpellEdge.sunset)] where text.hasPrefix(name) {
            let rest = text.dropFirst(name.count)
            if rest.isEmpty { return make(0) }
            guard let sign = rest.first, sign == "+" || sign == "-", rest.count >= 2, rest.count <= 4,
                  rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(rest.dropFirst()),
                  minutes <= maxOffset else { return nil }
            return make(sign == "-" ? -minutes : minutes)
        }
        let hm = text.split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, (1...2).contains(hm[0].count), hm[1].count == 2,
              (hm[0] + hm[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
              let h = Int(hm[0]), let m = Int(hm[1]), (0...24).contains(h), m < 60, h < 24 || m == 0 else { return nil }
        return .clock(h * 60 + m)
    }

    public var description: String {
        func moved(_ o: Int) -> String { o == 0 ? "" : o > 0 ? "+\(o)" : "\(o)" }
        switch self {
        case .clock(let m): return String(format: "%02d:%02d", m / 60, m % 60)
        case .sunrise(let o): return "sunrise" + moved(o)
        case .sunset(let o): return "sunset" + moved(o)
        }
    }
}

/// A spell of a day: from the first moment the wall clock reads its start (or the sun reaches it) to the first
/// moment it reads its end, on the same day or, when the end comes earlier in a day than the start, the next.
public struct Spell: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let start: SpellEdge
    public let end: SpellEdge

    public init(start: SpellEdge, end: SpellEdge) { self.start = start; self.end = end }

    /// `00:00-24:00`.
    public static let allDay = Spell(start: .clock(0), end: .clock(1440))

    /// Whether it ends on the day after it starts (`22:00-06:00`, `sunset-sunrise`).
    public var runsPastMidnight: Bool { end.nominalMinute <= start.nominalMinute }

    public var description: String { "\(start)-\(end)" }
}

/// Days and their spells (`mon-fri 06:30-08:30,17:00-23:00`), with a brightness for a dimming spell (`30%`).
public struct SpellGroup: Equatable, Sendable, CustomStringConvertible {
    public let days: Weekdays
    public let spells: [Spell]
    /// Percent of full brightness, for `--dim`'s groups; nil for hours.
    public let level: Int?

    public init(days: Weekdays, spells: [Spell], level: Int? = nil) {
        self.days = days; self.spells = spells; self.level = level
    }

    public var description: String {
        let words = [days.description, spells.map(\.description).joined(separator: ","), level.map { "\($0)%" } ?? ""]
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Why a week's hours, an exception or a dimming spell is refused, in words that follow "--schedule TEXT: ".
public enum SpellRefusal: Error, Equatable, CustomStringConvertible {
    case empty
    case notHours(String)
    case equalEnds(String)
    case noSpells(String)
    case notDays(String)
    case noLevel(String)
    case badLevel(String)
    case notDate(String)

    public var description: String {
        switch self {
        // Translators: said after an option and its value ("--schedule …: is empty: …"); days and hours stay as written.
        case .empty: return tr("is empty: give hours such as 07:00-23:00 or mon-fri 06:30-08:30,17:00-23:00")
        case .notHours(let text):
            let rule = tr("must look like 07:00-23:00 (HH:MM-HH:MM, local time; an end may be sunrise or sunset, moved by minutes: sunset-30, sunrise+15)")
            return (text.isEmpty ? "" : "'\(text)' ") + rule
        case .equalEnds(let at):
            return Schedule.Refusal.equalEnds(at).description
        // Translators: {days} is what was given, such as "mon-fri".
        case .noSpells(let days): return tr("'{days}' names days but no hours after them ({days} 07:00-23:00)", ["days": days])
        case .notDays(let text):
            // Translators: {text} is what was given; the day names stay as written (they are what the option takes).
            return tr("'{text}' is not a day or days: mon, tue, wed, thu, fri, sat, sun, as a range (mon-fri, fri-mon) or a list (mon,wed,fri)",
                      ["text": text])
        case .noLevel(let text): return tr("'{text}' has no brightness: end it with a percent (21:00-23:00 30%)", ["text": text])
        case .badLevel(let text): return tr("'{text}' must be a brightness of 1% to 99%", ["text": text])
        case .notDate(let text):
            return tr("'{text}' is not a date: YYYY-MM-DD (2026-12-25), optionally with its hours", ["text": text])
        }
    }
}

/// The grammar of `--schedule`, `--dim` and `--schedule-except`: groups apart by `;`, each days (optional: every
/// day) and spells apart by `,` (`mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30`), a dimming group ending
/// in its percent (`21:00-23:00 30%`).
public enum SpellGrammar {
    /// The groups of `text`; `withLevel`: each ends in a percent (`--dim`).
    public static func groups(_ text: String, withLevel: Bool = false) -> Result<[SpellGroup], SpellRefusal> {
        let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return .failure(.empty) }
        var groups: [SpellGroup] = []
        for part in parts {
            switch group(part, withLevel: withLevel) {
            case .success(let g): groups.append(g)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(groups)
    }

    static func group(_ text: String, withLevel: Bool) -> Result<SpellGroup, SpellRefusal> {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var level: Int?
        if withLevel {
            guard let last = words.last, last.hasSuffix("%") else { return .failure(.noLevel(text)) }
            guard let percent = Int(last.dropLast()), (1...99).contains(percent) else { return .failure(.badLevel(last)) }
            level = percent
            words.removeLast()
        }
        var days = Weekdays.all
        // Days come first when anything follows them: one word alone is hours (`sunset-23:00` is not Sunday's).
        if words.count > 1, let named = Weekdays(parsing: words[0]) {
            days = named
            words.removeFirst()
        } else if words.count > 1, words[0].first?.isLetter == true, !words[0].lowercased().hasPrefix("sunr"),
                  !words[0].lowercased().hasPrefix("suns") {
            return .failure(.notDays(words[0]))
        } else if let only = words.first, words.count == 1, Weekdays(parsing: only) != nil {
            return .failure(.noSpells(only))
        }
        switch spells(words.joined()) {
        case .success(let spells): return .success(SpellGroup(days: days, spells: spells, level: level))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// Spells apart by commas: `06:30-08:30,17:00-23:00`.
    static func spells(_ text: String) -> Result<[Spell], SpellRefusal> {
        var spells: [Spell] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            switch spell(item) {
            case .success(let s): spells.append(s)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return spells.isEmpty ? .failure(.notHours(text)) : .success(spells)
    }

    /// `START-END`, where either end may itself hold a minus (`sunset-30-23:00`): the one dash that leaves an
    /// edge on both sides.
    static func spell(_ text: Substring) -> Result<Spell, SpellRefusal> {
        let lowered = Substring(text.lowercased())
        var found: [Spell] = []
        for i in lowered.indices where lowered[i] == "-" {
            if let s = SpellEdge.parse(lowered[..<i]), let e = SpellEdge.parse(lowered[lowered.index(after: i)...]) {
                found.append(Spell(start: s, end: e))
            }
        }
        guard found.count == 1, var spell = found.first else { return .failure(.notHours(String(text))) }
        // `24:00` as a start is the day's own midnight; as an end the next one (`00:00-24:00` is the whole day).
        if case .clock(1440) = spell.start { spell = Spell(start: .clock(0), end: spell.end) }
        let end = spell.end == .clock(1440) && spell.start != .clock(0) ? SpellEdge.clock(0) : spell.end
        if spell.start == end { return .failure(.equalEnds(spell.start.description)) }
        return .success(spell)
    }
}
