/// How a camera RAW is turned into a picture: its embedded JPEG preview when that is usable for the size drawn (fast:
/// a camera's preview is a JPEG of 1 to 24 megapixels, decoded at its DCT scale), else LibRaw's half-size decode of
/// the mosaic (slow, and large). Pure: the decoder and the planner ask the same questions.
public enum RawDecodeChoice {
    /// A preview is usable when it has the photo's shape (some cameras pad a small preview with black bars) and
    /// either covers half the target on each side or is a real preview of 1024 px or more on its long side.
    public static func usable(preview: PixelSize, photo: PixelSize, target: PixelSize, orientation: ExifOrientation) -> Bool {
        guard preview.width > 0, preview.height > 0, photo.width > 0, photo.height > 0 else { return false }
        let photoAspect = Double(photo.width) / Double(photo.height)
        let previewAspect = Double(preview.width) / Double(preview.height)
        guard abs(previewAspect / photoAspect - 1) < 0.03 else { return false }
        let need = orientation.swapsAxes ? (target.height, target.width) : (target.width, target.height)
        return (2 * preview.width >= need.0 && 2 * preview.height >= need.1) || max(preview.width, preview.height) >= 1024
    }

    /// Whether the header's preview (as the metadata gives its size) is the one to decode for `target`.
    public static func usesPreview(_ header: ImageHeader, target: PixelSize) -> Bool {
        guard let preview = header.preview else { return false }
        return usable(preview: preview, photo: PixelSize(width: header.width, height: header.height), target: target,
                      orientation: header.orientation)
    }

    /// LibRaw's half-size picture: each side halved, rounded up.
    public static func halfSize(_ header: ImageHeader) -> PixelSize {
        PixelSize(width: (header.width + 1) / 2, height: (header.height + 1) / 2)
    }

    /// The size the decoder produces, before scaling and turning upright.
    public static func decodedSize(_ header: ImageHeader, target: PixelSize) -> PixelSize {
        usesPreview(header, target: target) ? header.preview! : halfSize(header)
    }

    /// Bytes the decode holds at its peak: the preview decoded whole (its DCT scale can only make it less), or the
    /// half-size decode's mosaic (2 bytes a photosite), its 16-bit 4-channel half-size picture and the 8-bit copy.
    public static func bytes(_ header: ImageHeader, target: PixelSize) -> Int {
        let sites = min(header.width, 1 << 20) * min(header.height, 1 << 20)
        if usesPreview(header, target: target), let preview = header.preview {
            return min(preview.width, 1 << 20) * min(preview.height, 1 << 20) * 4
        }
        let half = halfSize(header)
        return sites * 2 + half.width * half.height * 8 + half.width * half.height * 3
    }
}
