/// A staggered grid: equal-width columns with a constant gap; each item keeps its aspect ratio and goes to the
/// shortest column. Appending lays out only the new items; a width change re-lays out everything (the only O(n) step).
///
/// Heights come from the photo's own width and height, so a cell has its final size before any pixel arrives.
/// A heading (a memories wall's year) spans every column: it starts below the longest column and the columns all go
/// on under it, so a section's photos never stand beside another's.
public struct MasonryLayout {
    /// A band across the wall above item `before`, for a section's heading.
    public struct Heading: Equatable {
        public var before: Int
        public var frame: Rect
        public var title: String
    }

    public struct Metrics: Equatable {
        public var columns: Int
        public var gap: Int
        /// Aspect ratios (width / height) outside this range are clamped, so a 1×10000 strip neither vanishes nor
        /// fills several screens (the source centre-crops to the cell). Bounding a cell's height also bounds what the
        /// visible cells can cost in texture memory.
        public var minAspect: Double
        public var maxAspect: Double

        public init(columns: Int = 2, gap: Int = 12, minAspect: Double = 0.5, maxAspect: Double = 3) {
            self.columns = max(1, columns); self.gap = max(0, gap)
            self.minAspect = minAspect; self.maxAspect = maxAspect
        }
    }

    public private(set) var metrics: Metrics
    public private(set) var width: Int
    public private(set) var frames: [Rect] = []
    /// For each column, the indices of its items in top-to-bottom order: y grows with index within a column,
    /// which is what makes the visible query a binary search.
    private var columnItems: [[Int]]
    private var columnBottoms: [Int]
    private var aspects: [Double] = []
    /// The headings, in item order; `headingAbove` keeps each item's (title, height) for a relayout.
    public private(set) var headings: [Heading] = []
    private var headingAbove: [Int: (title: String, height: Int)] = [:]

    public init(width: Int, metrics: Metrics = Metrics()) {
        self.metrics = metrics
        self.width = max(0, width)
        columnItems = Array(repeating: [], count: metrics.columns)
        columnBottoms = Array(repeating: metrics.gap, count: metrics.columns)
    }

    public var count: Int { frames.count }

    /// Column width in logical pixels: the gap stands between columns and at both outer edges.
    public var columnWidth: Int {
        max(1, (width - metrics.gap * (metrics.columns + 1)) / metrics.columns)
    }

    /// Height of all the content, including the gap under the last row.
    public var contentHeight: Int { columnBottoms.max() ?? 0 }

    /// Lays out items appended to the feed; only the new ones are touched.
    /// `heading`: a band of that height across the wall above this item, titled.
    public mutating func append(aspect width: Int, height: Int, heading: (title: String, height: Int)? = nil) {
        let aspect = min(max(Double(width) / Double(max(1, height)), metrics.minAspect), metrics.maxAspect)
        if let heading { headingAbove[aspects.count] = heading }
        aspects.append(aspect)
        place(aspect: aspect)
    }

    public mutating func append<S: Sequence>(_ photos: S) where S.Element == Photo {
        for photo in photos { append(aspect: photo.width, height: photo.height) }
    }

    /// Recomputes every frame for a new width (window resize). Order and column choice follow the same rule.
    public mutating func relayout(width newWidth: Int) {
        guard newWidth != width else { return }
        width = max(0, newWidth)
        let all = aspects
        frames.removeAll(keepingCapacity: true)
        headings.removeAll()
        columnItems = Array(repeating: [], count: metrics.columns)
        columnBottoms = Array(repeating: metrics.gap, count: metrics.columns)
        for aspect in all { place(aspect: aspect) }
    }

