import CPlatform
import CSDL2

/// A 4:2:0 frame's three planes where they lie, each with its own first byte and pitch: Y `width` x `height`, U and
/// V `(width + 1) / 2` x `(height + 1) / 2`. The planes need not follow each other (H.264 decodes whole macroblock
/// rows, 1088 for 1080, so its U does not start after `height` rows of Y, as SDL's IYUV wants).
public struct YUVPlanes {
    public let y: UnsafeRawPointer, yPitch: Int
    public let u: UnsafeRawPointer, uPitch: Int
    public let v: UnsafeRawPointer, vPitch: Int
    public let width: Int, height: Int

    /// Nil unless both sides are positive and each pitch holds its plane's row (a pitch under a row would make the
    /// rows overlap; the caller vouches that `height` rows of Y and `(height + 1) / 2` of each chroma plane lie there).
    public init?(y: UnsafeRawPointer, yPitch: Int, u: UnsafeRawPointer, uPitch: Int, v: UnsafeRawPointer, vPitch: Int,
                 width: Int, height: Int) {
        let chromaWidth = (width + 1) / 2
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max),
              yPitch >= width, uPitch >= chromaWidth, vPitch >= chromaWidth else { return nil }
        (self.y, self.yPitch, self.u, self.uPitch, self.v, self.vPitch) = (y, yPitch, u, uPitch, v, vPitch)
        (self.width, self.height) = (width, height)
    }

    /// The planes of SDL's IYUV and FFmpeg's packed yuv420p from `base`: Y rows `pitch` apart, then U and V rows
    /// `(pitch + 1) / 2` apart, each after the other's `(height + 1) / 2` rows (`pitch * height + 2 * ((pitch + 1) / 2)
    /// * ((height + 1) / 2)` bytes in all).
    public init?(packedI420 base: UnsafeRawPointer, pitch: Int, width: Int, height: Int) {
        let chromaPitch = (pitch + 1) / 2, u = base + pitch * height
        self.init(y: base, yPitch: pitch, u: u, uPitch: chromaPitch, v: u + chromaPitch * ((height + 1) / 2),
                  vPitch: chromaPitch, width: width, height: height)
    }

    /// The conversion's matrix and range.
    public struct Matrix: Equatable, Sendable {
        public var bt709: Bool
        public var fullRange: Bool

        public init(bt709: Bool, fullRange: Bool) { (self.bt709, self.fullRange) = (bt709, fullRange) }

        /// What `SDL_ConvertPixels` takes for a frame of this size (`SDL_GetYUVConversionModeForResolution`: SDL 2's
        /// default is limited-range BT.601 at any size; its automatic mode BT.601 up to 576 rows, BT.709 above; JPEG is
        /// full-range BT.601), so a clip looks as it did with SDL's conversion.
        public static func sdl(width: Int, height: Int) -> Matrix {
            switch SDL_GetYUVConversionModeForResolution(Int32(width), Int32(height)) {
            case SDL_YUV_CONVERSION_JPEG: return Matrix(bt709: false, fullRange: true)
            case SDL_YUV_CONVERSION_BT709: return Matrix(bt709: true, fullRange: false)
            default: return Matrix(bt709: false, fullRange: false)
            }
        }
    }

    /// The code that converts: each makes the same bytes.
    public enum Kernel: Int32, CaseIterable, Sendable {
        case plain = 0, sse2, avx2

        /// The quickest this processor runs (`tessera_yuv_best_kernel`: cpuid for AVX2, else SSE2 on x86-64).
        public static let best = Kernel(rawValue: tessera_yuv_best_kernel()) ?? .plain
    }

    /// Writes the frame as `width` x `height` pixels of B, G, R, 255 in memory (SDL's XRGB8888 and ARGB8888) from
    /// `pixels`, rows `pitch` bytes apart (at least `4 * width`), with `kernel` or the best this processor runs if it
    /// cannot run that one (`tessera_i420_to_xrgb`). Within one level of the exact conversion; chroma nearest, as
    /// SDL's. Reads nothing outside the planes' rows and writes nothing outside the pixels' `width`. The kernel used.
    @discardableResult
    public func convert(_ matrix: Matrix, into pixels: UnsafeMutableRawPointer, pitch: Int,
                        kernel: Kernel = .best) -> Kernel {
        precondition(pitch >= 4 * width, "rows of \(pitch) bytes for \(width) pixels")
        var m = tessera_yuv_matrix_make(matrix.bt709 ? 1 : 0, matrix.fullRange ? 1 : 0)
        let used = tessera_i420_to_xrgb(kernel.rawValue, &m, Int32(width), Int32(height),
                                        y.assumingMemoryBound(to: UInt8.self), yPitch,
                                        u.assumingMemoryBound(to: UInt8.self), uPitch,
                                        v.assumingMemoryBound(to: UInt8.self), vPitch,
                                        pixels.assumingMemoryBound(to: UInt8.self), pitch)
        return Kernel(rawValue: used) ?? .plain
    }
}
