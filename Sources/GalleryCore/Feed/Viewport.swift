/// The window as everything that draws or lays out sees it: its logical size and how many physical pixels each
/// logical one is (2 on a HiDPI display). One value, pushed to every holder on each resize or display change, so
/// nothing keeps a stale scale from start-up.
public struct Viewport: Equatable, Sendable {
    public var size: PixelSize
    public var scale: Double

    public init(size: PixelSize, scale: Double = 1) {
        self.size = size
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// The same area in physical pixels (what textures are sized by).
    public var physical: PixelSize {
        PixelSize(width: Int((Double(size.width) * scale).rounded()), height: Int((Double(size.height) * scale).rounded()))
    }
}
