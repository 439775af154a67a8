import ColourKit
import Foundation
import GalleryCore
import SDLKit

/// Converts decoded pixels from the colours their file describes to the display's (sRGB unless the desktop publishes
/// a profile, or `--display-profile` names one), with Little CMS through ColourKit. One transform per pair of
/// profiles, kept in a bounded shelf; nothing at all is done when both ends are sRGB, or when a photo's own profile
/// converts to the display's as nothing. A profile Little CMS refuses is drawn as sRGB and said once. Thread-safe:
/// the decode workers share one.
public final class DisplayColours: @unchecked Sendable {
    /// What the display's pixels mean.
    public let display: ColourDescription
    /// False with `--no-colour-management`: pixels are drawn as their files hold them.
    public let managesColour: Bool
    private let shelf = TransformShelf<ColourTransform>(limit: 16)
    private let displayProfile: Data?

    /// The sRGB display, managing colour: what a decoder uses unless told otherwise.
    public static let sRGB = DisplayColours()

    /// `display`: the display's ICC profile, nil for sRGB; `converts`: false to draw the files' values as they are.
    /// A display profile Little CMS cannot use as a destination is set aside for sRGB (said once).
    public init(displayProfile: Data? = nil, converts: Bool = true) {
        managesColour = converts
        if let displayProfile, DisplayColours.usable(display: displayProfile) {
            self.displayProfile = displayProfile
            display = .icc(displayProfile)
        } else {
            if displayProfile != nil {
                DisplayColours.refusals.note("the display's profile cannot be used; sRGB assumed")
            }
            self.displayProfile = nil
            display = .sRGB
        }
    }

    /// Transforms built so far (a folder of photos from one phone builds one).
    public var transformsBuilt: Int { shelf.built }

    /// A short, stable name of the display's colours, for keys of pixels kept between runs (the cell cache): "srgb",
    /// or the profile's FNV-1a hash; "raw" when colours are not managed.
    public var identity: String {
        guard managesColour else { return "raw" }
        guard let displayProfile else { return "srgb" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in displayProfile { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Converts `surface` (ARGB8888) in place from `source` to the display's colours; false when nothing was done.
    @discardableResult
    public func convert(_ surface: Surface, from source: ColourDescription) -> Bool {
        guard let transform = transform(from: source) else { return false }
        surface.withUnsafeMutablePixels { pixels, pitch in
            transform.apply(to: pixels, width: surface.width, height: surface.height, pitch: pitch)
        }
        return true
    }

    /// Whether pixels described as `source` are to be converted (a surface that is not ARGB8888 must be made so).
    public func converts(from source: ColourDescription) -> Bool {
        managesColour && !(source.isSRGB && display.isSRGB)
    }

    /// The transform from `source` to the display, or nil when there is nothing to do (or it cannot be built).
    func transform(from source: ColourDescription) -> ColourTransform? {
        guard converts(from: source) else { return nil }
        return shelf.value(for: ProfilePair(source, to: display)) { build(from: source) }
    }

    private func build(from source: ColourDescription) -> ColourTransform? {
        do {
            let transform = try ColourTransform(from: DisplayColours.profile(source), to: DisplayColours.profile(display))
            return transform.isIdentity() ? nil : transform
        } catch {
            DisplayColours.refusals.note("\(error); drawn as sRGB")
            return nil
        }
    }

    /// The Little CMS profile a description stands for.
    static func profile(_ description: ColourDescription) throws -> ColourProfile {
        switch description {
        case .sRGB: return try ColourProfile.sRGB()
        case .icc(let bytes): return try ColourProfile(icc: bytes)
        case .coded(let coded):
            let p = coded.primaries
            return try ColourProfile.rgb(white: p.white, red: p.red, green: p.green, blue: p.blue,
                                         curve: coded.transfer.parametric)
        }
    }

    private static func usable(display: Data) -> Bool {
        (try? ColourTransform(from: ColourProfile.sRGB(), to: ColourProfile(icc: display))) != nil
    }

    /// Profiles refused, said once each per run.
    static let refusals = WarnOnce(prefix: "Colour: ")
}
