import Foundation

/// Who may hold one of the remote's connections, so that the frame stays its owner's while anyone else on the
/// network connects too: at most `total` connections, at most `perAddress` from one address. A newcomer beyond
/// either bound is not refused while an anonymous connection can make room: the one that has waited longest for a
/// request head (a slow client, an idle one), from the busiest address, is closed instead. A connection that has
/// sent the right token is the owner's and is never closed for a newcomer, who may be anyone; only when every
/// place a newcomer could take is the owner's is it turned away.
///
/// The owner's place does not depend on its address: a phone and a scanner behind one router, or a reverse proxy,
/// come from the same one. A newcomer sends its head at once and so is the last to be chosen; a slow client
/// keeps being chosen. Pure: the server tells it what each connection does.
public struct ConnectionAdmission: Sendable {
    /// What a connection is doing, as far as choosing one to close goes.
    public enum Activity: Sendable {
        /// Waiting for a request's head: a new connection, a slow one, or one idle between requests.
        case awaitingHead
        /// A request is in (its body read, or its answer made).
        case working
    }

    public enum Decision: Equatable, Sendable {
        case admit
        /// Admitted in place of this connection, which is forgotten here and must be closed.
        case admitInPlaceOf(Int)
        /// No place: every one the newcomer could take is the owner's.
        case turnAway
    }

    struct Seat: Sendable {
        var address: String
        var owners = false
        var activity = Activity.awaitingHead
        /// When the seat last began to wait for a head, in admissions and answers: smaller is longer ago.
        var since: UInt64
    }

    public let total: Int
    public let perAddress: Int
    private var seats: [Int: Seat] = [:]
    private var perAddressCount: [String: Int] = [:]
    private var clock: UInt64 = 0

    public init(total: Int, perAddress: Int) {
        self.total = max(1, total)
        self.perAddress = max(1, min(perAddress, total))
    }

    public init(limits: RemoteLimits) {
        self.init(total: limits.maxConnections, perAddress: limits.maxConnectionsPerAddress)
    }

    /// Connections held now.
    public var count: Int { seats.count }

    /// Connections held now from `address`.
    public func count(from address: String) -> Int { perAddressCount[address] ?? 0 }

    /// Whether connection `id` is held (not closed, nor given up for a newcomer).
    public func holds(_ id: Int) -> Bool { seats[id] != nil }

    /// A new connection `id` from `address`: let in, let in in another's place, or turned away.
    public mutating func admit(_ id: Int, from address: String) -> Decision {
        var decision = Decision.admit
        if count(from: address) >= perAddress {
            guard let victim = longestWaiting(where: { $0.address == address }) else { return .turnAway }
            decision = .admitInPlaceOf(victim)
        } else if seats.count >= total {
            // The busiest address gives up a place first: one address cannot keep the others out.
            let busiest = { (seat: Seat) in self.count(from: seat.address) }
            guard let victim = longestWaiting(where: { _ in true }, rankedBy: busiest) else { return .turnAway }
            decision = .admitInPlaceOf(victim)
        }
        if case .admitInPlaceOf(let victim) = decision { closed(victim) }
        clock += 1
        seats[id] = Seat(address: address, since: clock)
        perAddressCount[address, default: 0] += 1
        return decision
    }

    /// A request's head is in; `owners` when it carried the right token (the connection stays the owner's).
    public mutating func headArrived(_ id: Int, owners: Bool) {
        guard var seat = seats[id] else { return }
        seat.activity = .working
        seat.owners = seat.owners || owners
        seats[id] = seat
    }

    /// The answer is written: the connection waits for its next request.
    public mutating func answered(_ id: Int) {
        guard var seat = seats[id] else { return }
        clock += 1
        seat.activity = .awaitingHead
        seat.since = clock
        seats[id] = seat
    }

    /// The connection is gone (closed by either side); an unknown one is ignored.
    public mutating func closed(_ id: Int) {
        guard let seat = seats.removeValue(forKey: id) else { return }
        let left = (perAddressCount[seat.address] ?? 1) - 1
        perAddressCount[seat.address] = left > 0 ? left : nil
    }

    /// The anonymous connection to close for a newcomer among those `matching`: the highest `rank` first, then one
    /// waiting for a head before one at work, then the one waiting longest.
    private func longestWaiting(where matching: (Seat) -> Bool, rankedBy rank: (Seat) -> Int = { _ in 0 }) -> Int? {
        seats.filter { !$0.value.owners && matching($0.value) }
            .min { a, b in
                let (ra, rb) = (rank(a.value), rank(b.value))
                if ra != rb { return ra > rb }
                let (wa, wb) = (a.value.activity == .awaitingHead, b.value.activity == .awaitingHead)
                if wa != wb { return wa }
                return a.value.since < b.value.since
            }?.key
    }
}
