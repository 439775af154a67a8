import CFFmpeg
import GalleryCore

/// A decoded frame written into a player's slot as its planes (`FrameLayout.i420`, `.nv12`) for the app's YUV
/// texture, so the worker does no colour conversion: copied a row at a time when it comes at the size drawn
/// (`av_image_copy_plane`), else scaled as planes to I420 (SwsContext, bilinear: 1.5 bytes a pixel written, no
/// colour maths). Only limited-range 4:2:0 frames, upright, at an even size drawn; anything else (a full-range
/// JPEG-style clip, 10-bit, a turned phone clip, an animation's RGB) is `FrameScaler`'s, as BGRA.
final class FramePlanes {
    private var context: OpaquePointer?

    deinit { sws_freeContext(context) }

    /// Writes `frame` into `destination` as `FrameLayout.planes(width:height:)` lays it out; the layout written, or
    /// nil when the frame is not one this class writes (nothing is written then).
    func write(_ frame: UnsafeMutablePointer<AVFrame>, rotation: Int, into destination: UnsafeMutableRawPointer,
               width: Int, height: Int) -> FrameLayout? {
        let format = AVPixelFormat(frame.pointee.format)
        guard rotation == 0, width % 2 == 0, height % 2 == 0, width > 0, height > 0,
              frame.pointee.color_range != AVCOL_RANGE_JPEG,
              format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_NV12 else { return nil }
        let out = destination.assumingMemoryBound(to: UInt8.self)
        let sameSize = Int(frame.pointee.width) == width && Int(frame.pointee.height) == height
        let layout: FrameLayout = sameSize && format == AV_PIX_FMT_NV12 ? .nv12 : .i420
        let planes = layout.planes(width: width, height: height)
        return withPlanes(frame) { data, lines in
            if sameSize {
                for (i, plane) in planes.enumerated() {
                    guard let source = data[i] else { return nil }
                    av_image_copy_plane(out + plane.offset, Int32(plane.pitch), source, lines[i], Int32(plane.pitch),
                                        Int32(plane.rows))
                }
                return layout
            }
            context = sws_getCachedContext(context, frame.pointee.width, frame.pointee.height, format, Int32(width),
                                           Int32(height), AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
            guard let context else { return nil }
            var outPlanes: [UnsafeMutablePointer<UInt8>?] = planes.map { out + $0.offset } + [nil]
            var outStrides: [Int32] = planes.map { Int32($0.pitch) } + [0]
            sws_scale(context, data, lines, 0, frame.pointee.height, &outPlanes, &outStrides)
            return layout
        }
    }

    /// The frame's plane pointers and line sizes, as libswscale takes them.
    private func withPlanes<T>(_ frame: UnsafeMutablePointer<AVFrame>,
                               _ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int32>) -> T) -> T {
        withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in body(planes, strides) }
                }
            }
        }
    }
}
