/// One line a minute about a failure that repeats (a full disk refuses every write, ten times a second while cells
/// decode): the first time at once, then at most once per `interval`, with how many were not said in between.
public struct LogThrottle: Sendable {
    public let interval: Double
    private var lastSaid: Double?
    private var quiet = 0

    public init(interval: Double = 60) { self.interval = interval }

    /// The line to log now for `message`, or nil to stay quiet.
    public mutating func line(_ message: String, at now: Double) -> String? {
        if let last = lastSaid, now - last < interval {
            quiet += 1
            return nil
        }
        defer { lastSaid = now; quiet = 0 }
        return quiet == 0 ? message : "\(message) (and \(quiet) more like it since)"
    }
}
