import Foundation
import GalleryCore
import HEIFKit
import LocalSources
import SDLKit
@_spi(Bench) @testable import TesseraApp
@testable import ImageLayer
import XCTest

/// HEIC and AVIF made here with libheif's own encoder (`heif-enc`, from libheif-examples, which `make test`
/// installs), decoded through the one decoder.
final class HEIFDecodeTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        dir = NSTemporaryDirectory() + "tessera-heif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A 320×200 picture, red on the left half and blue on the right, encoded by heif-enc.
    private func encoded(_ name: String, arguments: [String] = []) throws -> Data {
        let png = dir + "/source.png"
        let s = try Surface(width: 320, height: 200)
        s.fill(x: 0, y: 0, width: 160, height: 200, r: 220, g: 30, b: 30)
        s.fill(x: 160, y: 0, width: 160, height: 200, r: 30, g: 30, b: 220)
        try s.savePNG(to: png)
        let out = dir + "/" + name
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["heif-enc", "-q", "90"] + arguments + [png, "-o", out]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let data = FileManager.default.contents(atPath: out) else {
            // Not a skip: without the encoder nothing here would be tested (make test installs it).
            XCTFail("heif-enc (libheif-examples) could not make \(name): run make test-deps")
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    private func assertRedThenBlue(_ surface: Surface, _ what: String) {
        let left = surface.pixel(x: surface.width / 4, y: surface.height / 2)
        let right = surface.pixel(x: surface.width * 3 / 4, y: surface.height / 2)
        XCTAssertGreaterThan(Int(left.r), Int(left.b) + 100, "\(what): the left half is red (\(left))")
        XCTAssertGreaterThan(Int(right.b), Int(right.r) + 100, "\(what): the right half is blue (\(right))")
    }

    func testHEICAndAVIFDecodeToTheCellUprightAndInTheirColours() throws {
        for (name, args) in [("photo.heic", []), ("photo.avif", ["-A"])] {
            let data = try encoded(name, arguments: args)
            let header = try ImageHeaderReader.read(data)
            XCTAssertEqual(header.format, name.hasSuffix("avif") ? .avif : .heic)
            XCTAssertEqual([header.width, header.height], [320, 200])
            XCTAssertTrue(ImageHeaderReader.looksComplete(data, format: header.format))
            let decoded = try ImageDecoder().decode(data, target: PixelSize(width: 160, height: 100))
            XCTAssertEqual([decoded.surface.width, decoded.surface.height], [160, 100])
            assertRedThenBlue(decoded.surface, name)
        }
    }

    func testTheFilesOwnThumbnailServesASmallCell() throws {
        let data = try encoded("thumbed.heic", arguments: ["-t", "64"])
        let file = try HEIFFile(data: data)
        let primary = try file.primary()
        XCTAssertEqual([primary.width, primary.height], [320, 200])
        let thumbnails = primary.thumbnails()
        XCTAssertEqual(thumbnails.map { [$0.width, $0.height] }, [[64, 40]])
        let picture = try thumbnails[0].decodeRGBA()
        XCTAssertEqual([picture.width, picture.height], [64, 40])
        // A cell of 48×30 is covered by the thumbnail; the result is the cell's size all the same.
        let small = try ImageDecoder().decode(data, target: PixelSize(width: 48, height: 30))
        XCTAssertEqual([small.surface.width, small.surface.height], [48, 30])
        assertRedThenBlue(small.surface, "from the thumbnail")
        let large = try ImageDecoder().decode(data, target: PixelSize(width: 300, height: 188))
        XCTAssertEqual([large.surface.width, large.surface.height], [300, 188])
    }

    func testTruncatedAndLyingFilesAreRefusedWithoutACrash() throws {
        let data = try encoded("photo.heic")
        // Cut short: the header may still read, the decode must fail cleanly.
        for cut in [data.count / 2, data.count - 10, 40] {
            XCTAssertThrowsError(try ImageDecoder().decode(data.prefix(cut), target: PixelSize(width: 100, height: 60)),
                                 "cut at \(cut)")
        }
        // A lying `ispe`: 60000×60000 is refused from the header, before libheif sees it.
        let ispe = try XCTUnwrap(data.range(of: Data("ispe".utf8)))
        var bomb = data
        let sizeAt = ispe.upperBound + 4
        bomb.replaceSubrange(sizeAt..<sizeAt + 8, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        XCTAssertThrowsError(try ImageDecoder().decode(bomb, target: PixelSize(width: 100, height: 60))) {
            guard case .tooLarge(.heic, 60000, 60000, _, _)? = $0 as? ImageRefusal else { return XCTFail("\($0)") }
        }
        // A smaller lie within the budget: what libheif reads must agree with the header.
        var liar = data
        liar.replaceSubrange(sizeAt..<sizeAt + 8, with: [0, 0, 1, 0x90, 0, 0, 0, 0xFA])
        XCTAssertThrowsError(try ImageDecoder().decode(liar, target: PixelSize(width: 100, height: 60)))
    }

    func testAFolderShowsAPhonesHEICWithItsSize() throws {
        let data = try encoded("IMG_0001.HEIC")
        XCTAssertTrue(LocalFileReader.hasImageExtension("IMG_0001.HEIC"))
        guard case .success(let file) = LocalFileReader.read(path: dir + "/IMG_0001.HEIC") else {
            return XCTFail("the HEIC is read from its header")
        }
        XCTAssertEqual([file.width, file.height], [320, 200])
        XCTAssertEqual(file.bytes, Int64(data.count))
    }
}
