import Foundation
import ImageSamples
import XCTest
@testable import GalleryCore

/// A photo's centre of interest for `--motion`: EXIF SubjectArea (every shape, every orientation, hostile bytes),
/// Immich's face boxes, and the Ken Burns path that keeps it in view on every frame.
final class CentreOfInterestTests: XCTestCase {
    private func header(_ values: [Int], orientation: Int = 1, bigEndian: Bool = false, type: Int = 3,
                        valueOffset: Int? = nil, width: Int = 4000, height: Int = 3000) throws -> ImageHeader {
        var jpeg = HeaderBytes.jpeg(width: width, height: height)
        jpeg = Data(jpeg.prefix(2)) + Data(SubjectAreaBytes.exif(subjectArea: values, orientation: orientation, bigEndian: bigEndian,
                                                                  type: type, valueOffset: valueOffset)) + Data(jpeg.dropFirst(2))
        return try ImageHeaderReader.read(jpeg)
    }

    private func assertRect(_ r: UnitRect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let r else { return XCTFail("no area", file: file, line: line) }
        XCTAssertEqual(r.x, x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.y, y, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.height, h, accuracy: 1e-9, file: file, line: line)
    }

    func testSubjectAreaIsReadInEveryShape() throws {
        assertRect(try header([1000, 1500]).interest, 0.25, 0.5, 0, 0)
        assertRect(try header([2000, 1500, 600]).interest, 0.425, 0.4, 0.15, 0.2)
        assertRect(try header([2000, 1500, 800, 300]).interest, 0.4, 0.45, 0.2, 0.1)
        assertRect(try header([2000, 1500, 800, 300], bigEndian: true).interest, 0.4, 0.45, 0.2, 0.1)
        // A rectangle past the right edge is cut there.
        assertRect(try header([3900, 1500, 400, 300]).interest, 0.925, 0.45, 0.075, 0.1)
    }

    func testSubjectAreaIsTurnedWithThePicture() throws {
        // Stored 4000×3000, a point at (1000, 600): x 0.25, y 0.2 of the stored picture.
        assertRect(try header([1000, 600], orientation: 6).interest, 0.8, 0.25, 0, 0)  // a quarter turn clockwise
        assertRect(try header([1000, 600], orientation: 8).interest, 0.2, 0.75, 0, 0)  // anticlockwise
        assertRect(try header([1000, 600], orientation: 3).interest, 0.75, 0.8, 0, 0)  // upside down
        assertRect(try header([1000, 600], orientation: 2).interest, 0.75, 0.2, 0, 0)  // mirrored
        // Each orientation against the pixel map the decoder's turn is tested by.
        for orientation in ExifOrientation.allCases {
            let (w, h) = (40, 30), stored = UnitRect(x: 7.0 / 40, y: 11.0 / 30, width: 1.0 / 40, height: 1.0 / 30)
            let upright = CentreOfInterest.upright(stored, orientation: orientation)
            let (uw, uh) = orientation.swapsAxes ? (h, w) : (w, h)
            let ux = Int((upright.x * Double(uw)).rounded()), uy = Int((upright.y * Double(uh)).rounded())
            let back = orientation.storedPixel(forUprightX: ux, y: uy, width: w, height: h)
            XCTAssertEqual(back.x, 7, "\(orientation)")
            XCTAssertEqual(back.y, 11, "\(orientation)")
        }
    }

    func testMalformedSubjectAreasSayNothing() throws {
        XCTAssertNil(try header([5000, 100]).interest, "outside the picture")
        XCTAssertNil(try header([100, 100], type: 4).interest, "not SHORTs")
        XCTAssertNil(try header([100, 100, 10, 10], valueOffset: 60_000).interest, "values past the segment")
        XCTAssertNil(try header([100, 100, 10, 10], valueOffset: 0xFFFF_FFF0).interest, "an offset that wraps")
        XCTAssertNil(try header([1]).interest, "one value is no shape")
        XCTAssertNil(try header([1, 2, 3, 4, 5]).interest, "five values are no shape")
        XCTAssertNil(CentreOfInterest.subjectArea([10, 10], width: 0, height: 0, orientation: .up))
        // A block cut anywhere reads what it can and never traps.
        let whole = SubjectAreaBytes.exif(subjectArea: [10, 20, 30, 40])
        for cut in 4..<whole.count {
            var bytes = Array(whole.prefix(cut))
            bytes[2] = UInt8((cut - 2) >> 8); bytes[3] = UInt8((cut - 2) & 0xFF)
            _ = ExifInfo.read(from: ByteReader(bytes), at: 4, length: cut - 4)
        }
    }

