import GalleryCore

/// Whether the server can be reached, from what each request found: the header's "Offline", background probes
/// while offline (backing off), and, when the server answers again, the pages and images that waited retried.
struct NetworkWatch {
    private var connectivity = Connectivity()
    let serverName: String

    init(serverName: String) { self.serverName = serverName }

    var isOnline: Bool { connectivity.isOnline }

    /// A request reached the server or did not. Returns true when the server has just come back.
    mutating func report(reachable: Bool, now: Double) -> Bool {
        if !reachable {
            if connectivity.networkFailed(now: now, unit: Double.random(in: 0..<1)) {
                Log.warn("offline: \(serverName) cannot be reached; showing what is cached")
            }
            return false
        }
        guard connectivity.serverAnswered() else { return false }
        Log.info("back online")
        return true
    }

    /// Whether to send a probe now (and counts it as sent).
    mutating func probeDue(now: Double) -> Bool {
        guard connectivity.shouldProbe(now: now) else { return false }
        connectivity.probeSent(now: now, unit: Double.random(in: 0..<1))
        return true
    }
}
