import Foundation

/// What a decoder says about the colours of the pixels it handed back: sRGB (tagged so, or not tagged at all, which
/// the web and every viewer read as sRGB), an embedded ICC profile's bytes, or coded primaries and transfer (a HEIF or
/// AVIF `nclx` box). The image layer converts from it to the display's profile; decoders only report it.
public enum ColourDescription: Hashable, Sendable {
    case sRGB
    case icc(Data)
    case coded(CodedColour)

    /// An embedded profile, or sRGB when there is none (nil or empty bytes).
    public init(icc: Data?) {
        if let icc, !icc.isEmpty { self = .icc(icc) } else { self = .sRGB }
    }

    /// Whether the pixels are sRGB as they stand (no profile to read, or coded as sRGB).
    public var isSRGB: Bool {
        switch self {
        case .sRGB: return true
        case .icc: return false
        case .coded(let coded): return coded.isSRGB
        }
    }
}

/// Primaries and a transfer curve, as coded by ITU-T H.273 (ISO/IEC 23091-2) in a HEIF or AVIF `nclx` colour box.
public struct CodedColour: Hashable, Sendable {
    public var primaries: Primaries
    public var transfer: Transfer

    public init(primaries: Primaries, transfer: Transfer) { self.primaries = primaries; self.transfer = transfer }

    /// The gamuts Tessera converts from: the chromaticities (x, y) of red, green, blue and white.
    public enum Primaries: Hashable, Sendable {
        /// BT.709, the primaries of sRGB (H.273 code 1).
        case bt709
        /// Display P3: SMPTE EG 432-1 (code 12), a phone's wide-gamut photo.
        case displayP3
        /// BT.2020 / BT.2100 (code 9).
        case bt2020

        public var red: (x: Double, y: Double) {
            switch self {
            case .bt709: return (0.640, 0.330)
            case .displayP3: return (0.680, 0.320)
            case .bt2020: return (0.708, 0.292)
            }
        }
        public var green: (x: Double, y: Double) {
            switch self {
            case .bt709: return (0.300, 0.600)
            case .displayP3: return (0.265, 0.690)
            case .bt2020: return (0.170, 0.797)
            }
        }
        public var blue: (x: Double, y: Double) {
            switch self {
            case .bt709: return (0.150, 0.060)
            case .displayP3: return (0.150, 0.060)
            case .bt2020: return (0.131, 0.046)
            }
        }
        /// D65 for all three.
        public var white: (x: Double, y: Double) { (0.3127, 0.3290) }
    }

    /// The curves Tessera converts from. PQ and HLG are HDR: without tone mapping they are not converted (see
    /// `CodedColour.init(nclxPrimaries:transfer:)`).
    public enum Transfer: Hashable, Sendable {
        /// IEC 61966-2-1 (code 13).
        case sRGB
        /// BT.709's camera curve, inverted (codes 1, 6, 14 and 15).
        case bt709
        /// Linear light (code 8).
        case linear
        /// A pure power: 2.2 (code 4) or 2.8 (code 5).
        case gamma(Double)

        /// The curve as the parameters of an ICC parametric curve of type 4 (lcms2's type 4):
        /// Y = (aX + b)^g for X ≥ d, Y = cX below: [g, a, b, c, d].
        public var parametric: [Double] {
            switch self {
            case .sRGB: return [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            case .bt709: return [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            case .linear: return [1, 1, 0, 1, 0]
            case .gamma(let g): return [g, 1, 0, 0, 0]
            }
        }
    }

    /// sRGB's own primaries and curve: nothing to convert.
    public var isSRGB: Bool { primaries == .bt709 && transfer == .sRGB }

    /// What a `nclx` box's colour primaries and transfer characteristics mean (H.273 code points), or nil when they
    /// are unspecified, unknown, or a transfer Tessera cannot draw faithfully: nil is read as sRGB, as an untagged
    /// picture is. PQ (code 16) is HDR with absolute luminance and needs tone mapping Tessera does not do: drawn
    /// unconverted. HLG (code 18) is made to look right on an SDR display read as BT.709: converted as BT.709.
    public init?(nclxPrimaries primaries: Int, transfer: Int) {
        switch primaries {
        case 1: self.primaries = .bt709
        case 12: self.primaries = .displayP3
        case 9: self.primaries = .bt2020
        case 2: self.primaries = .bt709  // unspecified: the gamut of sRGB, the transfer may still say something
        default: return nil
        }
        switch transfer {
        case 13: self.transfer = .sRGB
        case 1, 6, 14, 15, 18: self.transfer = .bt709
        case 8: self.transfer = .linear
        case 4: self.transfer = .gamma(2.2)
        case 5: self.transfer = .gamma(2.8)
        case 2: self.transfer = .sRGB  // unspecified
        default: return nil
        }
    }
}

extension ColourDescription {
    /// A `nclx` box's meaning: `.coded` for what Tessera converts, `.sRGB` for the rest (see `CodedColour`).
    public init(nclxPrimaries primaries: Int, transfer: Int) {
        if let coded = CodedColour(nclxPrimaries: primaries, transfer: transfer), !coded.isSRGB {
            self = .coded(coded)
        } else {
            self = .sRGB
        }
    }
}
