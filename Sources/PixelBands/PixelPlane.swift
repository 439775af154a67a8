/// A picture's pixels in memory, 32 bits each in XRGB8888 (B, G, R, X in memory on this machine), `pitch` pixels from
/// one row to the next. It does not own them: whoever made it keeps them alive and unchanged while it is used.
public struct PixelPlane: @unchecked Sendable {
    public let base: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    /// Pixels (not bytes) from the start of one row to the next.
    public let pitch: Int

    public init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, pitch: Int) {
        precondition(width >= 0 && height >= 0 && pitch >= width, "a plane's pitch holds its width")
        self.base = base
        self.width = width
        self.height = height
        self.pitch = pitch
    }

    /// Row `y`'s first pixel.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * pitch }
}

/// A rectangle of whole pixels.
public struct PixelRect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The same rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The part inside `other`, nil when none is.
    public func clipped(to other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One step of a frame, drawn over what the steps before it drew (painter's order), as SDL's software renderer would
/// draw it.
public enum PixelOp: @unchecked Sendable {
    /// `rect` filled with `colour` (0x00RRGGBB) at `alpha` (255: opaque).
    case fill(PixelRect, colour: UInt32, alpha: UInt8)
    /// `source`'s rectangle `from` stretched onto `to` (nearest pixel, as `SDL_BlitScaled` picks them), its colour
    /// multiplied by `shade`/255 (`SDL_SetTextureColorMod`), blended at `alpha` (`SDL_SetTextureAlphaMod`; 255 copies).
    case copy(PixelPlane, from: PixelRect, to: PixelRect, alpha: UInt8, shade: UInt8)

    /// The same step drawn (`dx`, `dy`) further: into a plane whose first pixel is at (`-dx`, `-dy`) of the frame.
    public func offsetBy(dx: Int, dy: Int) -> PixelOp {
        switch self {
        case let .fill(r, colour, alpha): return .fill(r.offsetBy(dx: dx, dy: dy), colour: colour, alpha: alpha)
        case let .copy(source, from, to, alpha, shade):
            return .copy(source, from: from, to: to.offsetBy(dx: dx, dy: dy), alpha: alpha, shade: shade)
        }
    }

    /// Where it draws.
    var target: PixelRect {
        switch self {
        case .fill(let r, _, _): return r
        case .copy(_, _, let to, _, _): return to
        }
    }
}
