/// A screen read right to left (Arabic, Hebrew: `Language.isRightToLeft`): everything is laid out once, left to
/// right, and mirrored about the window's vertical middle where it meets the screen, in one place each way: drawing
/// (the renderer's `mirror(about:)`) and input (the pointer and fingers, before any hit test). `width` is the
/// layout's width in logical pixels.
///
/// Pixels are cells: the cell at `x` is the one at `width - 1 - x` on the screen, a rectangle from `x` that is `w`
/// wide starts at `width - x - w`. Fingers come as shares of the window (0…1) and mirror to `1 - x`.
public struct Mirror: Equatable, Sendable {
    public let width: Int

    /// Nil when `language` reads left to right: nothing to mirror.
    public init?(width: Int, for language: Language) {
        guard language.isRightToLeft else { return nil }
        self.init(width: width)
    }

    public init(width: Int) { self.width = max(0, width) }

    /// Where a rectangle laid out at `x`, `w` wide, stands on the mirrored screen.
    public func x(_ x: Int, width w: Int) -> Int { width - x - w }

    /// The pixel at `x` on the screen in the layout's coordinates (and back: mirroring twice is the identity).
    public func point(_ x: Int) -> Int { width - 1 - x }

    /// A share of the window's width (a finger, 0…1) in the layout's.
    public func share(_ x: Double) -> Double { 1 - x }

    /// A rectangle's mirror image.
    public func rect(_ r: Rect) -> Rect { Rect(x: x(r.x, width: r.width), y: r.y, width: r.width, height: r.height) }
}

extension OverlayPlacement.Spot {
    /// The spot on the other side: left and right corners swap, the bands, the centre and the whole window stay.
    /// An overlay in a corner the user named (`--clock bottom-left`, the weather's, the calendar's) is placed at
    /// this spot of a mirrored layout, so that it lands in the named corner of the screen.
    public var mirrored: OverlayPlacement.Spot {
        switch self {
        case .topLeft: .topRight
        case .topRight: .topLeft
        case .bottomLeft: .bottomRight
        case .bottomRight: .bottomLeft
        case .topBand, .bottomBand, .centred, .fullScreen: self
        }
    }
}
