import Foundation
import GalleryCore

/// What an Immich show searches for: images and videos on the timeline (`visibility` "timeline": not archived, not
/// hidden, so never a Live Photo's own clip; Immich v3 finds all of those when the field is left out, v2 only the
/// timeline, and both take it since 1.133), with their EXIF, in the albums named (`--album`), the favourites
/// (`--favorites`), with all the people (`--person`) and all the tags (`--tag`) named (Immich's search keeps an asset
/// only when it has every one), taken within a span (`--from`, `--to`). The body of `POST /api/search/metadata`,
/// made of the flat fields every 2.x and 3.x take (3.2 deprecates them for its structured search, for removal in v4);
/// v3 refuses a body with anything else in it, so every value here is of the type its spec says: whole numbers, the
/// enums' own words, UUIDs (names are looked up first: `ImmichNames`), ISO dates.
public struct ImmichQuery: Equatable, Sendable {
    /// The albums' IDs (UUIDs).
    public var albums: [String] = []
    public var favorites = false
    public var personIDs: [String] = []
    public var tagIDs: [String] = []
    /// Taken at or after / at or before, in seconds since 1970 (read as UTC, as Immich's ISO dates are).
    public var takenAfter: Int64?
    public var takenBefore: Int64?

    public init(albums: [String] = [], favorites: Bool = false) {
        self.albums = albums
        self.favorites = favorites
    }

    /// The one `visibility` a wall shows: what the owner sees in Immich's own timeline.
    public static let timeline = "timeline"

    /// Assets a search answers at the most (Immich's own bound on `size`).
    public static let maxSize = 1_000

    /// The search's JSON body: `order` "desc" (newest first) or "asc"; `page` nil for none.
    public func body(page: Int?, size: Int, order: String = "desc") -> Data {
        var body: [String: Any] = ["size": min(max(1, size), ImmichQuery.maxSize), "withExif": true,
                                   "order": order == "asc" ? "asc" : "desc", "visibility": ImmichQuery.timeline]
        if let page { body["page"] = max(1, page) }
        if !albums.isEmpty { body["albumIds"] = albums }
        if favorites { body["isFavorite"] = true }
        if !personIDs.isEmpty { body["personIds"] = personIDs }
        if !tagIDs.isEmpty { body["tagIds"] = tagIDs }
        if let takenAfter { body["takenAfter"] = ImmichQuery.iso(takenAfter) }
        if let takenBefore { body["takenBefore"] = ImmichQuery.iso(takenBefore) }
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// The same search kept to one calendar day.
    public func on(_ day: PhotoDateFilter.Day) -> ImmichQuery {
        var q = self
        let start = PhotoDateFilter.seconds(of: day)
        q.takenAfter = max(start, takenAfter ?? start)
        q.takenBefore = min(start + 86_399, takenBefore ?? (start + 86_399))
        return q
    }

    /// Seconds since 1970 as Immich's ISO date ("2024-06-01T00:00:00.000Z").
    public static func iso(_ seconds: Int64) -> String {
        let d = PhotoDateFilter.day(of: seconds)
        let s = ((seconds % 86_400) + 86_400) % 86_400
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z", d.year, d.month, d.day, Int(s / 3600),
                      Int(s / 60 % 60), Int(s % 60))
    }

    /// Whether a value given for `--album`, `--person` or `--tag` is an ID (Immich's are UUIDs), not a name.
    public static func isID(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 36 else { return false }
        return u.indices.allSatisfy { i in
            [8, 13, 18, 23].contains(i) ? u[i] == UInt8(ascii: "-")
                : (u[i] >= 48 && u[i] <= 57) || (u[i] >= 97 && u[i] <= 102) || (u[i] >= 65 && u[i] <= 70)
        }
    }
}
