/// How a player's frame lies in its slot of the shared ring: 32-bit BGRA rows (converted by the worker), or the
/// decoder's own planes, which the app hands to a YUV texture and the renderer converts (on a GPU for nothing):
/// I420 (Y, then U, then V, each plane's rows packed) or NV12 (Y, then U and V interleaved). Planes follow each
/// other without gaps; a chroma plane has half the rows and half the columns, rounded up. Every layout of a
/// `width`x`height` frame fits in the `width * height * 4` bytes of a slot.
public enum FrameLayout: String, Sendable, CaseIterable {
    case bgra, i420, nv12

    /// Where one plane starts in the slot, how far apart its rows are, and how many rows it has (all in bytes but
    /// the rows).
    public struct Plane: Equatable, Sendable {
        public let offset: Int
        public let pitch: Int
        public let rows: Int

        public init(offset: Int, pitch: Int, rows: Int) {
            self.offset = offset; self.pitch = pitch; self.rows = rows
        }

        /// The first byte after the plane.
        public var end: Int { offset + pitch * rows }
    }

    /// The planes of a `width`x`height` frame, in order (one for BGRA, three for I420, two for NV12).
    public func planes(width: Int, height: Int) -> [Plane] {
        let w = max(0, width), h = max(0, height)
        let chromaWidth = (w + 1) / 2, chromaRows = (h + 1) / 2
        switch self {
        case .bgra:
            return [Plane(offset: 0, pitch: w * 4, rows: h)]
        case .i420:
            let y = Plane(offset: 0, pitch: w, rows: h)
            let u = Plane(offset: y.end, pitch: chromaWidth, rows: chromaRows)
            return [y, u, Plane(offset: u.end, pitch: chromaWidth, rows: chromaRows)]
        case .nv12:
            let y = Plane(offset: 0, pitch: w, rows: h)
            return [y, Plane(offset: y.end, pitch: chromaWidth * 2, rows: chromaRows)]
        }
    }

    /// Bytes a `width`x`height` frame takes in its slot.
    public func bytes(width: Int, height: Int) -> Int { planes(width: width, height: height).last?.end ?? 0 }
}
