/// Integer rectangles in logical pixels: layout is done in whole pixels so that what a test measures is what is drawn.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle of the given aspect ratio that covers this one, centred (it reaches past two sides).
    public func aspectFill(width w: Int, height h: Int) -> Rect {
        guard w > 0, h > 0, !isEmpty else { return self }
        let scale = max(Double(width) / Double(w), Double(height) / Double(h))
        let fw = max(1, Int((Double(w) * scale).rounded(.up)))
        let fh = max(1, Int((Double(h) * scale).rounded(.up)))
        return Rect(x: x + (width - fw) / 2, y: y + (height - fh) / 2, width: fw, height: fh)
    }

    /// The largest rectangle of the given aspect ratio that fits inside this one, centred.
    public func aspectFit(width w: Int, height h: Int) -> Rect {
        guard w > 0, h > 0, !isEmpty else { return self }
        let scale = min(Double(width) / Double(w), Double(height) / Double(h))
        let fw = max(1, Int((Double(w) * scale).rounded()))
        let fh = max(1, Int((Double(h) * scale).rounded()))
        return Rect(x: x + (width - fw) / 2, y: y + (height - fh) / 2, width: fw, height: fh)
    }
}

public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Parses "1280x800" (also "1280X800"); nil for anything else or non-positive sides.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }

    /// The same shape, brought down so neither side passes `side` (a GPU's largest texture); as it is if it fits.
    public func fitted(withinSide side: Int?) -> PixelSize {
        guard let side, side > 0, max(width, height) > side else { return self }
        let f = Double(side) / Double(max(width, height))
        return PixelSize(width: max(1, min(side, Int((Double(width) * f).rounded()))),
                         height: max(1, min(side, Int((Double(height) * f).rounded()))))
    }
    public var area: Int { width * height }
}

extension Rect {
    /// The centred part of a `width`×`height` picture with this rectangle's aspect: what fills it without
    /// stretching, cropped on the long side (a cell's old texture drawn while one of its new size loads).
    public func centredCrop(ofWidth w: Int, height h: Int) -> Rect {
        guard width > 0, height > 0, w > 0, h > 0 else { return Rect(x: 0, y: 0, width: max(0, w), height: max(0, h)) }
        // Compare w/h with width/height without division: crop the width when the picture is wider.
        if w * height > h * width {
            let cw = max(1, min(w, (h * width + height / 2) / height))
            return Rect(x: (w - cw) / 2, y: 0, width: cw, height: h)
        }
        let ch = max(1, min(h, (w * height + width / 2) / width))
        return Rect(x: 0, y: (h - ch) / 2, width: w, height: ch)
    }
}

extension Rect {
    /// The parts of this rectangle that none of `covers` overlaps, as rectangles that do not overlap each other:
    /// what still needs the background colour once the cells are drawn, so a frame fills each pixel once instead
    /// of clearing the whole window first (at 3840x2160 a clear is 33 MB written per frame). `covers` must not
    /// overlap each other. Vertical strips between the covers' side edges, each cut where a cover crosses it whole.
    public func uncovered(by covers: [Rect]) -> [Rect] {
        let inside = covers.compactMap { $0.clipped(to: self) }
        var edges = Set([x, maxX])
        for r in inside { edges.insert(r.x); edges.insert(r.maxX) }
        let xs = edges.sorted()
        var gaps: [Rect] = []
        for (x0, x1) in zip(xs, xs.dropFirst()) where x1 > x0 {
            let crossing = inside.filter { $0.x <= x0 && $0.maxX >= x1 }.sorted { $0.y < $1.y }
            var top = y
            for r in crossing {
                if r.y > top { gaps.append(Rect(x: x0, y: top, width: x1 - x0, height: r.y - top)) }
                top = max(top, r.maxY)
            }
            if maxY > top { gaps.append(Rect(x: x0, y: top, width: x1 - x0, height: maxY - top)) }
        }
        return gaps
    }

    /// The part of this rectangle inside `bounds`, or nil if none is.
    public func clipped(to bounds: Rect) -> Rect? {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(maxX, bounds.maxX), y1 = min(maxY, bounds.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}

extension ClosedRange {
    /// The value, or the nearest bound when it lies outside.
    public func clamp(_ value: Bound) -> Bound { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
