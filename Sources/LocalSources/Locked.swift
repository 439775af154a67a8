import Foundation

/// A value and the one lock that guards it: the value is reached only through `withLock`, so no state of the folder
/// source is guarded by a comment (SwiftNIO's `NIOLockedValueBox`). Held briefly; never while calling out.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value now.
    var current: Value { withLock { $0 } }
}
