import Foundation

/// Bounds the bytes of files being read at once: a reader takes its share before it reads and gives it back when
/// the bytes have gone on to the decoder, so several readers on large files wait for each other instead of holding
/// hundreds of megabytes between them. A share larger than the whole is cut to the whole (it then reads alone).
final class ByteGate {
    let limit: Int
    private let condition = NSCondition()
    private var inFlight = 0
    /// The most held at once, for tests.
    private(set) var peak = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// Blocks until `bytes` (at most `limit`) fit; returns the share taken, to give back with `release`.
    func acquire(_ bytes: Int) -> Int {
        let share = min(max(0, bytes), limit)
        condition.lock()
        while inFlight + share > limit { condition.wait() }
        inFlight += share
        peak = max(peak, inFlight)
        condition.unlock()
        return share
    }

    func release(_ share: Int) {
        condition.lock()
        inFlight -= share
        condition.broadcast()
        condition.unlock()
    }
}
