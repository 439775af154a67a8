import DemoPhotos
import Foundation
import GalleryCore

/// The Immich stand-in's `GET /api/faces?id=ASSET_ID`: the faces `FixtureFaults.immichFaces` gives the asset, as
/// Immich's `AssetFaceResponseDto`s (boxes in pixels of the upright preview the faces were found on, with its size,
/// and the person, if any).
extension FixtureRouter {
    func immichFaces(of id: String, faults: FixtureFaults) -> FixtureResponse {
        guard let index = DemoImmich.index(ofAsset: id), index < faults.immichAssets,
              let entry = catalog.entry(id: String(index)) else {
            return FixtureResponse(status: 400, headers: [("Content-Type", "application/json")],
                                   body: Data(#"{"message":"Not found or no face.read access"}"#.utf8))
        }
        // The preview's size, as the thumbnail route serves it: about 1440 px on its long side.
        let f = 1440.0 / Double(max(entry.width, entry.height))
        let w = max(1, Int((Double(entry.width) * f).rounded())), h = max(1, Int((Double(entry.height) * f).rounded()))
        let faces: [[String: Any]] = (faults.immichFaces[index] ?? []).enumerated().compactMap { n, box in
            guard box.count == 4 else { return nil }
            return ["id": String(format: "f0000000-0000-4000-8000-%012d", index * 100 + n),
                    "boundingBoxX1": box[0] * w / 1000, "boundingBoxY1": box[1] * h / 1000,
                    "boundingBoxX2": box[2] * w / 1000, "boundingBoxY2": box[3] * h / 1000,
                    "imageWidth": w, "imageHeight": h, "sourceType": "machine-learning", "person": NSNull()]
        }
        return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")],
                               body: (try? JSONSerialization.data(withJSONObject: faces)) ?? Data("[]".utf8))
    }
}
