/// How the slideshow's clock looks and where it stands (`--clock`, the configuration file's `clock`, the remote's
/// settings field): a size, a place, 12 or 24 hours (nil: the locale's) and whether a date line goes under the time.
/// Written as words in any order, spaces or commas between: `large bottom-left date`, `huge`, `small top 24h`. A
/// corner alone (`bottom-right`, the values `--clock` always took) is the small clock that stood there before.
public struct ClockStyle: Equatable, Sendable, CustomStringConvertible {
    public enum Size: String, CaseIterable, Sendable {
        /// The header's title lettering (about 20 px): the quiet clock of old.
        case small
        /// Digits 8 % of the window's height: read across a room (4 m from a 24" panel).
        case large
        /// Digits a fifth of the window's height: the screen is the clock (a night clock, a band across a photo).
        case huge
    }

    public enum Hours: Int, Sendable { case twelve = 12, twentyFour = 24 }

    public var size: Size
    public var spot: OverlayPlacement.Spot
    /// nil: as the locale writes time (`ClockLocale.hours`).
    public var hours: Hours?
    public var showsDate: Bool

    /// `spot` nil: the size's own place (small and large at the bottom right, huge in the centre).
    public init(size: Size = .small, spot: OverlayPlacement.Spot? = nil, hours: Hours? = nil, showsDate: Bool = false) {
        self.size = size
        self.spot = spot ?? (size == .huge ? .centred : .bottomRight)
        self.hours = hours; self.showsDate = showsDate
    }

    /// The small clock in `corner`, as `--clock CORNER` always drew it.
    public init(corner: ClockCorner) {
        let spots: [ClockCorner: OverlayPlacement.Spot] = [.topLeft: .topLeft, .topRight: .topRight,
                                                            .bottomLeft: .bottomLeft, .bottomRight: .bottomRight]
        self.init(spot: spots[corner])
    }

    public static let topLeft = ClockStyle(corner: .topLeft), topRight = ClockStyle(corner: .topRight)
    public static let bottomLeft = ClockStyle(corner: .bottomLeft), bottomRight = ClockStyle(corner: .bottomRight)

    /// The words each place is written as (the first is the one `description` writes).
    static let places: [(spot: OverlayPlacement.Spot, words: [String])] = [
        (.topLeft, ["top-left"]), (.topRight, ["top-right"]), (.bottomLeft, ["bottom-left"]),
        (.bottomRight, ["bottom-right"]), (.topBand, ["top", "top-band"]), (.bottomBand, ["bottom", "bottom-band"]),
        (.centred, ["centre", "center", "centred", "centered", "middle"]),
    ]

    /// What every word may be, for the messages (in the frame's language; the words themselves stay English).
    public static var vocabulary: String {
        // Translators: --clock's words (small, large, huge, top-left, …, date, 12h, 24h, off) stay as they are.
        tr("a size (small, large, huge), a place (top-left, top-right, bottom-left, bottom-right, top, bottom, centre), date, 12h or 24h, in any order; or off")
    }

    /// The style `text` asks for; nil for `off`. Throws `ClockStyleError` naming the word that does not do.
    public static func parse(_ text: String) throws -> ClockStyle? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { throw ClockStyleError(tr("--clock needs words: {words}", ["words": vocabulary])) }
        if words == ["off"] { return nil }
        var size: Size?, spot: OverlayPlacement.Spot?, hours: Hours?, date = false
        var seen: Set<String> = []
        for word in words {
            guard seen.insert(word).inserted else { throw ClockStyleError(tr("--clock: \"{word}\" is given twice", ["word": word])) }
            if word == "off" { throw ClockStyleError(tr("--clock off takes no other words")) }
            if let s = Size(rawValue: word) {
                if let size { throw ClockStyleError(tr("--clock: one size only ({first} and {second})",
                                                        ["first": size.rawValue, "second": word])) }
                size = s
            } else if let place = places.first(where: { $0.words.contains(word) }) {
                if let spot { throw ClockStyleError(tr("--clock: one place only ({first} and {second})",
                                                        ["first": name(of: spot), "second": word])) }
                spot = place.spot
            } else if word == "12h" || word == "24h" {
                if hours != nil { throw ClockStyleError(tr("--clock: 12h or 24h, not both")) }
                hours = word == "12h" ? .twelve : .twentyFour
            } else if word == "date" {
                date = true
            } else {
                throw ClockStyleError(tr("--clock: \"{word}\" is not a clock word; use {words}",
                                        ["word": word, "words": vocabulary]))
            }
        }
        return ClockStyle(size: size ?? .small, spot: spot, hours: hours, showsDate: date)
    }

    static func name(of spot: OverlayPlacement.Spot) -> String {
        places.first { $0.spot == spot }?.words[0] ?? "centre"
    }

    /// The words that give this style back through `parse` (a small clock in a corner is its corner alone, as the
    /// configuration file and the remote always wrote it).
    public var description: String {
        var words = [ClockStyle.name(of: spot)]
        if size != .small || ![.topLeft, .topRight, .bottomLeft, .bottomRight].contains(spot) {
            words.insert(size.rawValue, at: 0)
        }
        if showsDate { words.append("date") }
        if let hours { words.append("\(hours.rawValue)h") }
        return words.joined(separator: " ")
    }
}

/// Why a `--clock` value does not do, said as the command line, the configuration file and the remote say it.
public struct ClockStyleError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
