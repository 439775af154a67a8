#if canImport(AppDriving)
import AppDriving
#endif
import Foundation
import ImageSamples
import SDLKit
import XCTest

/// A photographer's folder in a real X11 window under Xvfb: a JPEG XL made by cjxl, a DNG with its JPEG preview, a
/// DNG without one (LibRaw's half-size decode) and a RAW+JPEG pair (the JPEG shown, the RAW not), each a flat colour
/// of its own, seen in the cells and then large in the pane.
final class JXLAndRawUITests: XSessionTestCase {
    private static let blue = (30, 40, 220), red = (220, 30, 30), yellow = (220, 200, 30), magenta = (200, 30, 200)

    private func jpeg(_ w: Int, _ h: Int, _ c: (Int, Int, Int)) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2))
        return try s.jpegData(quality: 95)
    }

    private func count(_ shot: Surface, _ holds: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in stride(from: 0, to: shot.height, by: 8) {
            for x in stride(from: 0, to: shot.width, by: 8) where holds(shot.pixel(x: x, y: y)) { n += 1 }
        }
        return n
    }

    private func colour(_ c: (Int, Int, Int)) -> ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        { XSession.isColor($0, c, tolerance: 16) }
    }

    /// The half-size decode's green: whatever LibRaw's processing makes of a green mosaic, green well above the rest.
    private func green(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        Int(p.g) > Int(p.r) + 60 && Int(p.g) > Int(p.b) + 60
    }

    func testAJPEGXLAndDNGsShowInTheCellsAndThePane() throws {
        let photos = root + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let c = Self.blue
        try x.tool(["convert", "-size", "400x300", "xc:rgb(\(c.0),\(c.1),\(c.2))", root + "/blue.png"])
        try x.tool(["cjxl", root + "/blue.png", photos + "/a.jxl", "-d", "0"])
        try DNGSample.make(width: 1024, height: 768, mosaic: (6000, 30000, 6000),
                           previewJPEG: (try jpeg(768, 576, Self.red), 768, 576))
            .write(to: URL(fileURLWithPath: photos + "/b.dng"))
        try DNGSample.make(width: 1024, height: 768, mosaic: (6000, 30000, 6000))
            .write(to: URL(fileURLWithPath: photos + "/c.dng"))
        try jpeg(400, 300, Self.yellow).write(to: URL(fileURLWithPath: photos + "/d.jpg"))
        try DNGSample.make(width: 512, height: 384, mosaic: (6000, 30000, 6000),
                           previewJPEG: (try jpeg(384, 288, Self.magenta), 384, 288))
            .write(to: URL(fileURLWithPath: photos + "/D.DNG"))

        let window = try x.launch([photos, "--sort", "name", "--name", "T", "--no-cache", "--renderer", "software",
                                   "--size", "900x600"], environment: ["XDG_DATA_HOME": root + "/data"])
        let wall = try x.waitForFrame(window, "the JPEG XL, both DNGs and the pair's JPEG in the cells") { shot in
            self.count(shot, self.colour(Self.blue)) > 40 && self.count(shot, self.colour(Self.red)) > 40
                && self.count(shot, self.green) > 40 && self.count(shot, self.colour(Self.yellow)) > 40
        }
        XCTAssertEqual(count(wall, colour(Self.magenta)), 0, "the RAW beside its JPEG is not shown")

        // The pane on the first photo (the JPEG XL), then the next (the DNG's preview), each filling the window's middle.
        try x.tool(["xdotool", "key", "--window", window, "Right", "Return"])
        _ = try x.waitForFrame(window, "the JPEG XL large") { self.count($0, self.colour(Self.blue)) > 2500 }
        try x.tool(["xdotool", "key", "--window", window, "Right"])
        _ = try x.waitForFrame(window, "the DNG large") { self.count($0, self.colour(Self.red)) > 2500 }
        try x.tool(["xdotool", "key", "--window", window, "Right"])
        _ = try x.waitForFrame(window, "the DNG without a preview large") { self.count($0, self.green) > 2500 }
    }
}
