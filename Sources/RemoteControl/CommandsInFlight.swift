import Foundation

/// Commands handed to the frame and not answered yet, counted across threads (taken on libmosquitto's thread,
/// answered on the app's): past `limit` a command is not taken, so whoever may publish on the broker cannot queue
/// work on the frame without end.
final class CommandsInFlight: @unchecked Sendable {  // `count` only under `lock`
    private let lock = NSLock()
    private var count = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Counts one more command on its way; false (nothing counted) when `limit` are already.
    func take() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard count < limit else { return false }
        count += 1
        return true
    }

    /// A command taken was answered (done or refused).
    func answered() {
        lock.lock(); defer { lock.unlock() }
        count -= 1
    }
}
