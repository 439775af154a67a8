import Foundation
import GalleryCore
import NIOCore

/// The remote's connections open now, and who may open one more: the server's side of `ConnectionAdmission`. A
/// newcomer beyond the bounds takes the place of the anonymous connection that waited longest (told to give way,
/// `RemoteConnection.GiveWay`), or is answered 503 when every place is the owner's. Either is logged once, then
/// once every `limits.crowdNoticeSeconds` with a count (`CountedNotice`), never once a connection. Behind a lock:
/// the server's thread closes them all when it stops.
final class ConnectionTable: @unchecked Sendable {  // everything mutable is behind `lock`
    /// One connection's place in the table, for its handler to say what it does.
    struct Seat: Sendable {
        let id: Int
        let table: ConnectionTable

        func headArrived(owners: Bool) { table.locked { $0.admission.headArrived(id, owners: owners) } }
        func answered() { table.locked { $0.admission.answered(id) } }
    }

    private struct State {
        var admission: ConnectionAdmission
        var channels: [Int: Channel] = [:]
        var nextID = 0
        var crowd: CountedNotice
        var crowdSaid = false

        mutating func forget(_ id: Int) {
            channels[id] = nil
            admission.closed(id)
        }
    }

    private let lock = NSLock()
    private var state: State
    private let limits: RemoteLimits
    private let now: @Sendable () -> Double
    private let log: @Sendable (String) -> Void

    init(limits: RemoteLimits, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
         log: @escaping @Sendable (String) -> Void) {
        state = State(admission: ConnectionAdmission(limits: limits),
                      crowd: CountedNotice(interval: limits.crowdNoticeSeconds))
        self.limits = limits; self.now = now; self.log = log
    }

    /// Counts `channel` in from its address: its seat, or nil when it is to be turned away (answered 503). A
    /// connection it takes the place of is told to give way on its own loop.
    func admit(_ channel: Channel) -> Seat? {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let time = now()
        let (id, decision, victim, say) = locked { state -> (Int, ConnectionAdmission.Decision, Channel?, String?) in
            let id = state.nextID
            state.nextID += 1
            let decision = state.admission.admit(id, from: address)
            var victim: Channel?
            switch decision {
            case .admit: state.channels[id] = channel
            case .admitInPlaceOf(let gone):
                victim = state.channels.removeValue(forKey: gone)
                state.channels[id] = channel
            case .turnAway: break
            }
            guard decision != .admit, let count = state.crowd.record(now: time) else { return (id, decision, victim, nil) }
            return (id, decision, victim, crowdLine(count, state: &state))
        }
        if let say { log(say) }
        if let victim { victim.pipeline.fireUserInboundEventTriggered(RemoteConnection.GiveWay()) }
        guard decision != .turnAway else { return nil }
        channel.closeFuture.whenComplete { [weak self] _ in self?.locked { $0.forget(id) } }
        return Seat(id: id, table: self)
    }

    /// Says the count of connections closed or turned away for room since the last line, if there are some and the
    /// interval has passed (a timer calls it, so the end of a flood is said too).
    func sayCrowd() {
        let time = now()
        let say = locked { state in state.crowd.flush(now: time).map { crowdLine($0, state: &state) } }
        if let say { log(say) }
    }

    func closeAll() {
        let open = locked { Array($0.channels.values) }
        for channel in open { try? channel.close().wait() }
    }

    private func crowdLine(_ count: Int, state: inout State) -> String {
        defer { state.crowdSaid = true }
        guard state.crowdSaid else {
            return "remote: more than \(limits.maxConnections) connections, or \(limits.maxConnectionsPerAddress) from "
                + "one address: a newcomer takes the place of the anonymous one that waited longest for a request, or "
                + "is answered 503 if every place has the token; counted here every "
                + "\(Int(limits.crowdNoticeSeconds)) s"
        }
        return "remote: \(count) connection\(count == 1 ? "" : "s") closed or turned away for room since the last line"
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&state)
    }
}
