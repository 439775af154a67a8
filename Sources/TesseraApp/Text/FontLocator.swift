import Foundation
import GalleryCore

/// Finds the fonts at run time: Inter (Debian's fonts-inter) for the interface, DejaVu Sans (fonts-dejavu-core) where
/// Inter is missing; then, for what they lack, a face of the same weight per script where one is installed. An
/// explicit path or `TESSERA_FONT` wins.
enum FontLocator {
    /// A regular face and its bold (nil: drawn emboldened).
    struct Face: Equatable { let regular: String; let bold: String? }

    static let searchDirectories = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts", "/usr/share/fonts/truetype",
    ]

    private static func readable(_ path: String) -> Bool { FileManager.default.isReadableFile(atPath: path) }

    /// The interface's face: an override as it is, else Inter, else DejaVu Sans. `--font` was checked at start
    /// (`FontFileCheck`); a `TESSERA_FONT` that cannot be used is said once and passed over, never a window without
    /// text.
    static func locate(override: String?) -> (regular: String, bold: String)? {
        if let path = override ?? ProcessInfo.processInfo.environment["TESSERA_FONT"], !path.isEmpty {
            guard let problem = FontFileCheck.problem(path) else { return (path, path) }
            Log.warn("the font \(problem) (\(override == nil ? "TESSERA_FONT" : "--font")): the usual font is used")
        }
        if let inter = inter() { return (inter.regular, inter.bold ?? inter.regular) }
        return dejaVu().map { ($0.regular, $0.bold ?? $0.regular) }
    }

    /// Where Material Icons is (Debian's fonts-material-design-icons-iconfont), nil when it is not installed.
    /// `TESSERA_ICON_FONT` names another file; one that cannot be read means no icon font (the buttons' glyphs).
    static func iconFont() -> String? {
        if let path = ProcessInfo.processInfo.environment["TESSERA_ICON_FONT"], !path.isEmpty {
            return readable(path) ? path : nil
        }
        return ["/usr/share/fonts/truetype/material-design-icons-iconfont", "/usr/share/fonts/TTF",
                "/usr/local/share/fonts", "/usr/share/fonts/truetype"]
            .map { $0 + "/MaterialIcons-Regular.ttf" }.first(where: readable)
    }

    private static func inter() -> Face? {
        for dir in ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/OTF", "/usr/local/share/fonts"] {
            let regular = "\(dir)/Inter-Regular.otf"
            guard readable(regular) else { continue }
            let bold = "\(dir)/Inter-Bold.otf"
            return Face(regular: regular, bold: readable(bold) ? bold : nil)
        }
        return nil
    }

    private static func dejaVu() -> Face? {
        for dir in searchDirectories {
            let regular = "\(dir)/DejaVuSans.ttf"
            guard readable(regular) else { continue }
            let bold = "\(dir)/DejaVuSans-Bold.ttf"
            return Face(regular: regular, bold: readable(bold) ? bold : nil)
        }
        return nil
    }

    /// Fonts for what the interface's face lacks, tried in order: Noto Sans for Arabic, Hebrew, Devanagari and Thai
    /// (fonts-noto-core, regular and bold), DejaVu Sans (Greek, Cyrillic, symbols Inter lacks), CJK
    /// (fonts-wqy-microhei, Droid Sans Fallback or Noto CJK; no bold, drawn emboldened), then symbols and emoji,
    /// drawn monochrome (fonts-symbola).
    static func fallbacks(primary: String) -> [Face] {
        var faces: [Face] = []
        for script in ["Arabic", "Hebrew", "Devanagari", "Thai", "Bengali", "Tamil"] {
            let dir = "/usr/share/fonts/truetype/noto"
            let regular = "\(dir)/NotoSans\(script)-Regular.ttf", bold = "\(dir)/NotoSans\(script)-Bold.ttf"
            if readable(regular) { faces.append(Face(regular: regular, bold: readable(bold) ? bold : nil)) }
        }
        if let dejaVu = dejaVu(), dejaVu.regular != primary { faces.append(dejaVu) }
        let singles = [
            ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
             "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"],
            ["/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", "/usr/share/fonts/TTF/Symbola.ttf"],
        ]
        for group in singles {
            guard let regular = group.first(where: readable) else { continue }
            let cjkBold = regular.replacingOccurrences(of: "CJK-Regular", with: "CJK-Bold")
            faces.append(Face(regular: regular, bold: cjkBold != regular && readable(cjkBold) ? cjkBold : nil))
        }
        return faces
    }
}

/// Why a font file the user named cannot be used, nil when it can: missing, not a file, or not readable. A font
/// given on the command line is refused at start with this (exit 64, as any bad option); one from the configuration
/// file is reported with its line and the usual font is used (`ConfigFile` checks each line with the same parser).
public enum FontFileCheck {
    public static func problem(_ path: String) -> String? {
        var info = stat()
        let shown = PathBytes.display(path)
        guard stat(path, &info) == 0 else {
            // Translators: --font's refusal on the command line; {path} is the font file named, {reason} the system's words.
            return errno == ENOENT ? tr("{path} does not exist", ["path": shown])
                : tr("{path} cannot be looked at: {reason}", ["path": shown, "reason": String(cString: strerror(errno))])
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return tr("{path} is not a font file (not a regular file)", ["path": shown]) }
        guard access(path, R_OK) == 0 else {
            return tr("{path} cannot be read: {reason}", ["path": shown, "reason": String(cString: strerror(errno))])
        }
        return nil
    }
}
