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
