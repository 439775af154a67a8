import Foundation

/// Remote commands that need photos (`next`, `previous`, a photo by id), held while the feed has none yet: a frame
/// that restarts hears the commands its broker kept for it (QoS 1) before its first page is in, and acting on an
/// empty feed would acknowledge them and lose them. Each waits at most `limit` seconds, then is refused; at most
/// `capacity` wait (more are refused at once). Pure: the app asks `release` each turn of its loop, and wakes the
/// loop at `nextDeadline`.
public struct HeldCommands<Reply> {
    public struct Entry {
        public let command: Command
        public let since: Double
        public let reply: Reply
    }

    public let limit: Double
    public let capacity: Int
    public private(set) var entries: [Entry] = []

    public init(limit: Double = 30, capacity: Int = 16) {
        self.limit = limit
        self.capacity = capacity
    }

    /// Whether a command means nothing on a feed without photos.
    public static func needsPhotos(_ command: Command) -> Bool {
        switch command {
        case .nextPhoto, .previousPhoto, .openPhoto: return true
        default: return false
        }
    }

    /// Holds a command; false when `capacity` already wait (refuse it then).
    public mutating func hold(_ command: Command, now: Double, reply: Reply) -> Bool {
        guard entries.count < capacity else { return false }
        entries.append(Entry(command: command, since: now, reply: reply))
        return true
    }

    /// What is ready (the feed has photos now: all of them, in the order they came) and what waited too long.
    public mutating func release(feedHasPhotos: Bool, now: Double) -> (ready: [Entry], expired: [Entry]) {
        if feedHasPhotos {
            defer { entries.removeAll() }
            return (entries, [])
        }
        let expired = entries.filter { now - $0.since >= limit }
        entries.removeAll { now - $0.since >= limit }
        return ([], expired)
    }

    /// When the oldest one runs out of time.
    public var nextDeadline: Double? { entries.map { $0.since + limit }.min() }

    public var isEmpty: Bool { entries.isEmpty }
}
