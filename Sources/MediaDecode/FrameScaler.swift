import CFFmpeg
import GalleryCore

/// Frames scaled to BGRA at exactly the size drawn (SwsContext, bilinear): B, G, R, A in memory, which is SDL's
/// ARGB8888 on a little-endian machine, so the app uploads the bytes as they are. A turned clip is scaled in its
/// stored orientation and then turned upright (`FrameRotation`). The context is kept while the source's size and
/// format stay (sws_getCachedContext).
final class FrameScaler {
    private var context: OpaquePointer?
    private var turned: [UInt8] = []

    deinit { sws_freeContext(context) }

    /// Scales the picture in `planes`/`strides` (`width`x`height`, `format`) into `destination`, `outWidth`x`outHeight`
    /// upright after turning it `rotation` degrees clockwise, rows `pitch` bytes apart. False when the scaler
    /// cannot be made (an unsupported format).
    func scale(planes: UnsafePointer<UnsafePointer<UInt8>?>, strides: UnsafePointer<Int32>, width: Int32, height: Int32,
               format: AVPixelFormat, rotation: Int, into destination: UnsafeMutableRawPointer, outWidth: Int,
               outHeight: Int, pitch: Int) -> Bool {
        let sideways = rotation % 180 != 0
        let storedWidth = sideways ? outHeight : outWidth, storedHeight = sideways ? outWidth : outHeight
        context = sws_getCachedContext(context, width, height, format, Int32(storedWidth), Int32(storedHeight),
                                       AV_PIX_FMT_BGRA, SWS_BILINEAR, nil, nil, nil)
        guard let context else { return false }
        if rotation == 0 {
            scaleRows(context, planes, strides, height, destination, pitch)
            return true
        }
        let storedPitch = storedWidth * 4
        if turned.count < storedPitch * storedHeight { turned = [UInt8](repeating: 0, count: storedPitch * storedHeight) }
        turned.withUnsafeMutableBytes { stored in
            scaleRows(context, planes, strides, height, stored.baseAddress!, storedPitch)
            FrameRotation.turn(UnsafeRawPointer(stored.baseAddress!), width: storedWidth, height: storedHeight,
                               pitch: storedPitch, clockwise: rotation, into: destination, pitch: pitch)
        }
        return true
    }

    private func scaleRows(_ context: OpaquePointer, _ planes: UnsafePointer<UnsafePointer<UInt8>?>,
                           _ strides: UnsafePointer<Int32>, _ height: Int32, _ out: UnsafeMutableRawPointer, _ pitch: Int) {
        var outPlanes: [UnsafeMutablePointer<UInt8>?] = [out.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
        var outStrides: [Int32] = [Int32(pitch), 0, 0, 0]
        sws_scale(context, planes, strides, 0, height, &outPlanes, &outStrides)
    }

    /// `scale` for a decoded AVFrame.
    func scale(_ frame: UnsafeMutablePointer<AVFrame>, rotation: Int, into destination: UnsafeMutableRawPointer,
               width: Int, height: Int, pitch: Int) -> Bool {
        withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        scale(planes: planes, strides: strides, width: frame.pointee.width, height: frame.pointee.height,
                              format: AVPixelFormat(frame.pointee.format), rotation: rotation, into: destination,
                              outWidth: width, outHeight: height, pitch: pitch)
                    }
                }
            }
        }
    }
}
