import Foundation
import XCTest
@testable import GalleryCore

/// Which picture of a camera RAW is decoded, what it may cost, and which RAW files a folder leaves out.
final class CameraRawChoiceTests: XCTestCase {
    private func raw(_ w: Int, _ h: Int, preview: PixelSize?, orientation: ExifOrientation = .up) -> ImageHeader {
        var header = ImageHeader(format: .raw, width: w, height: h, orientation: orientation)
        header.preview = preview
        return header
    }

    func testThePreviewIsUsedWhenItHasThePhotosShapeAndSize() throws {
        let cell = PixelSize(width: 400, height: 300)
        // A camera's 1620×1080 preview of a 6000×4000 photo: the preview, at its cost (not the mosaic's).
        let camera = raw(6000, 4000, preview: PixelSize(width: 1620, height: 1080))
        let plan = try DecodePlanner.plan(camera, target: cell, requested: nil, limits: DecodeLimits(), scalingFactors: [.one])
        XCTAssertTrue(plan.rawPreview)
        XCTAssertEqual(plan.bufferBytes, 1620 * 1080 * 4)
        XCTAssertEqual([plan.decodedWidth, plan.decodedHeight], [1620, 1080])
        // A 160×120 preview padded into another shape, or too small for the pane: the half-size decode.
        XCTAssertFalse(RawDecodeChoice.usesPreview(raw(6000, 4000, preview: PixelSize(width: 160, height: 120)), target: cell))
        XCTAssertFalse(RawDecodeChoice.usesPreview(raw(6000, 4000, preview: PixelSize(width: 640, height: 427)),
                                                   target: PixelSize(width: 1920, height: 1280)))
        XCTAssertTrue(RawDecodeChoice.usesPreview(raw(6000, 4000, preview: PixelSize(width: 640, height: 427)), target: cell))
        // A portrait photo's target is compared in stored orientation.
        XCTAssertTrue(RawDecodeChoice.usable(preview: PixelSize(width: 600, height: 400), photo: PixelSize(width: 6000, height: 4000),
                                             target: PixelSize(width: 800, height: 1200), orientation: .right))
    }

    func testHalfSizeDecodesAreLargeAndBombsAreRefusedFromTheHeader() throws {
        let cell = PixelSize(width: 400, height: 300)
        let noPreview = try DecodePlanner.plan(raw(6000, 4000, preview: nil), target: cell, requested: nil,
                                               limits: DecodeLimits(), scalingFactors: [.one])
        XCTAssertFalse(noPreview.rawPreview)
        XCTAssertEqual([noPreview.decodedWidth, noPreview.decodedHeight], [3000, 2000])
        XCTAssertEqual(noPreview.bufferBytes, 6000 * 4000 * 2 + 3000 * 2000 * 11)
        XCTAssertTrue(noPreview.isLarge)
        XCTAssertThrowsError(try DecodePlanner.plan(raw(65535, 65535, preview: nil), target: cell, requested: nil,
                                                    limits: DecodeLimits(), scalingFactors: [.one])) { error in
            guard case .tooLarge(.raw, 65535, 65535, _, _)? = error as? ImageRefusal else { return XCTFail("\(error)") }
        }
        // A preview that claims to be huge is judged by the ordinary limit.
        XCTAssertThrowsError(try DecodePlanner.plan(raw(65535, 65535, preview: PixelSize(width: 65535, height: 65535)),
                                                    target: cell, requested: nil, limits: DecodeLimits(), scalingFactors: [.one]))
    }

    func testRawMagicAndNames() {
        XCTAssertTrue(ImageHeaderReader.mayBeCameraRaw(Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])))
        XCTAssertTrue(ImageHeaderReader.mayBeCameraRaw(Data("FUJIFILMCCD-RAW 0201".utf8)))
        XCTAssertTrue(ImageHeaderReader.mayBeCameraRaw(Data([0, 0, 0, 0x18] + Array("ftypcrx ".utf8))))
        XCTAssertFalse(ImageHeaderReader.mayBeCameraRaw(Data([0xFF, 0xD8, 0xFF, 0xE0])))
        XCTAssertTrue(CameraRawNames.isRaw("IMG_1.CR2"))
        XCTAssertFalse(CameraRawNames.isRaw("IMG_1.JPG"))
        let names = ["IMG_1.CR2", "IMG_1.JPG", "IMG_2.nef", "img_3.ARW", "IMG_3.jpeg", "DSC_4.dng", "DSC_4.heic"]
        XCTAssertEqual(CameraRawNames.shadowedByJPEG(in: names), ["IMG_1.CR2", "img_3.ARW"])
    }
}
