import Foundation
import GalleryCore
import JXLKit
import RawKit
import SDLKit

/// JPEG XL through libjxl and camera RAW through LibRaw: the header, and the stored picture with what its colours are.
extension ImageDecoder {
    /// The header of any format decoded here: the core's readers, or, for a file from the user's folders only
    /// (`fromFolder`, `ImageAnswer.fromFolder`), LibRaw's reading of a camera RAW's metadata (a TIFF-like container
    /// the core cannot size without LibRaw). Bytes from anywhere else never reach LibRaw: a TIFF is refused as the
    /// core refuses it. LibRaw's refusal keeps the core's words.
    public func header(of data: Data, fromFolder: Bool = false) throws -> ImageHeader {
        do {
            return try ImageHeaderReader.read(data)
        } catch let refusal as ImageRefusal {
            guard fromFolder, case .unsupportedFormat = refusal, ImageHeaderReader.mayBeCameraRaw(data) else {
                throw refusal
            }
            guard let metadata = try? RawFile.metadata(of: data) else { throw refusal }
            return try ImageDecoder.checked(ImageHeader(raw: metadata))
        }
    }

    /// A RAW header whose size LibRaw could not have decoded is malformed (sides of 0, or beyond 65,535 by type).
    static func checked(_ header: ImageHeader) throws -> ImageHeader {
        guard header.width > 0, header.height > 0 else {
            throw ImageRefusal.malformedHeader(.raw, "size \(header.width)x\(header.height)")
        }
        return header
    }

    /// The first frame through libjxl, RGBA straight into the surface then swapped to its B, G, R, A order; the
    /// stored orientation (libjxl keeps it: `decode` turns it upright once). Its colours: libjxl's ICC profile of the
    /// decoded pixels.
    func decodeJXL(_ data: Data, plan: DecodePlan) throws -> (Surface, ColourDescription) {
        do {
            let decoder = try JXLDecoder(data, maxMemoryBytes: limits.maxJXLDecodeBytes)
            let info = try decoder.readInfo()
            guard info.width == plan.header.width, info.height == plan.header.height else {
                throw ImageRefusal.malformedHeader(.jxl, "libjxl reads \(info.width)x\(info.height)")
            }
            let out = try Surface(width: info.width, height: info.height)
            guard out.pitch == 4 * out.width else { throw ImageRefusal.malformedHeader(.jxl, "surface rows are padded") }
            try out.withUnsafeMutablePixels { pixels, pitch in
                guard try decoder.nextFrame(into: pixels, byteCount: pitch * info.height) != nil else {
                    throw ImageRefusal.malformedHeader(.jxl, "no frame")
                }
                let bytes = pixels.assumingMemoryBound(to: UInt8.self)
                for i in stride(from: 0, to: pitch * info.height, by: 4) { (bytes[i], bytes[i + 2]) = (bytes[i + 2], bytes[i]) }
            }
            return (out, ColourDescription(icc: decoder.icc))
        } catch let error as JXLError {
            throw ImageRefusal.malformedHeader(.jxl, error.description)
        }
    }

    /// A camera RAW's embedded JPEG preview, through the JPEG path at its DCT scale (its EXIF orientation when it has
    /// one, else the RAW's; its ICC profile as a JPEG's), when it is usable for `target` (`RawDecodeChoice`); else
    /// LibRaw's half-size decode (sRGB, turned by the RAW's orientation), within `maxRawDecodeBytes`.
    func decodeRAW(_ data: Data, plan: DecodePlan, target: PixelSize) throws
        -> (Surface, ColourDescription, ExifOrientation) {
        let header = plan.header
        do {
            let file = try RawFile(data: data, maxRawMemoryMB: limits.maxRawDecodeBytes >> 20)
            let metadata = file.metadata
            guard metadata.width == header.width, metadata.height == header.height else {
                throw ImageRefusal.malformedHeader(.raw, "LibRaw reads \(metadata.width)x\(metadata.height)")
            }
            let photo = PixelSize(width: header.width, height: header.height)
            if let jpeg = try? file.previewJPEG(maxBytes: data.count), var preview = try? ImageHeaderReader.read(jpeg),
               preview.format == .jpeg,
               RawDecodeChoice.usable(preview: PixelSize(width: preview.width, height: preview.height), photo: photo,
                                      target: target, orientation: header.orientation) {
                if preview.orientation == .up { preview.orientation = header.orientation }
                let previewPlan = try DecodePlanner.plan(preview, target: target, requested: nil, limits: limits,
                                                         scalingFactors: ImageDecoder.scalingFactors)
                let surface = try decodeJPEG(jpeg, plan: previewPlan, target: target)
                return (surface, ColourDescription(icc: EmbeddedProfile.jpeg(jpeg)), preview.orientation)
            }
            var whole = header
            whole.preview = nil
            let bytes = RawDecodeChoice.bytes(whole, target: target)
            guard bytes <= limits.maxRawDecodeBytes else {
                throw ImageRefusal.tooLarge(.raw, width: header.width, height: header.height, bytes: bytes,
                                            limit: limits.maxRawDecodeBytes)
            }
            let picture = try file.halfSize()
            return (try ImageDecoder.surface(rgb: picture), .sRGB, header.orientation)
        } catch let error as RawError {
            throw ImageRefusal.malformedHeader(.raw, error.description)
        }
    }

    /// LibRaw's RGB rows into a surface (B, G, R, A in memory).
    static func surface(rgb picture: RawPicture) throws -> Surface {
        let out = try Surface(width: picture.width, height: picture.height)
        picture.withPixels { rgb in
            out.withUnsafeMutablePixels { pixels, pitch in
                for y in 0..<picture.height {
                    let src = rgb + y * picture.width * 3
                    let dst = (pixels + y * pitch).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<picture.width {
                        dst[4 * x] = src[3 * x + 2]
                        dst[4 * x + 1] = src[3 * x + 1]
                        dst[4 * x + 2] = src[3 * x]
                        dst[4 * x + 3] = 255
                    }
                }
            }
        }
        return out
    }
}
