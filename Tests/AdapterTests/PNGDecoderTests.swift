import Foundation
import GalleryCore
import PNGKit
import SDLKit
@testable import TesseraApp
@testable import ImageLayer
import XCTest

/// PNG through libpng's simplified API: pixels right, warnings kept (not printed), garbage refused.
final class PNGDecoderTests: XCTestCase {
    /// A 6x4 PNG of one colour, with an ancillary chunk whose CRC is wrong when `damaged` (libpng warns and goes on).
    static func png(damaged: Bool) throws -> Data {
        XCTAssertNotNil(TestVideo.system)
        let s = try Surface(width: 6, height: 4)
        s.fill(x: 0, y: 0, width: 6, height: 4, r: 200, g: 100, b: 50)
        let path = NSTemporaryDirectory() + "tessera-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try s.savePNG(to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard damaged else { return Data(bytes) }
        let body = Array("Comment\u{0}from a camera".utf8)
        let chunk = [0, 0, 0, UInt8(body.count)] + Array("tEXt".utf8) + body + [1, 2, 3, 4]
        bytes.insert(contentsOf: chunk, at: 33)  // after the signature and IHDR
        return Data(bytes)
    }

    func testPixelsComeOutAsARGB8888AndAWarningIsKeptNotPrinted() throws {
        for damaged in [false, true] {
            let data = try PNGDecoderTests.png(damaged: damaged)
            try data.withUnsafeBytes { bytes in
                let png = try PNGDecoder(reading: bytes)
                XCTAssertEqual([png.width, png.height], [6, 4])
                let out = try Surface(width: 6, height: 4)
                try out.withUnsafeMutablePixels { pixels, pitch in try png.decode(into: pixels, pitch: pitch) }
                let p = out.pixel(x: 3, y: 2)
                XCTAssertEqual([p.r, p.g, p.b, p.a], [200, 100, 50, 255])
                if damaged { XCTAssertNotNil(png.warning, "the bad chunk is told to us") } else { XCTAssertNil(png.warning) }
            }
        }
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).withUnsafeBytes { bytes in
            XCTAssertThrowsError(try PNGDecoder(reading: bytes))
        }
    }

    /// The same file through the app's decoder: decoded, and nothing on stderr (libpng's classic handler would
    /// print "libpng warning: tEXt: CRC error").
    func testTheAppDecodesItWithoutWritingToStderr() throws {
        let data = try PNGDecoderTests.png(damaged: true)
        let pipe = Pipe(), saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        let decoded = try? ImageDecoder().decode(data, target: PixelSize(width: 6, height: 4))
        dup2(saved, 2)
        close(saved)
        pipe.fileHandleForWriting.closeFile()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertNotNil(decoded)
        XCTAssertFalse(written.contains("libpng"), written)
    }
}