    /// Forgets the first `k` items; the others keep their places, moved up together by the returned distance so
    /// the content starts near 0 again (nothing is laid out anew, so nothing on screen changes column).
    @discardableResult
    public mutating func dropFirst(_ k: Int) -> Int {
        let k = min(max(0, k), frames.count)
        guard k > 0 else { return 0 }
        frames.removeFirst(k)
        aspects.removeFirst(k)
        columnItems = columnItems.map { column in column.filter { $0 >= k }.map { $0 - k } }
        headings = headings.filter { $0.before >= k }.map { Heading(before: $0.before - k, frame: $0.frame, title: $0.title) }
        headingAbove = Dictionary(uniqueKeysWithValues: headingAbove.filter { $0.key >= k }.map { ($0.key - k, $0.value) })
        // Every column keeps at least its gap above its first item; a column left empty keeps its bottom.
        let firstY = (frames.map(\.y) + headings.map(\.frame.y)).min()
        let dy = max(0, (firstY ?? (columnBottoms.min() ?? metrics.gap)) - metrics.gap)
        for i in frames.indices { frames[i].y -= dy }
        for i in headings.indices { headings[i].frame.y -= dy }
        columnBottoms = columnBottoms.map { $0 - dy }
        return dy
    }

    /// Forgets every item (feed reloaded).
    public mutating func removeAll() {
        frames.removeAll(); aspects.removeAll(); headings.removeAll(); headingAbove.removeAll()
        columnItems = Array(repeating: [], count: metrics.columns)
        columnBottoms = Array(repeating: metrics.gap, count: metrics.columns)
    }

    private mutating func place(aspect: Double) {
        if let heading = headingAbove[frames.count] {
            // Below every column (the longest one's last gap included), and every column goes on under it.
            let top = columnBottoms.max() ?? metrics.gap
            headings.append(Heading(before: frames.count, frame: Rect(x: metrics.gap, y: top, width: max(1, width - 2 * metrics.gap),
                                                                      height: heading.height), title: heading.title))
            columnBottoms = Array(repeating: top + heading.height, count: metrics.columns)
        }
        var column = 0
        for c in 1..<metrics.columns where columnBottoms[c] < columnBottoms[column] { column = c }
        let w = columnWidth
        let h = max(1, Int((Double(w) / aspect).rounded()))
        let x = metrics.gap + column * (w + metrics.gap)
        let frame = Rect(x: x, y: columnBottoms[column], width: w, height: h)
        columnItems[column].append(frames.count)
        frames.append(frame)
        columnBottoms[column] = frame.maxY + metrics.gap
    }

    /// Indices of items whose frames intersect the band [top, bottom), in ascending index order.
    /// Cost: O(columns · log n + k) for k results.
    public func indices(intersecting top: Int, _ bottom: Int) -> [Int] {
        guard bottom > top else { return [] }
        var result: [Int] = []
        for column in columnItems {
            var i = firstIndex(in: column, withMaxYAbove: top)
            while i < column.count, frames[column[i]].y < bottom {
                result.append(column[i]); i += 1
            }
        }
        result.sort()
        return result
    }

    /// The headings whose bands cross [top, bottom).
    public func headings(intersecting top: Int, _ bottom: Int) -> [Heading] {
        headings.filter { $0.frame.maxY > top && $0.frame.y < bottom }
    }

    /// How many items end at or above `y` (have scrolled past the top of a viewport whose top is `y`).
    /// O(columns · log n).
    public func countEnding(atOrAbove y: Int) -> Int {
        columnItems.reduce(0) { $0 + firstIndex(in: $1, withMaxYAbove: y + 1) }
    }

    /// The item under a point in content coordinates, if any.
    public func index(at x: Int, y: Int) -> Int? {
        indices(intersecting: y, y + 1).first { frames[$0].contains(x: x, y: y) }
    }

    /// The first position in a column whose frame ends below `top`.
    private func firstIndex(in column: [Int], withMaxYAbove top: Int) -> Int {
        var lo = 0, hi = column.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[column[mid]].maxY <= top { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// What the residency policy and the views need of a layout: where each item is, and which items a band of
/// content crosses. The grid and the list are both `MasonryLayout`s (two columns, one); anything else that
/// answers these can be planned the same way.
public protocol CellLayout {
    var frames: [Rect] { get }
    var contentHeight: Int { get }
    /// Items whose frames cross the band [top, bottom), ascending.
    func indices(intersecting top: Int, _ bottom: Int) -> [Int]
}

extension MasonryLayout: CellLayout {}
