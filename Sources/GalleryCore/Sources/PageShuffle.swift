/// A network feed in random order (`--sort random`), for servers that only page through a fixed list (Lorem
/// Picsum): each pass visits the server's pages in a new shuffled order, and each page's photos shuffled, so a wall
/// does not open on the same photos every morning. The server's page count is a guess until a page comes back
/// empty; then the pages past it leave the order (the pages already served keep their place).
public struct PageShuffle: Sendable {
    private var rng: SplitMix
    /// How many pages the server is believed to have.
    public private(set) var pageCount: Int
    /// This pass's server pages, in the order the feed's pages 1, 2, … get them.
    public private(set) var order: [Int] = []

    public init(seed: UInt64, pageCount: Int) {
        rng = SplitMix(state: seed)
        self.pageCount = max(1, pageCount)
    }

    /// The server page behind the feed's `page` (1 starts a new pass, in a new order); nil past the pass's end.
    public mutating func serverPage(for page: Int) -> Int? {
        if page <= 1 || order.isEmpty { order = Array(1...pageCount).shuffled(using: &rng) }
        guard page >= 1, page <= order.count else { return nil }
        return order[page - 1]
    }

    /// The server page behind the feed's `page` was empty: the server has fewer pages than believed.
    public mutating func wasEmpty(feedPage page: Int) {
        guard page >= 1, page <= order.count else { return }
        pageCount = max(1, min(pageCount, order[page - 1] - 1))
        order = Array(order[..<(page - 1)]) + order[(page - 1)...].filter { $0 <= pageCount }
    }

    /// Whether the feed's `page` is the pass's last (a short page anywhere else must not end the pass).
    public func isLast(_ page: Int) -> Bool { page >= order.count }

    /// A page's photos in a random order.
    public mutating func shuffled(_ photos: [Photo]) -> [Photo] { photos.shuffled(using: &rng) }
}
