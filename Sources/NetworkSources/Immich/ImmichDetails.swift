import Foundation
import GalleryCore

/// The photos of a shuffled page, fetched as the page comes near the screen: `GET /api/assets/{id}` for each (Immich
/// v2 and v3 answer an `AssetResponseDto` with its `exifInfo`), all at once, each decoded as a search's asset is
/// (`ImmichList.photo`). The shuffle's listing keeps only IDs and upload times (`ShuffledPass`), so what a photo needs
/// on the wall (its size, ThumbHash, motion) and in its caption (file name, date, place, camera, description) comes
/// from here. An asset gone since the listing (Immich answers 400 or 404), or no longer on the timeline (archived,
/// hidden, trashed), is left out; a refused key or any other failure fails the page, to be asked again.
enum ImmichDetails {
    /// An asset's details are small: a larger body is not one.
    static let maxBytes = 1 << 20

    static func photos(_ ids: [String], api: ImmichAPI, completion: @escaping (Result<[String: Photo], SourceError>) -> Void) {
        let wanted = ids.filter(Photo.isAcceptableID)
        guard !wanted.isEmpty else { return completion(.success([:])) }
        let lock = NSLock()
        var found: [String: Photo] = [:]
        var failure: SourceError?
        var left = wanted.count
        for id in wanted {
            api.http.get(api.request("/api/assets/\(id)", priority: -1, maxBytes: maxBytes)) { result in
                let outcome = answer(result, id: id, api: api)
                let done: Bool = lock.withLock {
                    switch outcome {
                    case .success(let photo?): found[id] = photo
                    case .success(nil): break
                    case .failure(let e): failure = failure ?? e
                    }
                    left -= 1
                    return left == 0
                }
                guard done else { return }
                let (photos, error) = lock.withLock { (found, failure) }
                completion(error.map { .failure($0) } ?? .success(photos))
            }
        }
    }

    /// One answer as a photo: nil for an asset gone or not to be shown.
    private static func answer(_ result: Result<HTTPResponse, HTTPError>, id: String, api: ImmichAPI) -> Result<Photo?, SourceError> {
        if case .success(let response) = result, response.status == 400 || response.status == 404 { return .success(nil) }
        return api.answer(result).map { data in
            guard let asset = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                  asset["id"] as? String == id else { return nil }
            return ImmichList.photo(asset, base: api.baseURL)
        }
    }
}
