import Foundation
import ImageSamples

/// What the fixture's hostile mode serves: every kind of hostile input a picsum-compatible server (or a cache file,
/// or a folder) could send, mixed with ordinary photos so a client that survives keeps drawing them.
enum HostileFixtures {
    /// The kinds of image, by photo ID modulo 32: IDs 0…8 are hostile, 9…31 ordinary.
    enum Kind: Int, CaseIterable {
        case pngHeader60000, progressiveJPEG60000, webp60000, svg60000, pngOfZeros, gzipPastTheCap, gif, tiff
        case baselineJPEG60000
    }

    static func kind(ofID id: String) -> Kind? { Int(id).flatMap { Kind(rawValue: $0 % 32) } }

    /// Made once per process: the 14 MB PNG and the gzip body take a moment to build.
    private static let pngOfZeros = Bombs.png()
    private static let gzipOfZeros = Bombs.gzip(inflatedBytes: 40 << 20)

    static func image(_ kind: Kind) -> FixtureResponse {
        let body: Data
        var type = "image/jpeg"
        switch kind {
        case .pngHeader60000: body = HeaderBytes.png(width: 60000, height: 60000); type = "image/png"
        case .progressiveJPEG60000: body = HeaderBytes.jpeg(width: 60000, height: 60000, progressive: true)
        case .baselineJPEG60000: body = HeaderBytes.jpeg(width: 60000, height: 60000)
        case .webp60000: body = HeaderBytes.webpExtended(width: 60000, height: 60000); type = "image/webp"
        case .svg60000: body = Bombs.svg; type = "image/svg+xml"
        case .pngOfZeros: body = pngOfZeros; type = "image/png"
        case .gif: body = Bombs.gif; type = "image/gif"
        case .tiff: body = Bombs.tiff; type = "image/tiff"
        case .gzipPastTheCap:
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg"), ("Content-Encoding", "gzip")],
                                   body: gzipOfZeros)
        }
        return FixtureResponse(status: 200, headers: [("Content-Type", type)], body: body)
    }

    /// Authors that must be cleaned and cut: a megabyte of text, and bidi overrides with control characters.
    static func author(forIndex i: Int) -> String? {
        switch i {
        case 0: return String(repeating: "Megabyte Author ", count: 65_536)
        case 1: return "\u{202E}gnp.evil\u{202C} \u{2066}Mallory\u{2069}\u{0007}\u{001B}[31m\u{0000}\u{009B}"
        default: return nil
        }
    }
}
