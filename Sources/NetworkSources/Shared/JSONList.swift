import Foundation
import GalleryCore

/// A photo API's list: a JSON array of entries that decode leniently (a bad entry yields no photo and is counted as
/// skipped, not fatal); the whole body failing is `notJSON` or `notAnArray`. Shared by every network source.
public enum JSONList {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notJSON
        case notAnArray

        public var description: String {
            switch self {
            case .notJSON: return "malformed JSON in photo list"
            case .notAnArray: return "photo list is not a JSON array"
            }
        }
    }

    static func decode<Entry: Decodable>(_ data: Data, of: Entry.Type, photo: (Entry) -> Photo?) throws -> PageContents {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            // Tell "not JSON at all" from "JSON, but not a list": the two mean different server faults.
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
                throw Failure.notAnArray
            }
            throw Failure.notJSON
        }
        let photos = entries.compactMap(photo)
        return PageContents(photos: photos, skipped: entries.count - photos.count)
    }
}

extension String {
    /// A server's base URL without the slashes it may end with (`https://picsum.photos/` and
    /// `https://picsum.photos` name the same server), so paths are joined with one.
    var withoutTrailingSlashes: String {
        var base = self
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}

extension Result where Success == HTTPResponse, Failure == HTTPError {
    /// The body of a 2xx answer; any other status, or no answer, as the source's error.
    func body() -> Result<Data, SourceError> {
        switch self {
        case .failure(let e): return .failure(.http(e))
        case .success(let response):
            guard (200..<300).contains(response.status) else {
                return .failure(.http(.status(response.status, retryAfter: response.retryAfter)))
            }
            return .success(response.body)
        }
    }

    /// The same as an image answer.
    func image() -> Result<ImageAnswer, SourceError> { body().map { ImageAnswer($0) } }
}
