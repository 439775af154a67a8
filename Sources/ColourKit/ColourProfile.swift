import CLCMS2
import Foundation

/// Why a profile or a transform could not be made. A photo's profile is bytes from outside: Little CMS refuses what
/// it cannot read, and the caller draws the photo as sRGB.
public enum ColourError: Error, Equatable, CustomStringConvertible {
    /// `cmsOpenProfileFromMem` refused the bytes (not an ICC profile, truncated, a broken tag table).
    case unreadableProfile
    /// The profile describes another colour space than RGB (CMYK, grey, Lab): not one an RGB picture was coded in.
    case notRGB(UInt32)
    /// Little CMS could not build the profile or the transform (`cmsCreateRGBProfile`, `cmsCreateTransform`).
    case cannotBuild(String)

    public var description: String {
        switch self {
        case .unreadableProfile: return "not an ICC profile Little CMS can read"
        case .notRGB(let space):
            let code = withUnsafeBytes(of: space.bigEndian) { String(decoding: $0, as: UTF8.self) }
            return "an ICC profile for the '\(code)' colour space, not RGB"
        case .cannotBuild(let what): return "Little CMS could not build \(what)"
        }
    }
}

/// An ICC colour profile held by Little CMS (`cmsHPROFILE`, closed with `cmsCloseProfile`): read from a file's
/// bytes, sRGB built in, or made from primaries and a curve. Only the transforms made from it are shared between
/// threads; a profile is used on the thread that made it.
public final class ColourProfile {
    let handle: cmsHPROFILE

    private init(handle: cmsHPROFILE) { self.handle = handle }
    deinit { cmsCloseProfile(handle) }

    /// Reads an embedded profile (`cmsOpenProfileFromMem`): it must describe RGB.
    public convenience init(icc: Data) throws {
        guard !icc.isEmpty, icc.count < Int(UInt32.max) else { throw ColourError.unreadableProfile }
        let opened: cmsHPROFILE? = icc.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        guard let opened else { throw ColourError.unreadableProfile }
        self.init(handle: opened)
        let space = cmsGetColorSpace(opened)
        guard space == cmsSigRgbData else { throw ColourError.notRGB(space.rawValue) }
    }

    /// sRGB as IEC 61966-2-1 defines it (`cmsCreate_sRGBProfile`).
    public static func sRGB() throws -> ColourProfile {
        guard let handle = cmsCreate_sRGBProfile() else { throw ColourError.cannotBuild("the sRGB profile") }
        return ColourProfile(handle: handle)
    }

    /// A matrix-shaper RGB profile from the chromaticities of white, red, green and blue and one curve for all three
    /// channels, given as the parameters [g, a, b, c, d] of an ICC parametric curve of type 4
    /// (`cmsBuildParametricToneCurve`, `cmsCreateRGBProfile`): how a HEIF's `nclx` box becomes a profile.
    public static func rgb(white: (x: Double, y: Double), red: (x: Double, y: Double), green: (x: Double, y: Double),
                           blue: (x: Double, y: Double), curve parameters: [Double]) throws -> ColourProfile {
        guard parameters.count == 5 else { throw ColourError.cannotBuild("a curve of \(parameters.count) parameters") }
        guard let curve = parameters.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) })
        else { throw ColourError.cannotBuild("the tone curve") }
        defer { cmsFreeToneCurve(curve) }
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1),
                                        Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                        Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        let curves: [OpaquePointer?] = [curve, curve, curve]
        guard let handle = cmsCreateRGBProfile(&whitePoint, &primaries, curves) else {
            throw ColourError.cannotBuild("an RGB profile from primaries")
        }
        return ColourProfile(handle: handle)
    }

    /// The profile as ICC bytes (`cmsSaveProfileToMem`): what a file would embed.
    public func iccData() throws -> Data {
        var size: UInt32 = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else { throw ColourError.cannotBuild("ICC bytes") }
        var data = Data(count: Int(size))
        let saved = data.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        guard saved != 0 else { throw ColourError.cannotBuild("ICC bytes") }
        return data.prefix(Int(size))
    }
}
