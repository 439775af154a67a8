/// How far the pane's viewer is zoomed into its photo, and where: `scale` 1 is the photo fitted to its frame; the
/// photo point at `centre` (0…1 of its width and height) is drawn at the middle of the viewing area. Pure geometry:
/// the pane feeds it input, the view asks where to draw and which part of the picture.
public struct Zoom: Hashable {
    public private(set) var scale = 1.0
    public private(set) var centre = (x: 0.5, y: 0.5)
    /// The largest zoom: the photo's own pixels at 4× (at least 4× the fitted size, for a small photo).
    public static let maxPixelZoom = 4.0

    public init() {}

    public var isZoomed: Bool { scale > 1.001 }

    public static func == (a: Zoom, b: Zoom) -> Bool { a.scale == b.scale && a.centre == b.centre }
    public func hash(into h: inout Hasher) { h.combine(scale); h.combine(centre.x); h.combine(centre.y) }

    /// Zoom limits for a photo fitted at `fit` (window pixels): never smaller than fitted, at most `maxPixelZoom`
    /// screen pixels per photo pixel.
    public static func maxScale(fit: Rect, photoWidth: Int) -> Double {
        guard fit.width > 0 else { return 1 }
        return max(4, maxPixelZoom * Double(photoWidth) / Double(fit.width))
    }

    /// The scale at which one photo pixel is one screen pixel (`scalePerPixel`: device pixels per window pixel).
    public static func actualSize(fit: Rect, photoWidth: Int, scalePerPixel: Double = 1) -> Double {
        guard fit.width > 0 else { return 1 }
        return Double(photoWidth) / (Double(fit.width) * scalePerPixel)
    }

    /// Zooms by `factor` keeping the photo point under (x, y) where it is (the wheel, a pinch, a double tap).
    public mutating func zoom(by factor: Double, at point: (x: Int, y: Int)? = nil, fit: Rect, area: Rect,
                              photoWidth: Int) {
        set(scale: scale * factor, at: point, fit: fit, area: area, photoWidth: photoWidth)
    }

    public mutating func set(scale newScale: Double, at point: (x: Int, y: Int)? = nil, fit: Rect, area: Rect,
                             photoWidth: Int) {
        let clamped = min(max(1, newScale), Zoom.maxScale(fit: fit, photoWidth: photoWidth))
        guard clamped.isFinite else { return }
        if let point {
            // The photo point under the pointer before, kept under it after.
            let before = photoPoint(at: point, fit: fit, area: area)
            scale = clamped
            let w = Double(fit.width) * scale, h = Double(fit.height) * scale
            centre = (before.x - (Double(point.x) - area.midX) / w, before.y - (Double(point.y) - area.midY) / h)
        } else {
            scale = clamped
        }
        clampCentre(fit: fit, area: area)
    }

    /// Back to the fitted photo.
    public mutating func reset() { scale = 1; centre = (0.5, 0.5) }

    /// Moves the photo by (dx, dy) window pixels (a drag).
    public mutating func pan(dx: Double, dy: Double, fit: Rect, area: Rect) {
        guard isZoomed else { return }
        centre.x -= dx / (Double(fit.width) * scale)
        centre.y -= dy / (Double(fit.height) * scale)
        clampCentre(fit: fit, area: area)
    }

    /// The zoomed photo's frame in window coordinates (it may reach far outside the area).
    public func frame(fit: Rect, area: Rect) -> Rect {
        guard isZoomed else { return fit }
        let w = Double(fit.width) * scale, h = Double(fit.height) * scale
        return Rect(x: Int((area.midX - centre.x * w).rounded()), y: Int((area.midY - centre.y * h).rounded()),
                    width: max(1, Int(w.rounded())), height: max(1, Int(h.rounded())))
    }

    /// What to draw: the part of the picture (0…1 of its width and height) and where it goes in the window.
    public func visible(fit: Rect, area: Rect) -> (source: (x: Double, y: Double, width: Double, height: Double), destination: Rect) {
        let z = frame(fit: fit, area: area)
        let x0 = max(z.x, area.x), y0 = max(z.y, area.y)
        let x1 = min(z.maxX, area.maxX), y1 = min(z.maxY, area.maxY)
        let dest = Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
        let source = (x: Double(x0 - z.x) / Double(z.width), y: Double(y0 - z.y) / Double(z.height),
                      width: Double(dest.width) / Double(z.width), height: Double(dest.height) / Double(z.height))
        return (source, dest)
    }

    /// The photo point (0…1) under a window point.
    private func photoPoint(at point: (x: Int, y: Int), fit: Rect, area: Rect) -> (x: Double, y: Double) {
        let z = frame(fit: fit, area: area)
        return ((Double(point.x) - Double(z.x)) / Double(z.width), (Double(point.y) - Double(z.y)) / Double(z.height))
    }

    /// A photo larger than the area never shows a gap at its edges; a smaller side stays centred.
    private mutating func clampCentre(fit: Rect, area: Rect) {
        let w = Double(fit.width) * scale, h = Double(fit.height) * scale
        func clamp(_ c: Double, _ size: Double, _ view: Int) -> Double {
            let half = Double(view) / 2 / size
            return size <= Double(view) ? 0.5 : min(max(c, half), 1 - half)
        }
        centre = (clamp(centre.x, w, area.width), clamp(centre.y, h, area.height))
        if !isZoomed { centre = (0.5, 0.5) }
    }
}

extension Rect {
    var midX: Double { Double(x) + Double(width) / 2 }
    var midY: Double { Double(y) + Double(height) / 2 }
}
