/// The photos viewed in one detail pane, in order, for back and forward. It holds photo keys, not feed indices, so
/// it stays right whatever the feed does.
public struct DetailHistory: Equatable {
    /// Photos viewed, oldest first; `position` is the one shown.
    public private(set) var history: [ItemKey]
    public private(set) var position: Int

    public init(key: ItemKey) {
        history = [key]
        position = 0
    }

    public var key: ItemKey { history[position] }
    public var canGoBack: Bool { position > 0 }
    public var canGoForward: Bool { position < history.count - 1 }

    /// Shows another photo (previous or next in the feed): what was forward of here is dropped, as in a browser.
    public mutating func show(_ next: ItemKey) {
        guard next != key else { return }
        history.removeSubrange((position + 1)...)
        history.append(next)
        position += 1
        // A long session's history stays bounded.
        if history.count > DetailHistory.maxHistory {
            history.removeFirst(history.count - DetailHistory.maxHistory)
            position = history.count - 1
        }
    }

    /// The photo shown became another (its file was replaced: turned for good): the history names the new one.
    public mutating func replaceCurrent(with key: ItemKey) { history[position] = key }

    @discardableResult
    public mutating func back() -> Bool {
        guard canGoBack else { return false }
        position -= 1
        return true
    }

    @discardableResult
    public mutating func forward() -> Bool {
        guard canGoForward else { return false }
        position += 1
        return true
    }

    public static let maxHistory = 500
}
