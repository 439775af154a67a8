import Foundation
import GalleryCore

/// Decodes an Unsplash `GET /photos` body: a JSON array of photos with `id`, `width`, `height`, `color`,
/// `blur_hash`, `user.name`, `links.html` and `urls.raw`. Entries that are malformed are skipped and counted, as
/// with picsum; every photo goes through `Photo.validated()`.
public enum UnsplashList {
    public static func decode(_ data: Data) throws -> PageContents {
        try JSONList.decode(data, of: Entry.self) { $0.photo }
    }

    /// A photo without an http(s) `urls.raw` cannot be shown: it counts as skipped.
    private struct Entry: Decodable {
        let photo: Photo?

        private struct User: Decodable { let name: String? }
        private struct Links: Decodable { let html: String? }
        private struct URLs: Decodable { let raw: String? }
        private enum Field: String, CodingKey { case id, width, height, color, blur_hash, user, links, urls }

        init(from decoder: Decoder) {
            photo = try? Entry.decodePhoto(decoder)
        }

        private static func decodePhoto(_ decoder: Decoder) throws -> Photo? {
            let c = try decoder.container(keyedBy: Field.self)
            guard let id = try? c.decode(String.self, forKey: .id), let width = try? c.decode(Int.self, forKey: .width),
                  let height = try? c.decode(Int.self, forKey: .height),
                  let raw = (try? c.decode(URLs.self, forKey: .urls))?.raw
            else { return nil }
            return Photo(id: id, author: (try? c.decode(User.self, forKey: .user))?.name ?? "Unknown",
                         width: width, height: height,
                         url: (try? c.decode(Links.self, forKey: .links))?.html ?? "", downloadURL: raw,
                         color: try? c.decode(String.self, forKey: .color),
                         blurHash: try? c.decode(String.self, forKey: .blur_hash),
                         imageReference: raw).validated().flatMap { $0.imageReference == nil ? nil : $0 }
        }
    }
}
