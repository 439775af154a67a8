/// The MIME type of each kind of file a folder shows, by its extension (lowercased): what the desktop entry
/// declares (`assets/tessera.desktop`'s `MimeType`), so a file manager offers Tessera for every file it reads. A
/// test holds the entry and the folder's extensions (`LocalFileReader.extensions`, `clipExtensions`,
/// `animationExtensions`) to this table, so none can be added without the others. Names as shared-mime-info spells
/// them.
public enum MediaTypes {
    public static let byExtension: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg",
        "png": "image/png", "webp": "image/webp", "gif": "image/gif",
        "heic": "image/heic", "heif": "image/heif", "hif": "image/heif", "avif": "image/avif",
        "jxl": "image/jxl",
        // Camera RAW (TIFF-based, and Canon's CR3).
        "dng": "image/x-adobe-dng", "cr2": "image/x-canon-cr2", "cr3": "image/x-canon-cr3",
        "nef": "image/x-nikon-nef", "arw": "image/x-sony-arw", "raf": "image/x-fuji-raf",
        "orf": "image/x-olympus-orf", "rw2": "image/x-panasonic-rw2",
        // Clips.
        "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime", "webm": "video/webm",
        "mkv": "video/x-matroska",
    ]

    /// Further types of the same files: HEIF image sequences (a burst, an animation) are read as their first image.
    public static let alsoDeclared = ["image/heic-sequence", "image/heif-sequence"]
}
