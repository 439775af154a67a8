/// Turning a BGRA picture a quarter, half or three quarters clockwise (a phone's portrait clip is stored on its
/// side, with a display matrix saying how to stand it up).
enum FrameRotation {
    /// Writes `source` (`width`x`height`, rows `pitch` bytes apart) turned `clockwise` degrees (90, 180 or 270) into
    /// `destination`, whose size is the turned one.
    static func turn(_ source: UnsafeRawPointer, width: Int, height: Int, pitch: Int, clockwise: Int,
                     into destination: UnsafeMutableRawPointer, pitch outPitch: Int) {
        let outHeight = clockwise == 180 ? height : width
        for outY in 0..<outHeight {
            let row = (destination + outY * outPitch).assumingMemoryBound(to: UInt32.self)
            switch clockwise {
            case 90:  // out(x, y) = in(y, height - 1 - x)
                let outWidth = height
                for outX in 0..<outWidth {
                    row[outX] = source.load(fromByteOffset: (height - 1 - outX) * pitch + outY * 4, as: UInt32.self)
                }
            case 270:  // out(x, y) = in(width - 1 - y, x)
                let outWidth = height
                for outX in 0..<outWidth {
                    row[outX] = source.load(fromByteOffset: outX * pitch + (width - 1 - outY) * 4, as: UInt32.self)
                }
            default:  // 180: out(x, y) = in(width - 1 - x, height - 1 - y)
                let input = source + (height - 1 - outY) * pitch
                for outX in 0..<width {
                    row[outX] = input.load(fromByteOffset: (width - 1 - outX) * 4, as: UInt32.self)
                }
            }
        }
    }
}
