import Foundation
import GalleryCore
import ImageSamples
import JXLKit
import LocalSources
import RawKit
import SDLKit
@testable import ImageLayer
import XCTest

/// JPEG XL made here by libjxl's own encoder (`cjxl`, libjxl-tools, which `make test-deps` installs) and DNGs written
/// by the tests (`DNGSample`), decoded through the one decoder: size, colours, orientation, and hostile bytes refused.
final class JXLAndRawDecodeTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        dir = NSTemporaryDirectory() + "tessera-formats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    // MARK: JPEG XL

    /// Runs cjxl on `source` (a PNG or GIF in `dir`); the file's bytes.
    private func cjxl(_ source: String, _ name: String, _ arguments: [String] = []) throws -> Data {
        let out = dir + "/" + name
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["cjxl", dir + "/" + source, out] + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let data = FileManager.default.contents(atPath: out) else {
            XCTFail("cjxl (libjxl-tools) could not make \(name): run make test-deps")
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    /// A 320×200 PNG, red on the left half and blue on the right.
    private func redThenBluePNG() throws {
        let s = try Surface(width: 320, height: 200)
        s.fill(x: 0, y: 0, width: 160, height: 200, r: 220, g: 30, b: 30)
        s.fill(x: 160, y: 0, width: 160, height: 200, r: 30, g: 30, b: 220)
        try s.savePNG(to: dir + "/source.png")
    }

    private func assertRedThenBlue(_ surface: Surface, _ what: String) {
        let left = surface.pixel(x: surface.width / 4, y: surface.height / 2)
        let right = surface.pixel(x: surface.width * 3 / 4, y: surface.height / 2)
        XCTAssertGreaterThan(Int(left.r), Int(left.b) + 100, "\(what): the left half is red (\(left))")
        XCTAssertGreaterThan(Int(right.b), Int(right.r) + 100, "\(what): the right half is blue (\(right))")
    }

    func testJPEGXLDecodesToTheCellInItsColours() throws {
        try redThenBluePNG()
        for (name, args) in [("lossless.jxl", ["-d", "0"]), ("lossy.jxl", ["-d", "1"]),
                             ("container.jxl", ["-d", "1", "--container=1"])] {
            let data = try cjxl("source.png", name, args)
            let header = try ImageDecoder().header(of: data)
            XCTAssertEqual(header, ImageHeader(format: .jxl, width: 320, height: 200), name)
            let decoded = try ImageDecoder().decode(data, target: PixelSize(width: 160, height: 100))
            XCTAssertEqual([decoded.surface.width, decoded.surface.height], [160, 100])
            assertRedThenBlue(decoded.surface, name)
        }
    }

    func testTheWrapperReadsInfoColourAndFrames() throws {
        try redThenBluePNG()
        let decoder = try JXLDecoder(try cjxl("source.png", "w.jxl", ["-d", "0"]), maxMemoryBytes: 64 << 20)
        let info = try decoder.readInfo()
        XCTAssertEqual([info.width, info.height, info.orientation], [320, 200, 1])
        XCTAssertFalse(info.animated)
        XCTAssertGreaterThan(decoder.icc?.count ?? 0, 100, "libjxl describes the decoded pixels' colours")
        var pixels = [UInt8](repeating: 0, count: 320 * 200 * 4)
        let frame = try pixels.withUnsafeMutableBytes { try decoder.nextFrame(into: $0.baseAddress!, byteCount: $0.count) }
        XCTAssertEqual(frame?.isLast, true)
        XCTAssertEqual(Array(pixels[0..<4]), [220, 30, 30, 255])
        XCTAssertNil(try pixels.withUnsafeMutableBytes { try decoder.nextFrame(into: $0.baseAddress!, byteCount: $0.count) })
        // A buffer of the wrong size is refused, never written past.
        let other = try JXLDecoder(try cjxl("source.png", "w2.jxl", ["-d", "0"]), maxMemoryBytes: 64 << 20)
        var small = [UInt8](repeating: 0, count: 16)
        XCTAssertThrowsError(try small.withUnsafeMutableBytes { try other.nextFrame(into: $0.baseAddress!, byteCount: 16) })
    }

    func testAnAnimatedJPEGXLIsReadAsOneAndShowsItsFirstFrame() throws {
        let red = try Surface(width: 64, height: 48), blue = try Surface(width: 64, height: 48)
        red.fill(x: 0, y: 0, width: 64, height: 48, r: 220, g: 30, b: 30)
        blue.fill(x: 0, y: 0, width: 64, height: 48, r: 30, g: 30, b: 220)
        try red.savePNG(to: dir + "/red.png")
        try blue.savePNG(to: dir + "/blue.png")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        convert.arguments = ["convert", "-delay", "10", dir + "/red.png", dir + "/blue.png", dir + "/anim.gif"]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "ImageMagick makes the GIF")
        let data = try cjxl("anim.gif", "anim.jxl")
        let header = try ImageHeaderReader.read(data)
        XCTAssertTrue(header.animated)
        let decoder = try JXLDecoder(data, maxMemoryBytes: 64 << 20)
        let info = try decoder.readInfo()
        XCTAssertTrue(info.animated)
        var frames: [JXLDecoder.Frame] = []
        var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
        while let frame = try pixels.withUnsafeMutableBytes({ try decoder.nextFrame(into: $0.baseAddress!, byteCount: $0.count) }) {
            frames.append(frame)
        }
        XCTAssertEqual(frames.count, 2)
        XCTAssertEqual(frames.first?.duration ?? 0, 0.1, accuracy: 0.001)
        XCTAssertEqual(Array(pixels[0..<3]), [30, 30, 220], "the last frame is blue")
        let still = try ImageDecoder().decode(data, target: PixelSize(width: 32, height: 24)).surface
        let p = still.pixel(x: 16, y: 12)
        XCTAssertGreaterThan(Int(p.r), Int(p.b) + 100, "the cell shows the first frame (\(p))")
    }

    func testBrokenJPEGXLIsRefusedNotCrashed() throws {
        try redThenBluePNG()
        let data = try cjxl("source.png", "cut.jxl", ["-d", "1"])
        for n in [data.count / 2, data.count - 1] {
            XCTAssertThrowsError(try ImageDecoder().decode(data.prefix(n), target: PixelSize(width: 80, height: 50)))
        }
        var garbage = data
        for i in 24..<garbage.count { garbage[i] = UInt8(truncatingIfNeeded: i * 37) }
        XCTAssertThrowsError(try ImageDecoder().decode(garbage, target: PixelSize(width: 80, height: 50)))
    }

    // MARK: Camera RAW

    private let redPreview: (Int, Int) throws -> Data = { w, h in
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: 220, g: 30, b: 30)
        return try s.jpegData(quality: 90)
    }

    /// A green mosaic (the half-size picture), with a red JPEG preview or none.
    private func dng(preview: Bool, orientation: UInt16 = 1) throws -> Data {
        let jpeg = preview ? (try redPreview(384, 288), 384, 288) : nil
        return DNGSample.make(width: 512, height: 384, mosaic: (6000, 30000, 6000), previewJPEG: jpeg,
                              orientation: orientation)
    }

    func testLibRawOpensTheTestsDNGAndReadsItsHeader() throws {
        let data = try dng(preview: true)
        let metadata = try RawFile.metadata(of: data)
        XCTAssertEqual([metadata.width, metadata.height, metadata.flip], [512, 384, 0])
        XCTAssertEqual([metadata.make, metadata.model], ["Tessera", "Test DNG"])
        let header = try ImageDecoder().header(of: data, fromFolder: true)
        XCTAssertEqual(header.format, .raw)
        XCTAssertEqual([header.width, header.height], [512, 384])
        XCTAssertEqual(header.taken, "2024:06:01 14:03:22")
        XCTAssertEqual(header.camera, "Tessera Test DNG")
        let turned = try ImageDecoder().header(of: try dng(preview: false, orientation: 6), fromFolder: true)
        XCTAssertEqual(turned.orientation, .right)
        XCTAssertEqual(turned.displaySize, PixelSize(width: 384, height: 512))
    }

    func testTheEmbeddedPreviewIsShownAndTheHalfSizeDecodeWithoutOne() throws {
        let withPreview = try ImageDecoder().decode(try dng(preview: true), target: PixelSize(width: 200, height: 150),
                                                 fromFolder: true).surface
        XCTAssertEqual([withPreview.width, withPreview.height], [200, 150])
        let p = withPreview.pixel(x: 100, y: 75)
        XCTAssertGreaterThan(Int(p.r), Int(p.g) + 100, "the preview (red) is shown (\(p))")
        let withoutPreview = try ImageDecoder().decode(try dng(preview: false), target: PixelSize(width: 200, height: 150),
                                                    fromFolder: true)
        let q = withoutPreview.surface.pixel(x: 100, y: 75)
        XCTAssertGreaterThan(Int(q.g), Int(q.r) + 60, "the mosaic (green) is decoded at half size (\(q))")
        XCTAssertGreaterThan(Int(q.g), Int(q.b) + 60, "the mosaic (green) is decoded at half size (\(q))")
    }

    func testTheRawsOrientationIsAppliedOnce() throws {
        // Red on the stored left, blue on the right, turned a quarter clockwise: red on top, blue below.
        let data = DNGSample.make(width: 512, height: 384, mosaic: (30000, 6000, 6000), rightHalf: (6000, 6000, 30000),
                                  orientation: 6)
        let upright = try ImageDecoder().decode(data, target: PixelSize(width: 150, height: 200), fromFolder: true).surface
        for x in [40, 110] {
            let top = upright.pixel(x: x, y: 40), bottom = upright.pixel(x: x, y: 160)
            XCTAssertGreaterThan(Int(top.r), Int(top.b) + 60, "red on top at x \(x) (\(top))")
            XCTAssertGreaterThan(Int(bottom.b), Int(bottom.r) + 60, "blue below at x \(x) (\(bottom))")
        }
    }

    func testHostileRawBytesAreRefusedNotCrashed() throws {
        let good = try dng(preview: true)
        for n in [8, 64, 200, good.count / 2, good.count - 10] {
            let cut = good.prefix(n)
            if let header = try? ImageDecoder().header(of: cut, fromFolder: true) {
                XCTAssertThrowsError(try ImageDecoder().decode(cut, target: PixelSize(width: 64, height: 48), fromFolder: true),
                                     "cut at \(n)")
                _ = header
            }
        }
        // A plain TIFF magic with nothing after it keeps the core's words.
        XCTAssertThrowsError(try ImageDecoder().header(of: Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]), fromFolder: true)) { error in
            XCTAssertEqual(error as? ImageRefusal, .unsupportedFormat("TIFF"))
        }
        // A mosaic that claims 65535×65535 (8 GB of photosites) in a small file: refused from the header.
        let bomb = DNGSample.make(width: 2, height: 2, mosaic: (1, 1, 1))
        var patched = bomb
        // ImageWidth and ImageLength are the second and third entries of IFD0 (tags 256, 257).
        let ifd = Int(patched[4]) | Int(patched[5]) << 8
        for entry in [1, 2] { let at = ifd + 2 + 12 * entry + 8; patched[at] = 0xFF; patched[at + 1] = 0xFF }
        do {
            let decoded = try ImageDecoder().decode(patched, target: PixelSize(width: 64, height: 48), fromFolder: true)
            XCTFail("a 65535×65535 mosaic in \(patched.count) bytes decoded to \(decoded.surface.width)")
        } catch {}
    }

    func testTheFolderReaderSizesARawWithoutItsPixels() throws {
        let path = dir + "/IMG_7.DNG"
        try try dng(preview: true, orientation: 6).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = LocalFileReader.read(path: path) else { return XCTFail("not read") }
        XCTAssertEqual([file.width, file.height], [384, 512])
        XCTAssertEqual(file.taken, "2024:06:01 14:03:22")
        XCTAssertEqual(file.camera, "Tessera Test DNG")
        XCTAssertEqual(LocalFileReader.nameKind("IMG_7.DNG"), .still)
        XCTAssertEqual(LocalFileReader.nameKind("x.jxl"), .still)
        try Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 2]).write(to: URL(fileURLWithPath: dir + "/broken.nef"))
        guard case .failure = LocalFileReader.read(path: dir + "/broken.nef") else { return XCTFail("a broken RAW is refused") }
    }
}
