import DemoPhotos
import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import XCTest

/// Immich's faces as a photo's centre of interest (`--motion`), through libcurl against the stand-in's
/// `GET /api/faces?id=`: the union of the boxes, in fractions of the upright preview; none where it has none, where
/// the answer is garbage or the key may not read faces.
final class ImmichFacesTests: ClientTestCase {
    private func photos(_ source: ImmichSource) throws -> [Photo] {
        let page: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(1, limit: 48) { done($0) } }
        return try XCTUnwrap(try page?.get()).photos
    }

    private func interest(_ source: ImmichSource, _ photo: Photo) -> CentreOfInterest? {
        wait { done in source.interest(of: photo) { done($0) } }
    }

    func testTheFacesOfAnAssetMakeItsCentreOfInterest() throws {
        server.faults.immichFaces = [0: [[100, 600, 200, 750], [300, 550, 400, 700]]]
        let source = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client)
        let shown = try photos(source)
        let first = try XCTUnwrap(shown.first { DemoImmich.index(ofAsset: $0.id) == 0 })
        let area = try XCTUnwrap(interest(source, first)?.area)
        // Boxes in whole pixels of the preview: within a pixel of the thousandths given.
        XCTAssertEqual(area.x, 0.1, accuracy: 0.002)
        XCTAssertEqual(area.y, 0.55, accuracy: 0.002)
        XCTAssertEqual(area.maxX, 0.4, accuracy: 0.002)
        XCTAssertEqual(area.maxY, 0.75, accuracy: 0.002)
        XCTAssertTrue(server.counters.immichPaths.contains("GET /api/faces"), "\(server.counters.immichPaths)")
        let other = try XCTUnwrap(shown.first { DemoImmich.index(ofAsset: $0.id) == 1 })
        XCTAssertEqual(interest(source, other), CentreOfInterest.none, "an asset without faces")
    }

    func testAKeyThatMayNotReadFacesGivesNone() throws {
        let source = ImmichSource(baseURL: server.baseURL, apiKey: "fixture-immich-key", http: client)
        let photo = try XCTUnwrap(try photos(source).first)
        let stranger = ImmichSource(baseURL: server.baseURL, apiKey: "wrong", http: client)
        XCTAssertEqual(interest(stranger, photo), CentreOfInterest.none)
    }

    func testGarbageAnswersGiveNoCentre() throws {
        XCTAssertNil(ImmichSource.faces(in: Data("{\"faces\": [".utf8)))
        XCTAssertNil(ImmichSource.faces(in: Data("[{\"boundingBoxX1\": \"a\"}]".utf8)))
        XCTAssertNil(ImmichSource.faces(in: Data("""
            [{"boundingBoxX1": 1e300, "boundingBoxY1": 0, "boundingBoxX2": 10, "boundingBoxY2": 10, "imageWidth": 100, "imageHeight": 100}]
            """.utf8)))
        XCTAssertNil(ImmichSource.faces(in: Data(repeating: 0x20, count: (1 << 20) + 1)), "past the cap")
        let one = ImmichSource.faces(in: Data("""
            [{"boundingBoxX1": 10, "boundingBoxY1": 20, "boundingBoxX2": 30, "boundingBoxY2": 60, "imageWidth": 100, "imageHeight": 200},
             {"boundingBoxX1": 50}]
            """.utf8))
        let area = try XCTUnwrap(one)
        XCTAssertEqual(area.x, 0.1, accuracy: 1e-9)
        XCTAssertEqual(area.y, 0.1, accuracy: 1e-9)
        XCTAssertEqual(area.maxX, 0.3, accuracy: 1e-9)
        XCTAssertEqual(area.maxY, 0.3, accuracy: 1e-9)
    }
}
