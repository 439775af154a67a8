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
