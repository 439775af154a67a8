/// The grid's zoom: two to eight columns, a column at a time (Ctrl+`+`, Ctrl+`-`, Ctrl+`0`, Ctrl+wheel, a pinch;
/// the commands `fewer-columns`, `more-columns`, `default-columns` from a script or the remote). The photo under the
/// pinch, or at the centre of the grid, stays where it was on screen as near as the new layout allows; the cells'
/// images are asked for at their new size by the image layer as for any cell (smaller cells, smaller decodes).
/// The list keeps its one column: zooming there changes nothing.
extension BrowseScreen {
    /// The columns a person can zoom the grid to. Two is the wall's own (`--columns`, the default).
    public static let columnRange = 2...8
    /// How far a pinch spreads (or closes) for one column fewer (or more); a notch of Ctrl+wheel is one such step.
    public static let pinchStep = 1.25

    /// The grid's columns at a window width: the person's zoom, else what the configuration says.
    public func columns(forWidth width: Int) -> Int { zoomedColumns ?? config.columns(forWidth: width) }

    /// The grid's columns now.
    public var gridColumns: Int { columns(forWidth: window.width) }

    /// The columns the person chose (nil: the configuration's), to be kept in the library.
    public var chosenColumns: Int? { zoomedColumns }

    func layoutMetrics(width: Int) -> MasonryLayout.Metrics {
        var metrics = config.layoutMetrics(width: width)
        metrics.columns = columns(forWidth: width)
        return metrics
    }

    /// Sets the grid's columns (nil: back to the configuration's; others clamped to `columnRange`), keeping the photo
    /// at `point` (window coordinates; the grid's centre when nil) at the same place on screen. Returns whether the
    /// choice changed. In the list nothing changes.
    @discardableResult
    public func setColumns(_ wanted: Int?, around point: (x: Int, y: Int)? = nil) -> Bool {
        guard mode == .grid else { return false }
        let chosen = wanted.map { min(max($0, BrowseScreen.columnRange.lowerBound), BrowseScreen.columnRange.upperBound) }
        guard chosen != zoomedColumns else { return false }
        let before = gridColumns
        let anchor = zoomAnchor(around: point ?? (window.width / 2, gridTop + gridHeight / 2))
        zoomedColumns = chosen
        guard gridColumns != before else { return true }
        layout = makeLayout()
        updateBounds()
        if let anchor {
            let frame = layout.frames[anchor.index]
            setScroll(offset: Double(frame.y) + anchor.share * Double(frame.height) - Double(anchor.gridY))
        }
        return true
    }

    /// One column fewer (`step` −1, larger photos) or more (+1). Returns whether the grid changed.
    @discardableResult
    public func zoomColumns(by step: Int, around point: (x: Int, y: Int)? = nil) -> Bool {
        let next = min(max(gridColumns + step, BrowseScreen.columnRange.lowerBound), BrowseScreen.columnRange.upperBound)
        return next != gridColumns && setColumns(next, around: point)
    }

    /// A pinch (or Ctrl+wheel) spread by `scale` around (x, y): each `pinchStep` of spread takes a column away, each
    /// of closing adds one. Returns whether the grid changed.
    @discardableResult
    public func pinchColumns(scale: Double, x: Int, y: Int) -> Bool {
        guard scale.isFinite, scale > 0, mode == .grid else { return false }
        pinchSpread *= scale
        var changed = false
        while pinchSpread >= BrowseScreen.pinchStep || pinchSpread <= 1 / BrowseScreen.pinchStep {
            let spreading = pinchSpread > 1
            pinchSpread = spreading ? pinchSpread / BrowseScreen.pinchStep : pinchSpread * BrowseScreen.pinchStep
            // At either end of the range a pinch further does nothing, and is not saved up for later.
            guard zoomColumns(by: spreading ? -1 : 1, around: (x, y)) else { pinchSpread = 1; break }
            changed = true
        }
        return changed
    }

    /// Opens the grid at the columns a person last zoomed it to at this desktop, kept in the library: not when
    /// `--columns` was given (the command line says what this run shows), not in a kiosk (its owner's columns).
    public func takeKeptColumns(in gallery: GalleryModel) {
        guard gallery.kiosk == nil, !config.columnsGiven, let columns = gallery.user.wallColumns else { return }
        setColumns(columns)
    }

    /// Keeps the person's zoom in the library for the next run; a kiosk keeps none (a pinch at its screen, or the
    /// remote's `more-columns`, must not carry into the desktop's library).
    func keepColumns(in gallery: GalleryModel) {
        if gallery.kiosk == nil { gallery.user.keepWallColumns(chosenColumns) }
    }

    /// The wall's zoom commands: nil for any other command, else whether the columns changed.
    func zoom(_ command: Command) -> Bool? {
        switch command {
        case .action(RoomAction.fewerColumns): return zoomColumns(by: -1)
        case .action(RoomAction.moreColumns): return zoomColumns(by: 1)
        case .action(RoomAction.defaultColumns): return setColumns(nil)
        default: return nil
        }
    }

    /// The photo at a point of the window (the one under it, else the visible one nearest it), how far down the
    /// photo the point is (0…1), and the point's height in the grid.
    private func zoomAnchor(around point: (x: Int, y: Int)) -> (index: Int, share: Double, gridY: Int)? {
        let gridY = min(max(0, point.y - gridTop), gridHeight)
        let y = scrollTop + gridY
        let visible = visibleIndices
        guard !visible.isEmpty else { return nil }
        func distance(_ i: Int) -> Int {
            let f = layout.frames[i]
            let dx = point.x < f.x ? f.x - point.x : max(0, point.x - f.maxX)
            let dy = y < f.y ? f.y - y : max(0, y - f.maxY)
            return dx + dy
        }
        let index = visible.min { distance($0) < distance($1) }!
        let frame = layout.frames[index]
        let share = min(max(Double(y - frame.y) / Double(max(1, frame.height)), 0), 1)
        return (index, share, gridY)
    }
}
