import Foundation

/// Tells when another client uses the frame's MQTT client id. A broker keeps one connection per client id: a second
/// frame with the same id takes the session over and the first is thrown off, reconnects at once, and throws the
/// other off in turn, every second or so, each re-sending its configs and photo. Nothing in MQTT 3.1.1 says why a
/// connection ended, so the sign is the pattern: connections lost soon after they were made, several in a row.
/// A broker that is merely flaky loses connections at random moments, rarely right after each connect.
/// Pure: the bridge notes its connections and losses (monotonic seconds), and says the clash once.
public struct ClientIDClash: Equatable, Sendable {
    /// A loss this soon after its connection counts.
    public let soon: Double
    /// This many such losses in a row make a clash.
    public let inARow: Int
    /// A connection that lasts this long is taken as the clash being over.
    public let settled: Double

    private var connectedAt: Double?
    private var shortLives = 0
    public private(set) var clashing = false

    public init(soon: Double = 5, inARow: Int = 3, settled: Double = 60) {
        self.soon = soon; self.inARow = inARow; self.settled = settled
    }

    /// The broker accepted a connection at `now`.
    public mutating func connected(at now: Double) { connectedAt = now }

    /// The connection was lost at `now`; true when this makes a clash newly seen (say it then).
    public mutating func lost(at now: Double) -> Bool {
        defer { connectedAt = nil }
        guard let connectedAt else { return false }
        if now - connectedAt < soon {
            shortLives += 1
        } else {
            shortLives = 0
        }
        guard shortLives >= inARow, !clashing else { return false }
        clashing = true
        return true
    }

    /// A turn of the bridge's clock at `now`: true when the clash newly ended (a connection held for `settled`).
    public mutating func check(at now: Double) -> Bool {
        guard clashing, let connectedAt, now - connectedAt >= settled else { return false }
        clashing = false
        shortLives = 0
        return true
    }

    /// What the log and the remote page say, in English; the page says it in the phone's language by this template
    /// (`RemotePageWords`).
    // Translators: the remote page's notice (after "Connected."); {id} is the frame's MQTT id ("hall").
    public static let template = untranslated("another frame uses the id {id} on the MQTT broker: they throw each other off it. Give one of them an id of its own (its frame-id file, beside its configuration) and start it again")

    public static func words(id: FrameID) -> String { WordTemplate.fill(template, ["id": id.value]) }
}
