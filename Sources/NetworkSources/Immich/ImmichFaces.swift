import Foundation
import GalleryCore

/// The faces Immich found in a photo (`GET /api/faces?id=ASSET_ID`, an array of `AssetFaceResponseDto`: each face's
/// `boundingBoxX1`/`Y1`/`X2`/`Y2` in pixels of the `imageWidth`×`imageHeight` upright image it was found on), as the
/// slideshow's centre of interest (`--motion`): the union of their boxes. Asked as a photo comes near the screen.
/// A key without `face.read`, a server without faces, an answer that is not that shape: no centre (said once).
extension ImmichSource {
    /// The largest answer read (a photo of a crowd is a few hundred faces, a few hundred bytes each).
    static let facesMaxBytes = 1 << 20

    public func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) {
        guard Photo.isAcceptableID(photo.id), photo.motion?.kind != .clip else { return completion(.none) }
        api.call("/api/faces?id=\(photo.id)", maxBytes: ImmichSource.facesMaxBytes) { [weak self] result in
            switch self?.noted(result) ?? result {
            case .success(let body): completion(ImmichSource.faces(in: body).map { .area($0) } ?? .none)
            case .failure: completion(.none)
            }
        }
    }

    /// The union of the faces in a `GET /api/faces` answer; nil when it holds none that fit their image.
    static func faces(in body: Data) -> UnitRect? {
        guard body.count <= facesMaxBytes, let list = (try? JSONSerialization.jsonObject(with: body)) as? [Any] else {
            return nil
        }
        let boxes = list.prefix(256).compactMap { entry -> (x1: Int, y1: Int, x2: Int, y2: Int, imageWidth: Int, imageHeight: Int)? in
            guard let face = entry as? [String: Any] else { return nil }
            func number(_ key: String) -> Int? {
                guard let value = face[key] as? NSNumber, let double = Double(exactly: value.doubleValue),
                      double.isFinite, abs(double) < 1e7 else { return nil }
                return Int(double.rounded())
            }
            guard let x1 = number("boundingBoxX1"), let y1 = number("boundingBoxY1"), let x2 = number("boundingBoxX2"),
                  let y2 = number("boundingBoxY2"), let w = number("imageWidth"), let h = number("imageHeight") else { return nil }
            return (x1, y1, x2, y2, w, h)
        }
        return CentreOfInterest.faces(boxes)
    }
}
