import Foundation

/// `--calendar`: the iCalendar sources, how many lines to show and where, and the bounds that keep a hostile
/// calendar (50 MB, 100,000 events, a rule that never ends) from costing the frame its photos.
public struct CalendarSettings: Equatable, Sendable {
    /// Files or http(s) addresses (`webcal://` read as https, `fetchedAddress`), in the order given.
    public var sources: [String]
    /// A file holding `user:password` for the addresses' basic authentication (never on the command line).
    public var authFile: String?
    /// At most this many lines (`--calendar-lines`).
    public var lines: Int
    /// Its corner or band (`--calendar-corner`).
    public var spot: OverlayPlacement.Spot
    /// Where the last good copy of each source is kept (nil: `$XDG_CACHE_HOME/tessera/calendar`).
    public var cacheDirectory: String?
    /// Whether copies are kept at all (`--no-cache`: not).
    public var keepsCopies = true
    public var limits: CalendarLimits

    public static let defaultLines = 4
    /// The spots `--calendar-corner` names: the four corners and the two bands.
    public static let spots: [String: OverlayPlacement.Spot] = [
        "top-left": .topLeft, "top-right": .topRight, "bottom-left": .bottomLeft, "bottom-right": .bottomRight,
        "top": .topBand, "bottom": .bottomBand,
    ]

    public init(sources: [String], authFile: String? = nil, lines: Int = CalendarSettings.defaultLines,
                spot: OverlayPlacement.Spot = .bottomLeft, cacheDirectory: String? = nil, limits: CalendarLimits = CalendarLimits()) {
        self.sources = sources; self.authFile = authFile; self.lines = max(1, lines); self.spot = spot
        self.cacheDirectory = cacheDirectory; self.limits = limits
    }
}

/// The calendar's budgets, in one place.
public struct CalendarLimits: Equatable, Sendable {
    /// A source larger than this is refused (the last good copy stays).
    public var maxBytes = 16 << 20
    /// Events read from one source; the rest of the file is left unparsed.
    public var maxEvents = 20_000
    /// Turns of one recurring event looked at (a `FREQ=SECONDLY` rule stops here, with a line in the log).
    public var maxTurnsPerEvent = 2_000
    /// Turns of all of a source's events together.
    public var maxTurnsPerSource = 200_000
    /// Seconds of the reader's queue one source's expansion may take (checked between turns and events; a rule no
    /// date satisfies is refused before libical follows it, `CalendarRuleCheck`).
    public var expansionSeconds = 2.0
    /// Occurrences kept from one source (the earliest).
    public var maxOccurrences = 500
    /// Days ahead the window reaches (today and these).
    public var daysAhead = 6
    /// Characters of a title shown.
    public var maxTitle = 80
    /// A source is fetched again this often (wall clock), and sooner after a failure, backing off.
    public var refreshSeconds = 15.0 * 60
    public var firstRetrySeconds = 30.0
    /// Seconds a fetch of an address may take in all.
    public var fetchTimeout = 30.0

    public init() {}
}

extension CalendarSettings {
    /// A source as the log names it: a file's path; an address without its user, password or query.
    public static func shownName(of source: String) -> String {
        guard let url = URLComponents(string: source), let scheme = url.scheme, scheme.hasPrefix("http") else {
            return source
        }
        return "\(scheme)://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
    }

    /// Whether a source is an address (http, https, or a `webcal://` subscription link) rather than a file.
    public static func isAddress(_ source: String) -> Bool {
        let lower = source.lowercased()
        return ["http://", "https://", "webcal://", "webcals://"].contains { lower.hasPrefix($0) }
    }

    /// The address fetched for a source: a `webcal://` (or `webcals://`) subscription link, as calendar services
    /// hand them out, is the same calendar over https; anything else as given.
    public static func fetchedAddress(of source: String) -> String {
        let lower = source.lowercased()
        for scheme in ["webcal://", "webcals://"] where lower.hasPrefix(scheme) {
            return "https://" + source.dropFirst(scheme.count)
        }
        return source
    }

    /// Why these sources may not be asked with the password of `authFile`, nil when they may: basic authentication
    /// sends the password readable to anyone on the way, so a plain `http://` address (after `fetchedAddress`) is
    /// refused with one (the loopback aside); the words name the source (without its user, password or query) and what to give.
    public static func refusal(sources: [String], authFile: String?) -> String? {
        guard authFile != nil else { return nil }
        // The loopback is no network: a calendar server on the frame itself (and the tests' stand-in) may be plain.
        let loopback: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]
        guard let plain = sources.first(where: {
            let address = fetchedAddress(of: $0)
            return address.lowercased().hasPrefix("http://")
                && !loopback.contains(URLComponents(string: address)?.host?.lowercased() ?? "")
        }) else {
            return nil
        }
        return "--calendar-auth-file would send its password unencrypted to \(shownName(of: plain)): "
            + "give an https:// address (or drop --calendar-auth-file)"
    }
}
