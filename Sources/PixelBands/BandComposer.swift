import Dispatch

/// Draws a frame's steps (`PixelOp`, painter's order) into a plane in bands of rows, the bands shared out over the
/// processor's cores (`DispatchQueue.concurrentPerform`: libdispatch's own pool of threads, none made per frame).
/// Every step of a band is drawn before the next band, so what a step reads back (a blend over the copy before it)
/// is still in the core's cache. Output is the same whichever core draws a band, and the same as `compose(rows:)`
/// drawing the whole plane on one thread.
public final class BandComposer: @unchecked Sendable {
    /// Rows a band holds: a 4K band (16 rows of 3,840 pixels, 240 KB) stays in a core's second-level cache.
    public static let bandRows = 16

    /// A copy's source columns and rows worked out once a frame: `xs` for each column of `to` (nil when unscaled).
    private struct Prepared {
        let op: PixelOp
        let xs: [Int32]?
        let incY: Int
    }

    private let prepared: [Prepared]
    private let target: PixelPlane
    private let scratchWidth: Int

    /// Steps that read outside their source or draw nowhere are dropped here.
    public init(_ ops: [PixelOp], into target: PixelPlane) {
        self.target = target
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        var prepared: [Prepared] = []
        var widest = 0
        for op in ops {
            guard op.target.clipped(to: bounds) != nil else { continue }
            switch op {
            case .fill:
                prepared.append(Prepared(op: op, xs: nil, incY: 0))
            case let .copy(source, from, to, _, _):
                let whole = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
                guard !from.isEmpty, from.clipped(to: whole) == from else { continue }
                guard from.width != to.width || from.height != to.height else {
                    prepared.append(Prepared(op: op, xs: nil, incY: 0))
                    continue
                }
                // SDL's nearest stretch (`SDL_Blit_*_Scale`): 16.16 steps, each pixel sampled at its middle.
                let incX = (from.width << 16) / to.width, incY = (from.height << 16) / to.height
                let xs = (0..<to.width).map { Int32(from.x + ((incX / 2 + $0 * incX) >> 16)) }
                prepared.append(Prepared(op: op, xs: xs, incY: incY))
                widest = max(widest, to.width)
            }
        }
        self.prepared = prepared
        scratchWidth = widest
    }

    /// Draws every band, on all cores.
    public func composeInBands() {
        let bands = (target.height + BandComposer.bandRows - 1) / BandComposer.bandRows
        guard bands > 1 else { compose(rows: 0..<target.height); return }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * BandComposer.bandRows
            compose(rows: y0..<min(target.height, y0 + BandComposer.bandRows))
        }
    }

    /// Draws every step within `rows`, on this thread.
    public func compose(rows: Range<Int>) {
        let band = PixelRect(x: 0, y: rows.lowerBound, width: target.width, height: rows.count)
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, scratchWidth))
        defer { scratch.deallocate() }
        for step in prepared {
            guard let area = step.op.target.clipped(to: band) else { continue }
            switch step.op {
            case let .fill(_, colour, alpha):
                let a = RowKernels.weight(alpha)
                for y in area.y..<area.maxY {
                    let d = target.row(y) + area.x
                    if alpha == 255 { RowKernels.fill(d, area.width, colour) } else { RowKernels.blendFill(d, area.width, colour, a) }
                }
            case let .copy(source, from, to, alpha, shade):
                let a = RowKernels.weight(alpha), m = RowKernels.weight(shade), column = area.x - to.x
                for y in area.y..<area.maxY {
                    let d = target.row(y) + area.x
                    var s: UnsafePointer<UInt32>
                    if let xs = step.xs {
                        let sy = from.y + ((step.incY / 2 + (y - to.y) * step.incY) >> 16)
                        let out = alpha == 255 && shade == 255 ? d : scratch
                        xs.withUnsafeBufferPointer {
                            RowKernels.gather(out, source.row(sy), $0.baseAddress! + column, area.width)
                        }
                        if out == d { continue }
                        s = UnsafePointer(scratch)
                    } else {
                        s = UnsafePointer(source.row(from.y + y - to.y) + from.x + column)
                    }
                    switch (alpha, shade) {
                    case (255, 255): RowKernels.copy(d, s, area.width)
                    case (255, _): RowKernels.shade(d, s, area.width, m)
                    case (_, 255): RowKernels.blend(d, s, area.width, a)
                    default: RowKernels.shadeBlend(d, s, area.width, m, a)
                    }
                }
            }
        }
    }
}
