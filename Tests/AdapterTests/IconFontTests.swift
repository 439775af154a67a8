import Foundation
import GalleryCore
import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// The icon font as installed (fonts-material-design-icons-iconfont): every icon of the core's table is in its cmap
/// under the name the package's codepoint list gives it, and `IconFont` draws it crisp at the scale's pixel size.
final class IconFontTests: XCTestCase {
    private func fontPath() throws -> String {
        try XCTUnwrap(FontLocator.iconFont(), "fonts-material-design-icons-iconfont must be installed (make test-deps)")
    }

    /// `TTF_GlyphIsProvided32` for each codepoint, and the package's own name → codepoint list agrees with the table.
    func testEveryIconIsInTheFontUnderItsName() throws {
        let font = try Font(system: try XCTUnwrap(TestVideo.system), path: try fontPath(), pointSize: 24)
        for icon in Icon.allCases {
            XCTAssertTrue(font.provides(Unicode.Scalar(icon.codepoint)!), "\(icon.name) U+\(String(icon.codepoint, radix: 16))")
        }
        XCTAssertFalse(font.provides("A"), "a font of icons, not letters: the check can fail")
        let list = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"
        let text = try String(contentsOfFile: list, encoding: .utf8)
        var named: [String: UInt32] = [:]
        for line in text.split(separator: "\n") {
            // `	"bookmark_border": e867,`
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("\"") else { continue }
            let name = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            let hex = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,;"))
            if let value = UInt32(hex, radix: 16) { named[name] = value }
        }
        XCTAssertGreaterThan(named.count, 1000)
        for icon in Icon.allCases { XCTAssertEqual(named[icon.name], icon.codepoint, icon.name) }
    }

    /// Drawn at scale 2, a 24-point icon is 48 pixels of ink, hinted at that size: its edges go from background to
    /// ink in at most two pixels (a 24-pixel icon stretched would blur them over four).
    func testAnIconIsRenderedAtTheScalesPixelSize() throws {
        let renderer = try TestVideo.renderer()
        let icons = try IconFont(renderer: renderer, path: try fontPath(), scale: 2)
        XCTAssertTrue(icons.provides(.search))
        let font = try Font(system: try XCTUnwrap(TestVideo.system), path: try fontPath(), pointSize: 48)
        let surface = try font.render(String(Character(Unicode.Scalar(0xE047)!)))  // "stop"
        XCTAssertEqual(surface.height, 48, "the em box is the icon's size")
        // Material's "stop" is a filled square, 12 of its 24 design units wide: 24 of 48 pixels, its edges sharp.
        let row = surface.height / 2
        var ramp = 0
        for x in 0..<surface.width {
            let a = surface.pixel(x: x, y: row).a
            if a > 20 && a < 235 { ramp += 1 }
        }
        XCTAssertLessThanOrEqual(ramp, 4, "two sharp edges")
        var ink = 0
        for x in 0..<surface.width where surface.pixel(x: x, y: row).a >= 235 { ink += 1 }
        XCTAssertEqual(Double(ink), 24, accuracy: 1, "the square's width at 48 pixels")
    }
}
