extension BrowseScreen {
    /// Scrolls at once so that the photo at `index` is the wall's photo on show (`indexOnShow`: the
    /// first photo whose cell reaches the top edge), as a wall carried on from a kept place stood: the lowest offset
    /// inside its cell that no earlier photo's cell reaches (one in another column may reach further down), else its
    /// top.
    public func stand(at index: Int) {
        guard index >= 0, index < layout.count else { return }
        let frame = layout.frames[index]
        var y = frame.y
        var offset = frame.y
        while y < frame.maxY {
            let earlier = layout.indices(intersecting: y, y + 1).filter { $0 < index }
            guard let below = earlier.map({ layout.frames[$0].maxY }).max() else { offset = y; break }
            y = below
        }
        setScroll(offset: Double(offset))
    }
}
