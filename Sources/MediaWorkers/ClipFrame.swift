import GalleryCore

/// A player's frame as it lies in its slot of shared memory (`MediaPlayer.takeFrame`): BGRA rows, or the decoder's
/// YUV planes, `FrameLayout` says which and where. Valid, and left as it is by the worker, until the player hands
/// over a newer frame (`MediaPlayer.takeFrame` keeps the last slot taken from the worker until then) while `owner`,
/// which keeps the shared memory mapped, lives: a YUV frame can be converted where it lies when it is drawn.
public struct ClipFrame {
    /// The slot's first byte.
    public let base: UnsafeRawPointer
    public let layout: FrameLayout
    public let width: Int
    public let height: Int
    /// What keeps `base` mapped (the player's shared memory), for whoever keeps the frame after `takeFrame`.
    public let owner: AnyObject?

    /// Each plane's first byte and row pitch, in `layout`'s order (BGRA: one; I420: Y, U, V; NV12: Y, UV).
    public var planes: [(pixels: UnsafeRawPointer, pitch: Int)] {
        layout.planes(width: width, height: height).map { (base + $0.offset, $0.pitch) }
    }
}
