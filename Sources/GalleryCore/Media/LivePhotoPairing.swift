/// Which still and which QuickTime clip in one folder make one Live Photo: an iPhone exports `IMG_1234.HEIC` (or
/// `.JPG` once converted) and `IMG_1234.MOV`, the same base name, cases as the camera or the copying tool left them.
/// The pair is one photo on the wall, the still with the clip as its extra; the MOV is not listed on its own. Pure:
/// it looks at names only (the scanner and the watcher hand it a folder's names), never at the disk.
public enum LivePhotoPairing {
    /// Extensions of a Live Photo's still, lowercased.
    public static let stillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    /// Extension of a Live Photo's clip, lowercased.
    public static let clipExtension = "mov"

    /// The name split at its last dot: the base case-folded (the key two names pair on) and the extension
    /// lowercased. Nil for a name without one, or a hidden name that is only an extension (".mov").
    public static func parts(_ name: String) -> (base: String, ext: String)? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return (name[..<dot].lowercased(), name[name.index(after: dot)...].lowercased())
    }

    public static func isStill(_ name: String) -> Bool { parts(name).map { stillExtensions.contains($0.ext) } ?? false }
    public static func isClip(_ name: String) -> Bool { parts(name)?.ext == clipExtension }

    /// Each still that has a clip beside it, to that clip's name. A base with two stills (`IMG_1.HEIC` and an exported
    /// `IMG_1.JPG`) gives the clip to one of them only, the HEIC first (the camera's original), then the first by
    /// bytes, so the choice is the same at every scan; the other stays a plain still. Two clips of one base (which
    /// only a case-sensitive copy makes: `IMG_1.MOV`, `IMG_1.mov`) pair the first by bytes; the other stays a clip.
    /// Hidden names pair only with hidden names (the dot is part of the base): `._IMG_1.MOV`, macOS's resource fork,
    /// never takes a photo's place.
    public static func pairs(in names: [String]) -> [String: String] {
        var stills: [String: [String]] = [:], clips: [String: [String]] = [:]
        for name in names {
            guard let (base, ext) = parts(name) else { continue }
            if ext == clipExtension { clips[base, default: []].append(name) }
            else if stillExtensions.contains(ext) { stills[base, default: []].append(name) }
        }
        var out: [String: String] = [:]
        for (base, clipNames) in clips {
            guard let candidates = stills[base], let clip = clipNames.min(by: bytesLess) else { continue }
            let still = candidates.min { a, b in
                let ha = parts(a)?.ext.hasPrefix("hei") == true, hb = parts(b)?.ext.hasPrefix("hei") == true
                return ha != hb ? ha : bytesLess(a, b)
            }
            if let still { out[still] = clip }
        }
        return out
    }

    /// The clips `pairs` gave to a still: not listed on their own.
    public static func pairedClips(in names: [String]) -> Set<String> { Set(pairs(in: names).values) }

    private static func bytesLess(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(b.utf8) }
}