    func testFacesMakeOneAreaAndBadBoxesAreLeftOut() {
        assertRect(CentreOfInterest.faces([(100, 200, 300, 400, 1000, 1000), (600, 100, 700, 250, 1000, 1000)]),
                   0.1, 0.1, 0.6, 0.3)
        XCTAssertNil(CentreOfInterest.faces([]))
        XCTAssertNil(CentreOfInterest.faces([(300, 200, 100, 400, 1000, 1000)]), "reversed")
        XCTAssertNil(CentreOfInterest.faces([(0, 0, 2000, 10, 1000, 1000)]), "past its image")
        XCTAssertNil(CentreOfInterest.faces([(0, 0, 10, 10, 0, 0)]), "no image size")
        assertRect(CentreOfInterest.faces([(-5, 0, 10, 10, 100, 100), (10, 10, 20, 20, 100, 100)]), 0.1, 0.1, 0.1, 0.1)
    }

    /// Every frame of every move (all eight directions, a late next photo included) contains the whole area.
    func testEveryFrameOfAMoveContainsTheCentre() {
        let span = 10.9
        let times = stride(from: -1.0, through: 4 * span, by: 0.05).map { $0 }
        let areas = [
            UnitRect(x: 0.4, y: 0.9, width: 0.2, height: 0.07),     // a patch low in a portrait
            UnitRect(x: 0.0, y: 0.0, width: 0.05, height: 0.05),    // a face in a corner
            UnitRect(x: 0.95, y: 0.95, width: 0.05, height: 0.05),  // and in the other
            UnitRect(x: 0.1, y: 0.3, width: 0.8, height: 0.2),      // a row of faces
            UnitRect(x: 0.5, y: 0.5, width: 0, height: 0),          // a point
        ]
        for area in areas {
            for (w, h) in [(3000, 4500), (4000, 3000)] {
                for id in (0..<40).map({ "photo-\($0)" }) {
                    let path = KenBurns(photoID: id, width: w, height: h, span: span, interest: area)
                    for t in times {
                        let crop = path.crop(at: t)
                        XCTAssertTrue(crop.contains(area), "\(id) \(w)x\(h) at \(t): \(crop) loses \(area)")
                        XCTAssertTrue(UnitRect(x: 0, y: 0, width: 1, height: 1).contains(crop))
                    }
                }
            }
        }
    }

    /// Without a centre a portrait keeps its top: a patch at its foot leaves the frame by the end (what the centre
    /// of interest is for).
    func testWithoutACentreAPortraitsFootLeavesTheFrame() {
        let foot = UnitRect(x: 0.4, y: 0.9, width: 0.2, height: 0.07)
        let path = KenBurns(photoID: "photo-1", width: 3000, height: 4500, span: 10)
        XCTAssertFalse(path.crop(at: 10).contains(foot))
    }

    /// An area wider than any crop: its middle, as near as the photo allows.
    func testAnAreaLargerThanTheCropIsCentred() {
        let wide = UnitRect(x: 0.0, y: 0.2, width: 1.0, height: 0.3)
        let crop = KenBurns(photoID: "x", width: 4000, height: 3000, span: 10, interest: wide).crop(at: 10)
        XCTAssertEqual(crop.x + crop.width / 2, 0.5, accuracy: 1e-9)
        XCTAssertTrue(crop.y <= 0.2 && crop.maxY >= 0.5)
    }
}
