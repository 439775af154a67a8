/// Turning a photo's file a quarter for good: what to do to a JPEG, worked out before anything is written.
///
/// The upright picture is what the person saw; the turn applies to it. A JPEG's stored pixels reach the upright
/// picture through its EXIF orientation, so the turn is composed with that orientation (`ExifOrientation.turned`),
/// and the composed operation is done to the stored pixels losslessly (libjpeg-turbo's `tjTransform`), leaving the
/// orientation 1: one operation, whatever the file said before, and a file every program shows the same way.
/// JPEG's pixels are in blocks (an MCU, 8 or 16 pixels): a turn that would move a partial block off the edge
/// cannot be lossless. Then, if the file has an orientation tag, only the tag is rewritten (no pixel changes; the
/// file's size stays); if it has none, the partial blocks at one edge are trimmed (`TJXOPT_TRIM`) and the toast
/// says how many pixels went.
public enum RotationPlan: Equatable, Sendable {
    /// Transform the stored pixels, then set the orientation tag (if any) to 1. `trimmed`: pixels lost at an edge
    /// (0 for a perfect transform).
    case transform(LosslessTransform, trimmed: Int)
    /// Write this orientation into the existing tag; the pixels stay.
    case retag(ExifOrientation)

    /// The plan for a JPEG of `width`×`height` stored pixels with blocks of `mcu` pixels, whose orientation tag
    /// says `orientation` (nil: it has none), turned a quarter.
    public static func jpeg(width: Int, height: Int, mcu: (width: Int, height: Int), orientation: ExifOrientation?,
                            turn: QuarterTurn) -> RotationPlan {
        let target = (orientation ?? .up).turned(turn)
        let op = LosslessTransform(target)
        if op.isPerfect(width: width, height: height, mcu: mcu) { return .transform(op, trimmed: 0) }
        if orientation != nil { return .retag(target) }
        return .transform(op, trimmed: op.trimmedPixels(width: width, height: height, mcu: mcu))
    }
}

/// A quarter turn of the upright picture.
public enum QuarterTurn: Sendable {
    case right, left
}

extension ExifOrientation {
    /// This orientation followed by a quarter turn of the upright picture.
    ///
    /// Each orientation is a mirror (or not) followed by clockwise quarter turns: (turns, mirrored), with the mirror
    /// left-right done first. 1 = (0, no), 2 = (0, yes), 3 = (2, no), 4 = (2, yes), 5 (transpose) = (3, yes),
    /// 6 = (1, no), 7 (transverse) = (1, yes), 8 = (3, no). A turn after it adds to the turns.
    public func turned(_ turn: QuarterTurn) -> ExifOrientation {
        let (turns, mirrored) = quarterTurns
        return ExifOrientation(turns: (turns + (turn == .right ? 1 : 3)) % 4, mirrored: mirrored)
    }

    var quarterTurns: (turns: Int, mirrored: Bool) {
        switch self {
        case .up: return (0, false)
        case .mirrored: return (0, true)
        case .down: return (2, false)
        case .downMirrored: return (2, true)
        case .leftMirrored: return (3, true)
        case .right: return (1, false)
        case .rightMirrored: return (1, true)
        case .left: return (3, false)
        }
    }

    init(turns: Int, mirrored: Bool) {
        self = ExifOrientation.allCases.first { $0.quarterTurns == (turns, mirrored) } ?? .up
    }
}

/// libjpeg-turbo's lossless transforms (`TJXOP_*`), by what they do to the stored picture.
public enum LosslessTransform: Equatable, Sendable, CaseIterable {
    case none, flipHorizontal, flipVertical, transpose, transverse, rotate90, rotate180, rotate270

    /// The transform that turns stored pixels with this orientation into the upright picture.
    public init(_ orientation: ExifOrientation) {
        switch orientation {
        case .up: self = .none
        case .mirrored: self = .flipHorizontal
        case .down: self = .rotate180
        case .downMirrored: self = .flipVertical
        case .leftMirrored: self = .transpose
        case .right: self = .rotate90
        case .rightMirrored: self = .transverse
        case .left: self = .rotate270
        }
    }

    /// Whether no partial block must move (libjpeg-turbo's `jtransform_perfect_transform`): a flip left-right and a
    /// turn left move the right edge, a flip upside down and a turn right the bottom edge.
    public func isPerfect(width: Int, height: Int, mcu: (width: Int, height: Int)) -> Bool {
        let w = width % max(1, mcu.width) == 0, h = height % max(1, mcu.height) == 0
        switch self {
        case .none, .transpose: return true
        case .flipHorizontal, .rotate270: return w
        case .flipVertical, .rotate90: return h
        case .transverse, .rotate180: return w && h
        }
    }

    /// Columns and rows of pixels `TJXOPT_TRIM` drops: the partial blocks at the edges that would move.
    public func trimmedPixels(width: Int, height: Int, mcu: (width: Int, height: Int)) -> Int {
        let w = width % max(1, mcu.width), h = height % max(1, mcu.height)
        switch self {
        case .none, .transpose: return 0
        case .flipHorizontal, .rotate270: return w
        case .flipVertical, .rotate90: return h
        case .transverse, .rotate180: return w + h
        }
    }
}
