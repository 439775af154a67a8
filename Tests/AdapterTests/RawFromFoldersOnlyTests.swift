import Foundation
import GalleryCore
import ImageLayer
import ImageSamples
import LocalSources
import SDLKit
import XCTest

/// LibRaw runs inside the app, so only the user's own files reach it: a camera RAW decodes when the folder source
/// read it, and the same bytes from a server, the offline cache or the cell cache are refused as a TIFF always was.
final class RawFromFoldersOnlyTests: XCTestCase {
    private var dir = ""
    private let target = PixelSize(width: 128, height: 96)
    /// A DNG with no preview: decoding it is LibRaw's half-size decode of its green mosaic.
    private let dng = DNGSample.make(width: 256, height: 192, mosaic: (6000, 30000, 6000))

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        dir = NSTemporaryDirectory() + "tessera-raw-folders-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func assertRefusedAsTIFF(_ answer: ImageAnswer, _ what: String) {
        XCTAssertThrowsError(try ImageDecoder().plan(answer, target: target, requested: nil), what) { error in
            XCTAssertEqual(error as? ImageRefusal, .unsupportedFormat("TIFF"), what)
        }
    }

    func testANetworkAnswerWithDNGBytesIsRefusedBeforeLibRaw() throws {
        assertRefusedAsTIFF(ImageAnswer(dng), "a server's answer")
        assertRefusedAsTIFF(ImageAnswer(dng, undecodable: {}), "the offline cache's answer")
        XCTAssertThrowsError(try ImageDecoder().decode(dng, target: target), "the one-step decode of outside bytes")
        XCTAssertThrowsError(try ImageDecoder().header(of: dng)) { error in
            XCTAssertEqual(error as? ImageRefusal, .unsupportedFormat("TIFF"))
        }
        // A header that says RAW, handed over with outside bytes, is refused too.
        var told = ImageAnswer(dng, header: ImageHeader(format: .raw, width: 256, height: 192))
        XCTAssertThrowsError(try ImageDecoder().plan(told, target: target, requested: nil))
        told.fromFolder = true
        XCTAssertNoThrow(try ImageDecoder().plan(told, target: target, requested: nil))
    }

    func testAKeptCellNeverCarriesTheFolderMark() throws {
        final class OneCell: CellCache {
            let bytes: Data
            init(_ bytes: Data) { self.bytes = bytes }
            func cell(forKey key: String) -> Data? { bytes }
            func wants(_ key: String) -> Bool { false }
            func keep(_ encoded: Data, forKey key: String) {}
            func forget(_ key: String) {}
        }
        let kept = try XCTUnwrap(CellShelf(cache: OneCell(dng)).keptCell(forKey: dir + "/a.dng"))
        XCTAssertFalse(kept.fromFolder)
        assertRefusedAsTIFF(kept, "a kept cell")
    }

    func testTheSameBytesReadFromAFolderDecode() throws {
        try dng.write(to: URL(fileURLWithPath: dir + "/IMG_1.DNG"))
        var settings = FolderSource.Settings()
        settings.watch = false
        let source = FolderSource(roots: [dir], settings: settings, cells: nil, indexStore: { nil }, log: { _ in })
        source.start()
        defer { source.stop() }
        let pageDone = expectation(description: "page")
        let photos = Box<[Photo]>()
        source.fetchPage(1, limit: 10) { photos.set((try? $0.get().photos) ?? []); pageDone.fulfill() }
        wait(for: [pageDone], timeout: 10)
        let photo = try XCTUnwrap(photos.value?.first, "the DNG is listed")
        let imageDone = expectation(description: "image")
        let answer = Box<Result<ImageAnswer, SourceError>>()
        _ = source.fetchImage(photo, size: target, priority: 0, progress: nil) { answer.set($0); imageDone.fulfill() }
        wait(for: [imageDone], timeout: 10)
        let read = try XCTUnwrap(answer.value).get()
        XCTAssertTrue(read.fromFolder, "the folder's reader marks its files")
        XCTAssertEqual(read.data, dng)
        let decoder = ImageDecoder()
        let plan = try decoder.plan(read, target: target, requested: nil)
        XCTAssertEqual(plan.header.format, .raw)
        let cell = try decoder.decode(read.data, plan: plan, target: target).surface
        XCTAssertEqual([cell.width, cell.height], [128, 96])
        let p = cell.pixel(x: 64, y: 48)
        XCTAssertGreaterThan(Int(p.g), Int(p.r) + 60, "LibRaw's half-size decode of the green mosaic (\(p))")
    }
}
