import Foundation

/// Where worker threads leave results for the main thread. Posting wakes the event loop once per batch;
/// the main thread takes everything at once.
final class Mailbox<Message> {
    private let lock = NSLock()
    private var messages: [Message] = []
    private let wake: () -> Void

    init(wake: @escaping () -> Void) { self.wake = wake }

    func post(_ message: Message) {
        lock.lock()
        let wasEmpty = messages.isEmpty
        messages.append(message)
        lock.unlock()
        // One wake per batch: the loop drains the whole mailbox when it runs.
        if wasEmpty { wake() }
    }

    func takeAll() -> [Message] {
        lock.lock(); defer { lock.unlock() }
        let taken = messages
        messages.removeAll(keepingCapacity: true)
        return taken
    }
}

/// A set of tokens shared across threads: work whose token has left it is dropped before it is done.
final class LiveTokens {
    private let lock = NSLock()
    private var tokens: Set<UInt64> = []

    func insert(_ token: UInt64) { lock.lock(); tokens.insert(token); lock.unlock() }
    func remove(_ token: UInt64) { lock.lock(); tokens.remove(token); lock.unlock() }
    func removeAll() { lock.lock(); tokens.removeAll(); lock.unlock() }
    func contains(_ token: UInt64) -> Bool { lock.lock(); defer { lock.unlock() }; return tokens.contains(token) }
}
