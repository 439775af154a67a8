import Foundation

/// SDL's renderer may only be used from the thread that created it. Every renderer and texture call checks that
/// here; a call from another thread is counted and named (not fatal: a test reads the count, the app logs it).
public enum RenderThreadGuard {
    private static let lock = NSLock()
    private static var count = 0
    private static var first: String?

    public static var violations: (count: Int, first: String?) {
        lock.lock(); defer { lock.unlock() }
        return (count, first)
    }

    static func check(_ owner: pthread_t, _ call: StaticString) {
        guard pthread_equal(owner, pthread_self()) == 0 else { return }
        lock.lock()
        count += 1
        if first == nil { first = "\(call) called off the render thread" }
        lock.unlock()
    }
}
