import Foundation

/// Finds DejaVu Sans (Debian's fonts-dejavu-core) at run time; an explicit path or `TESSERA_FONT` wins.
enum FontLocator {
    static let searchDirectories = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts", "/usr/share/fonts/truetype",
    ]

    /// Regular and bold faces; bold falls back to regular.
    static func locate(override: String?) -> (regular: String, bold: String)? {
        let fm = FileManager.default
        if let path = override ?? ProcessInfo.processInfo.environment["TESSERA_FONT"], !path.isEmpty {
            return fm.isReadableFile(atPath: path) ? (path, path) : nil
        }
        for dir in searchDirectories {
            let regular = "\(dir)/DejaVuSans.ttf"
            guard fm.isReadableFile(atPath: regular) else { continue }
            let bold = "\(dir)/DejaVuSans-Bold.ttf"
            return (regular, fm.isReadableFile(atPath: bold) ? bold : regular)
        }
        return nil
    }

    /// Fonts for what DejaVu Sans lacks, tried in order: CJK (fonts-wqy-microhei, or Droid Sans Fallback or Noto
    /// CJK where installed), then symbols and emoji, drawn monochrome (fonts-symbola).
    static func fallbacks() -> [String] {
        let candidates = [
            ["/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
            ["/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", "/usr/share/fonts/TTF/Symbola.ttf"],
        ]
        return candidates.compactMap { group in group.first { FileManager.default.isReadableFile(atPath: $0) } }
    }
}
