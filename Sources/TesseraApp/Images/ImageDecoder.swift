import Foundation
import GalleryCore
import JPEGKit
import SDLKit

/// The one door through which bytes from outside (network, cache file, folders) become pixels. The header is read
/// and judged first (`DecodePlanner`): formats other than JPEG, PNG and WebP, pictures whose buffers would pass the
/// limit, and network images far larger than asked are refused before any pixel buffer exists. JPEGs decode with
/// libjpeg-turbo at the smallest DCT scale that still covers the target; PNG and WebP with their own SDL_image
/// loader. The result is upright (EXIF orientation) and exactly the target size. Safe on any thread.
struct ImageDecoder {
    var limits = DecodeLimits()

    /// The DCT scales decoded at: 1/1, 1/2, 1/4 and 1/8 only. libjpeg-turbo has SIMD inverse DCTs for those (8×8,
    /// 4×4, 2×2, DC only); 3/8, 5/8 and the other M/8 scales run plain C kernels, and decoding a camera JPEG at 3/8
    /// measured slower than at 1/2 followed by the linear scale to the cell (BENCHMARKS.md, "Local folders").
    static let scalingFactors = JPEGDecompressor.scalingFactors.filter { $0.num == 1 }
        .map { ScalingFactor($0.num, $0.denom) }

    /// What decoding `data` for a `target`-sized cell will do, from the header alone, or the refusal.
    /// `requested` is the size a source that answers at the size asked was asked for.
    func plan(_ data: Data, target: PixelSize, requested: PixelSize?) throws -> DecodePlan {
        try DecodePlanner.plan(ImageHeaderReader.read(data), target: target, requested: requested, limits: limits,
                               scalingFactors: ImageDecoder.scalingFactors)
    }

    struct Decoded {
        let surface: Surface
        /// Bytes of the largest pixel buffers the decode held at once (decoded picture, JPEG coefficients).
        let peakBytes: Int
    }

    /// Decodes as planned: upright, at exactly `target`.
    func decode(_ data: Data, plan: DecodePlan, target: PixelSize) throws -> Decoded {
        let header = plan.header
        let stored: Surface
        switch header.format {
        case .jpeg: stored = try decodeJPEG(data, plan: plan)
        case .png: stored = try Surface(decoding: data, with: .png)
        case .webp: stored = try Surface(decoding: data, with: .webp)
        }
        // The loader must have read the size the header showed; anything else means the planning was wrong.
        guard stored.width == plan.decodedWidth, stored.height == plan.decodedHeight else {
            throw ImageRefusal.malformedHeader(header.format, "decoded \(stored.width)x\(stored.height), header said "
                                               + "\(plan.decodedWidth)x\(plan.decodedHeight)")
        }
        let peak = stored.byteCount + (header.progressive ? header.coefficientBytes : 0)
        // Scale in stored orientation, then turn the (small) result upright.
        let turn = header.orientation.transform
        let storedTarget = turn.transpose ? (target.height, target.width) : (target.width, target.height)
        let scaled = try stored.scaled(toWidth: storedTarget.0, height: storedTarget.1)
        let upright = try scaled.reoriented(transpose: turn.transpose, flipHorizontal: turn.flipHorizontal,
                                            flipVertical: turn.flipVertical)
        return Decoded(surface: upright, peakBytes: peak)
    }

    /// Plans and decodes in one step (for callers that do not schedule by cost).
    func decode(_ data: Data, target: PixelSize, requested: PixelSize? = nil) throws -> Decoded {
        try decode(data, plan: plan(data, target: target, requested: requested), target: target)
    }

    private func decodeJPEG(_ data: Data, plan: DecodePlan) throws -> Surface {
        let jpeg = try JPEGDecompressor()
        let out = try Surface(width: plan.decodedWidth, height: plan.decodedHeight)
        try data.withUnsafeBytes { bytes in
            // libjpeg-turbo's own reading of the header must agree with ours before it writes into the buffer.
            let header = try jpeg.header(of: bytes)
            guard header.width == plan.header.width, header.height == plan.header.height else {
                throw ImageRefusal.malformedHeader(.jpeg, "libjpeg reads \(header.width)x\(header.height)")
            }
            try out.withUnsafeMutablePixels { pixels, pitch in
                do {
                    try jpeg.decompress(bytes, into: pixels, width: plan.decodedWidth, pitch: pitch,
                                        height: plan.decodedHeight)
                } catch let error as JPEGError where error.isWarning {
                    // Warnings ("extraneous bytes before marker") are common in camera files and harmless; a file
                    // that ends early is a transfer cut short and is worth another try, not a grey half.
                    guard ImageHeaderReader.looksComplete(data, format: .jpeg) else { throw error }
                }
            }
        }
        return out
    }
}

