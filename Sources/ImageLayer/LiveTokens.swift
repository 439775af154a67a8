import Foundation

/// A set of tokens shared across threads: work whose token has left it is dropped before it is done.
public final class LiveTokens {
    private let lock = NSLock()
    private var tokens: Set<UInt64> = []

    public init() {}

    public func insert(_ token: UInt64) { lock.lock(); tokens.insert(token); lock.unlock() }
    public func remove(_ token: UInt64) { lock.lock(); tokens.remove(token); lock.unlock() }
    public func removeAll() { lock.lock(); tokens.removeAll(); lock.unlock() }
    public func contains(_ token: UInt64) -> Bool { lock.lock(); defer { lock.unlock() }; return tokens.contains(token) }
}
