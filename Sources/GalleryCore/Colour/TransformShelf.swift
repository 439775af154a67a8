import Foundation

/// A conversion's two ends: what the pixels are, and what they are wanted in (the display's profile).
public struct ProfilePair: Hashable, Sendable {
    public var source: ColourDescription
    public var destination: ColourDescription

    public init(_ source: ColourDescription, to destination: ColourDescription) {
        self.source = source; self.destination = destination
    }

    /// Profile bytes the pair holds.
    var bytes: Int {
        func size(_ d: ColourDescription) -> Int { if case .icc(let data) = d { return data.count }; return 0 }
        return size(source) + size(destination)
    }
}

/// Keeps what was built for a pair of profiles (a transform from a photo's to the display's), so a folder of
/// photos from one phone builds it once: at most `limit` entries, the least recently used forgotten first, and at
/// most `maxKeyBytes` of profile bytes held as keys. A failure is kept too (as nil), so a hostile profile is read once.
/// Thread-safe (decode workers share it); `make` runs outside the lock, and two workers asking for a new key at the
/// same moment may both build it (the second is dropped): cheaper than making one wait for the other.
public final class TransformShelf<Value>: @unchecked Sendable {
    private struct Entry { var value: Value?; var used: UInt64 }

    private let lock = NSLock()
    private var entries: [ProfilePair: Entry] = [:]
    private var clock: UInt64 = 0
    private var keyBytes = 0
    public let limit: Int
    public let maxKeyBytes: Int
    /// Times `make` ran (for tests: a second photo with the same profile builds nothing).
    public var built: Int { lock.withLock { builtCount } }
    private var builtCount = 0

    public init(limit: Int = 16, maxKeyBytes: Int = 8 << 20) {
        self.limit = max(1, limit)
        self.maxKeyBytes = maxKeyBytes
    }

    public var count: Int { lock.withLock { entries.count } }

    /// The value kept for `key`, or the one `make` builds now (nil: it could not be built; kept as such).
    public func value(for key: ProfilePair, make: () -> Value?) -> Value? {
        let kept: Entry? = lock.withLock {
            guard var entry = entries[key] else { return nil }
            clock += 1
            entry.used = clock
            entries[key] = entry
            return entry
        }
        if let kept { return kept.value }
        let value = make()
        lock.withLock {
            builtCount += 1
            guard entries[key] == nil else { return }
            let size = key.bytes
            guard size <= maxKeyBytes else { return }
            while !entries.isEmpty, entries.count >= limit || keyBytes + size > maxKeyBytes { evictOldest() }
            clock += 1
            entries[key] = Entry(value: value, used: clock)
            keyBytes += size
        }
        return value
    }

    private func evictOldest() {
        guard let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key else { return }
        entries[oldest] = nil
        keyBytes -= oldest.bytes
    }
}
