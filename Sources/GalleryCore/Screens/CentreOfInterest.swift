/// Where a photo's subject is, for the slideshow's motion (`--motion`) to keep in view: EXIF SubjectArea (phones write
/// it where they focused) or the faces a server found (Immich's boxes). Looked up when a photo comes near the screen.
public enum CentreOfInterest: Equatable, Sendable {
    /// Being looked up: the slideshow waits for the answer before the photo shows (a bounded wait), so its path
    /// never jumps.
    case unknown
    /// The photo says none (or could not be asked): a portrait keeps its top third.
    case none
    /// The part to keep in view, in fractions of the upright photo.
    case area(UnitRect)

    public var area: UnitRect? {
        if case .area(let area) = self { return area }
        return nil
    }

    /// SubjectArea's values (2: a point x, y; 3: a circle's centre and diameter; 4: a rectangle's centre, width and
    /// height), in pixels of the stored `width`×`height` picture, as fractions of the upright one (`orientation`
    /// turns it); nil when the values are not one of these shapes or fall outside the picture. A circle or a
    /// rectangle reaching past an edge is cut at it.
    public static func subjectArea(_ values: [Int], width: Int, height: Int, orientation: ExifOrientation) -> UnitRect? {
        guard width > 0, height > 0, (2...4).contains(values.count), values[0] < width, values[1] < height else { return nil }
        let w = Double(width), h = Double(height)
        let (cx, cy) = (Double(values[0]), Double(values[1]))
        let (sw, sh): (Double, Double)
        switch values.count {
        case 2: (sw, sh) = (0, 0)
        case 3: (sw, sh) = (Double(values[2]), Double(values[2]))
        default: (sw, sh) = (Double(values[2]), Double(values[3]))
        }
        let x0 = max(0, cx - sw / 2), x1 = min(w, cx + sw / 2), y0 = max(0, cy - sh / 2), y1 = min(h, cy + sh / 2)
        let stored = UnitRect(x: x0 / w, y: y0 / h, width: (x1 - x0) / w, height: (y1 - y0) / h)
        return upright(stored, orientation: orientation)
    }

    /// A part of the stored picture as the same part of the upright one: `orientation`'s transpose, then its flips
    /// (as `ExifOrientation.transform` turns the pixels).
    public static func upright(_ stored: UnitRect, orientation: ExifOrientation) -> UnitRect {
        let turn = orientation.transform
        var r = turn.transpose ? UnitRect(x: stored.y, y: stored.x, width: stored.height, height: stored.width) : stored
        if turn.flipHorizontal { r.x = 1 - r.x - r.width }
        if turn.flipVertical { r.y = 1 - r.y - r.height }
        return r
    }

    /// The smallest part holding every face, each a box in pixels of an upright `imageWidth`×`imageHeight` picture
    /// (Immich's `boundingBoxX1`… of the image its faces were found on); boxes that are empty, reversed or outside
    /// that picture are left out. Nil when none is left.
    public static func faces(_ boxes: [(x1: Int, y1: Int, x2: Int, y2: Int, imageWidth: Int, imageHeight: Int)]) -> UnitRect? {
        var union: (x0: Double, y0: Double, x1: Double, y1: Double)?
        for box in boxes.prefix(256) {
            guard box.imageWidth > 0, box.imageHeight > 0, box.x1 >= 0, box.y1 >= 0, box.x1 < box.x2, box.y1 < box.y2,
                  box.x2 <= box.imageWidth, box.y2 <= box.imageHeight else { continue }
            let w = Double(box.imageWidth), h = Double(box.imageHeight)
            let r = (Double(box.x1) / w, Double(box.y1) / h, Double(box.x2) / w, Double(box.y2) / h)
            union = union.map { (min($0.x0, r.0), min($0.y0, r.1), max($0.x1, r.2), max($0.y1, r.3)) } ?? r
        }
        return union.map { UnitRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }
}
