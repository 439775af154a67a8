import Foundation
import GalleryCore

/// The threads a local source answers on (a folder read, a demo picture drawn), each request under a `RequestID`
/// that `cancel` can withdraw, as the `PhotoSource` contract says: a request withdrawn before it starts never runs
/// its completion; one already running finishes. Most urgent first, as far as the queue's priorities allow.
public final class RequestQueue {
    private let queue = OperationQueue()
    private let lock = NSLock()
    private var nextID: UInt64 = 1
    private var waiting: [RequestID: Operation] = [:]

    public init(name: String, width: Int) {
        queue.name = name
        queue.maxConcurrentOperationCount = max(1, width)
    }

    deinit { queue.cancelAllOperations() }

    /// Runs `body` on one of the queue's threads unless withdrawn first. `priority`: 0 most urgent (the first
    /// visible cell), negative for pages.
    @discardableResult
    public func submit(priority: Int, _ body: @escaping () -> Void) -> RequestID {
        let operation = BlockOperation()
        lock.lock()
        let id = RequestID(nextID)
        nextID += 1
        operation.addExecutionBlock { [weak self] in
            // Whoever takes the entry first decides: the block runs only if `cancel` has not taken it.
            guard let self, self.take(id) != nil else { return }
            body()
        }
        operation.queuePriority = priority < 0 ? .veryHigh : priority < 8 ? .high : .normal
        waiting[id] = operation
        lock.unlock()
        queue.addOperation(operation)
        return id
    }

    /// An ID for a request the source answers some other way (a page waiting for a scan), so that no two of its
    /// requests share one.
    public func reserveID() -> RequestID {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        return RequestID(nextID - 1)
    }

    /// Withdraws a request that has not started; true if it will never run.
    @discardableResult
    public func cancel(_ id: RequestID) -> Bool {
        guard let operation = take(id) else { return false }
        operation.cancel()
        return true
    }

    public func cancelAll() { queue.cancelAllOperations() }

    private func take(_ id: RequestID) -> Operation? {
        lock.lock(); defer { lock.unlock() }
        return waiting.removeValue(forKey: id)
    }
}
