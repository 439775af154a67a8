/// Camera RAW files by their names: the extensions a folder shows (case-insensitive), and the RAW half of a camera's
/// RAW+JPEG pair (`IMG_1.CR2` beside `IMG_1.JPG`), which a folder does not show: the JPEG is the same photo, as the
/// camera rendered it, and one cell is what a person expects.
public enum CameraRawNames {
    /// DNG, Canon (CR2, CR3), Nikon, Sony, Fujifilm, Olympus and Panasonic, lowercased.
    public static let extensions: Set<String> = ["dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2"]
    /// The stills that stand for a RAW of the same base name.
    static let pairedStills: Set<String> = ["jpg", "jpeg", "jpe"]

    public static func isRaw(_ name: String) -> Bool {
        LivePhotoPairing.parts(name).map { extensions.contains($0.ext) } ?? false
    }

    /// The RAW names in `names` that have a JPEG of the same base (compared case-folded, like Live Photos' pairs):
    /// these are left out of the wall.
    public static func shadowedByJPEG(in names: [String]) -> Set<String> {
        var jpegBases: Set<String> = []
        for name in names {
            if let (base, ext) = LivePhotoPairing.parts(name), pairedStills.contains(ext) { jpegBases.insert(base) }
        }
        guard !jpegBases.isEmpty else { return [] }
        return Set(names.filter { name in
            guard let (base, ext) = LivePhotoPairing.parts(name) else { return false }
            return extensions.contains(ext) && jpegBases.contains(base)
        })
    }
}
