import Foundation
import GalleryCore

/// Decodes a picsum `/v2/list` body. The list as a whole must be a JSON array; single entries that are malformed
/// (missing or wrongly typed fields, non-positive sizes, unacceptable IDs) are skipped and counted, not fatal.
public enum PicsumList {
    public static func decode(_ data: Data) throws -> PageContents {
        try JSONList.decode(data, of: LossyEntry.self) { $0.photo }
    }

    /// One array element; decoding never throws, a bad element just yields no photo.
    private struct LossyEntry: Decodable {
        let photo: Photo?

        private enum Field: String, CodingKey { case id, author, width, height, url, download_url }

        init(from decoder: Decoder) {
            photo = try? LossyEntry.decodePhoto(decoder)
        }

        private static func decodePhoto(_ decoder: Decoder) throws -> Photo? {
            let c = try decoder.container(keyedBy: Field.self)
            let id = (try? c.decode(String.self, forKey: .id)) ?? (try? c.decode(UInt64.self, forKey: .id)).map(String.init)
            guard let id, let width = try? c.decode(Int.self, forKey: .width),
                  let height = try? c.decode(Int.self, forKey: .height)
            else { return nil }
            // Author and links are shown as text only: absent or wrongly typed reads as absent.
            return Photo(
                id: id,
                author: (try? c.decode(String.self, forKey: .author)) ?? "Unknown",
                width: width, height: height,
                url: (try? c.decode(String.self, forKey: .url)) ?? "",
                downloadURL: (try? c.decode(String.self, forKey: .download_url)) ?? "").validated()
        }
    }
}
