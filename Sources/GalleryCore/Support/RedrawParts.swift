/// Where a frame in which only some pictures changed (clips' new frames) is drawn again: the pictures' rectangles
/// inside the visible area, merged where drawing their bounding box costs little more than drawing each (every part
/// is one more pass over the scene, every pixel of a box one more written). Two clips side by side on a wall are one
/// part; two in opposite corners are two.
public enum RedrawParts {
    /// A bounding box is drawn instead of its rectangles when it covers at most this many times their area.
    static let mergeAllowance = 1.5

    /// `rects` clipped to `visible` (those outside it left out), merged as said above; the result's rectangles do not
    /// overlap. Empty when nothing visible changed.
    public static func parts(of rects: [Rect], within visible: Rect) -> [Rect] {
        var parts = rects.compactMap { $0.clipped(to: visible) }
        // Merge the cheapest pair until no pair is worth it (a handful of clips at most: quadratic is nothing).
        while parts.count > 1 {
            var best: (i: Int, j: Int, box: Rect)?
            var bestWaste = Double.infinity
            for i in parts.indices {
                for j in parts.indices where j > i {
                    let box = parts[i].bounding(parts[j])
                    let own = Double(parts[i].area + parts[j].area)
                    // Overlapping rectangles are always merged: drawing them apart would draw the overlap twice.
                    let mustMerge = parts[i].intersects(parts[j])
                    guard mustMerge || Double(box.area) <= mergeAllowance * own else { continue }
                    let waste = Double(box.area) - own
                    if waste < bestWaste { bestWaste = waste; best = (i, j, box) }
                }
            }
            guard let merge = best else { break }
            parts.remove(at: merge.j)
            parts[merge.i] = merge.box
        }
        return parts
    }
}

extension Rect {
    /// Pixels inside.
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle holding both.
    public func bounding(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
