/// The one list of photos every view shows: the grid today, a single column or a search result later.
/// Within a pass through the catalogue, a photo ID already seen is dropped; the server's order is kept.
public struct Feed {
    public private(set) var items: [FeedItem] = []
    private var seenInPass: Set<String> = []
    private var indexByKey: [ItemKey: Int] = [:]
    private var pass = 0
    /// Bumped by `reset`, so work started for the old feed is recognised as stale when it finishes.
    public private(set) var generation = 0
    /// Items dropped from the front so far (`dropFirst`), so each view can drop the same from its layout.
    public private(set) var droppedFront = 0

    public init() {}

    public var count: Int { items.count }
    /// Different photos known: this pass's, or the whole last pass's while this one is still filling (a feed that
    /// wraps repeats its photos in each pass, and the header counts a photo once, not once a pass).
    public var distinctCount: Int { max(seenInPass.count, previousPassSize) }
    private var previousPassSize = 0
    public var isEmpty: Bool { items.isEmpty }

    /// Where an item is in the feed, if it still is (views hold keys, not indices).
    public func index(of key: ItemKey) -> Int? { indexByKey[key] }

    /// Appends a page's photos to the given pass; returns how many were new.
    @discardableResult
    public mutating func append(_ photos: [Photo], pass newPass: Int) -> Int {
        if newPass != pass {
            if newPass > pass { previousPassSize = seenInPass.count }
            pass = newPass
            seenInPass.removeAll(keepingCapacity: true)
        }
        let before = items.count
        for photo in photos where seenInPass.insert(photo.id).inserted {
            let item = FeedItem(photo: photo, pass: pass)
            indexByKey[item.key] = items.count
            items.append(item)
        }
        return items.count - before
    }

    /// Takes out every item of these photos (any pass); returns whether any was there.
    @discardableResult
    public mutating func remove(photoIDs: Set<String>) -> Bool {
        let before = items.count
        let gone = Set(items.lazy.map(\.photo.id).filter(photoIDs.contains))
        items.removeAll { photoIDs.contains($0.photo.id) }
        guard items.count != before else { return false }
        seenInPass.subtract(photoIDs)
        previousPassSize = max(0, previousPassSize - gone.count)
        reindex()
        return true
    }

    /// Puts a photo in before the latest item of photo `before` (nil, or not there: at the end), in that item's pass.
    public mutating func insert(_ photo: Photo, before: String?) {
        let at = before.flatMap { id in items.lastIndex { $0.photo.id == id } }
        let itemPass = at.map { items[$0].key.pass } ?? pass
        let item = FeedItem(photo: photo, pass: itemPass)
        guard indexByKey[item.key] == nil else { return }
        if itemPass == pass { seenInPass.insert(photo.id) }
        items.insert(item, at: at ?? items.count)
        reindex()
    }

    /// Forgets the first `k` items (a wrapping wall's earlier passes, far above the viewport): a wall that runs for
    /// weeks keeps a bounded list. Keys of the items that stay do not change.
    public mutating func dropFirst(_ k: Int) {
        let k = min(max(0, k), items.count)
        guard k > 0 else { return }
        for item in items[..<k] where item.key.pass == pass { seenInPass.remove(item.photo.id) }
        items.removeFirst(k)
        droppedFront += k
        reindex()
    }

    private mutating func reindex() {
        indexByKey.removeAll(keepingCapacity: true)
        for (i, item) in items.enumerated() { indexByKey[item.key] = i }
    }

    public mutating func reset() {
        items.removeAll()
        seenInPass.removeAll()
        indexByKey.removeAll()
        pass = 0
        previousPassSize = 0
        droppedFront = 0
        generation += 1
    }
}
