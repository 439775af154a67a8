import Foundation
import GalleryCore

/// Decodes Immich's answers to `POST /api/search/metadata` (`{"assets": {"items": [...], "nextPage": "2" | null}}`). An asset becomes a photo laid out before any pixel arrives: its
/// size from `exifInfo.exifImageWidth`/`exifImageHeight`, sides swapped for EXIF orientations 5-8 (Immich reports
/// the stored sides; a video's orientation is its rotation, as Immich writes it), else from the aspect ratio its
/// `thumbhash` encodes. A `VIDEO` is a clip with its `duration` (v2's "0:00:12.345000", v3's whole milliseconds);
/// an `IMAGE` with a `livePhotoVideoId` is a Live Photo whose clip is that asset. An asset with no size, of another
/// type (audio), off the timeline (its `visibility` archive, hidden or locked, v2's `isArchived`, in the trash: the
/// search asks for the timeline, and what comes back anyway is not shown), or a malformed entry is skipped and
/// counted. Text is cleaned and capped by `Photo.validated()`.
public enum ImmichList {
    public struct Page: Equatable {
        public var contents: PageContents
        /// Whether the server said there is a page after this one.
        public var hasNext: Bool
        /// When each asset was uploaded, by ID (seconds since 1970), where the server said.
        public var createdAt: [String: Int64] = [:]

        /// The page's photos as a listing, whole.
        public var listed: [ShuffledPass.Listed] { contents.photos.map { ShuffledPass.Listed($0, arrived: createdAt[$0.id]) } }
        /// The page's photos as a shuffle lists them: by ID, with their upload times (the rest is fetched near the
        /// screen: `ImmichDetails`).
        public var listedByID: [ShuffledPass.Listed] {
            contents.photos.map { ShuffledPass.Listed(id: $0.id, arrived: createdAt[$0.id]) }
        }
        /// The page's photos as a listing, whole where `whole` says (by ID and upload time), else by ID.
        public func listed(whole: (String, Int64?) -> Bool) -> [ShuffledPass.Listed] {
            contents.photos.map { photo in
                let arrived = createdAt[photo.id]
                return whole(photo.id, arrived) ? ShuffledPass.Listed(photo, arrived: arrived)
                    : ShuffledPass.Listed(id: photo.id, arrived: arrived)
            }
        }
    }

    public static func decodeSearch(_ data: Data, base: String) throws -> Page {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw JSONList.Failure.notJSON
        }
        guard let assets = root["assets"] as? [String: Any], let items = assets["items"] as? [Any] else {
            throw JSONList.Failure.notAnArray
        }
        let next = assets["nextPage"]
        let hasNext = (next as? String).map { !$0.isEmpty } ?? (next as? Int != nil)
        var page = Page(contents: contents(items, base: base), hasNext: hasNext)
        // When each asset was uploaded (`createdAt`): a photo that came after a shuffled pass began is one of its
        // late arrivals.
        for item in items.prefix(1_000) {
            guard let asset = item as? [String: Any], let id = asset["id"] as? String,
                  let created = text(asset["createdAt"]).flatMap(seconds(fromISO:)) else { continue }
            page.createdAt[id] = created
        }
        return page
    }

    private static func contents(_ items: [Any], base: String) -> PageContents {
        // A page is at most the 1,000 assets asked for; anything past that is not looked at.
        let photos = items.prefix(1_000).compactMap { ($0 as? [String: Any]).flatMap { photo($0, base: base) } }
        return PageContents(photos: photos, skipped: items.count - photos.count)
    }

    /// The largest side believed: a camera's sensor is well under this; a larger figure is a lie.
    static let maxSide = 100_000

    /// One asset as a photo (nil: skipped); `base` makes its link into Immich's web UI.
    public static func photo(_ asset: [String: Any], base: String) -> Photo? {
        guard let id = asset["id"] as? String, Photo.isAcceptableID(id) else { return nil }
        let type = asset["type"] as? String ?? "IMAGE"
        guard type == "IMAGE" || type == "VIDEO", isOnTheTimeline(asset) else { return nil }
        let exif = asset["exifInfo"] as? [String: Any] ?? [:]
        let thumbHash = (asset["thumbhash"] as? String).flatMap { ThumbHash.aspectRatio(base64: $0) == nil ? nil : $0 }
        guard let size = size(exif: exif, thumbHash: thumbHash) else { return nil }
        let name = text(asset["originalFileName"]) ?? ""
        var photo = Photo(id: id, author: name, width: size.width, height: size.height, url: "\(base)/photos/\(id)",
                          downloadURL: "")
        photo.thumbHash = thumbHash
        let place = [exif["city"], exif["state"], exif["country"]].compactMap(text)
        let camera = [exif["make"], exif["model"]].compactMap(text)
        let taken = (text(exif["dateTimeOriginal"]) ?? text(asset["localDateTime"])).flatMap(seconds(fromISO:))
        photo.facts = PhotoFacts(taken: taken, place: place.isEmpty ? nil : place.joined(separator: ", "),
                                 camera: camera.isEmpty ? nil : camera.joined(separator: " "),
                                 description: text(exif["description"]))
        if type == "VIDEO" {
            photo.motion = PhotoMotion(kind: .clip, duration: seconds(duration: asset["duration"]))
        } else if let clip = asset["livePhotoVideoId"] as? String, Photo.isAcceptableID(clip) {
            photo.motion = PhotoMotion(kind: .livePhoto, clipID: clip)
        }
        return photo.validated()
    }

    /// Whether an asset is one the owner sees on Immich's timeline: its `visibility` (since 1.133) "timeline" or not
    /// said, not archived (`isArchived`, v2), not in the trash.
    static func isOnTheTimeline(_ asset: [String: Any]) -> Bool {
        if let visibility = asset["visibility"], !(visibility is NSNull),
           visibility as? String != ImmichQuery.timeline { return false }
        if asset["isArchived"] as? Bool == true || asset["isTrashed"] as? Bool == true { return false }
        return true
    }

    /// A video's length in seconds from Immich's `duration`: v3's whole milliseconds (a JSON number; null for a
    /// still), v2's text "H:MM:SS.ffffff" (or a GIF's plain seconds, "0.98"). Nil when it is none of those, or zero.
    static func seconds(duration value: Any?) -> Double? {
        if let text = value as? String { return seconds(duration: text) }
        guard let number = value as? NSNumber, ObjectIdentifier(type(of: number)) != boolType else { return nil }
        let ms = number.doubleValue
        // More than a hundred thousand hours is not a length.
        guard ms.isFinite, ms > 0, ms < 3.6e11 else { return nil }
        return ms / 1000
    }

    private static let boolType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Immich's duration as v2 writes it, "H:MM:SS.ffffff" ("0:00:12.345000"), or plain seconds ("0.98", a GIF's), in
    /// seconds; nil when it is not one, or zero (a still's "0:00:00.00000": not known).
    static func seconds(duration text: String) -> Double? {
        if !text.contains(":"), text.utf8.count <= 16, let plain = Double(text), plain.isFinite, plain > 0, plain < 3.6e8 {
            return plain
        }
        let parts = text.utf8.count <= 32 ? text.split(separator: ":", omittingEmptySubsequences: false) : []
        guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Double(parts[2]),
              (0...100_000).contains(h), (0..<60).contains(m), s >= 0, s < 60, s.isFinite else { return nil }
        let total = Double(h * 3600 + m * 60) + s
        return total > 0 ? total : nil
    }

    /// The photo's upright size: the EXIF sides (turned for orientations 5-8), or the ThumbHash's aspect ratio on a
    /// long side of 1,000 when they are missing or absurd. Nil when neither is known: no guess that would make the
    /// wall jump when the picture arrives.
    static func size(exif: [String: Any], thumbHash: String?) -> PixelSize? {
        let w = number(exif["exifImageWidth"]), h = number(exif["exifImageHeight"])
        if let w, let h, (1...maxSide).contains(w), (1...maxSide).contains(h), max(w, h) / max(1, min(w, h)) <= 50 {
            let orientation = number(exif["orientation"]) ?? 1
            return (5...8).contains(orientation) ? PixelSize(width: h, height: w) : PixelSize(width: w, height: h)
        }
        guard let ratio = thumbHash.flatMap(ThumbHash.aspectRatio(base64:)) else { return nil }
        return ratio >= 1 ? PixelSize(width: 1000, height: max(1, Int((1000 / ratio).rounded())))
            : PixelSize(width: max(1, Int((1000 * ratio).rounded())), height: 1000)
    }

    /// A JSON number, or a string holding one (Immich sends the orientation as text).
    static func number(_ value: Any?) -> Int? {
        if let i = value as? Int { return abs(i) < 1_000_000_000 ? i : nil }
        if let d = value as? Double { return d.isFinite && abs(d) < 1e9 ? Int(d) : nil }
        if let s = value as? String, s.utf8.count <= 12 { return Int(s.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    private static func text(_ value: Any?) -> String? {
        guard let s = value as? String else { return nil }
        let cleaned = ExternalText.clean(String(s.prefix(400)), maxCharacters: 200)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// "2023-06-01T14:03:22.000Z" → seconds of that clock time read as UTC (captions show the day it says).
    static func seconds(fromISO text: String) -> Int64? {
        let head = Array(text.utf8.prefix(19))
        guard head.count == 19, head[4] == UInt8(ascii: "-"), head[7] == UInt8(ascii: "-"),
              head[10] == UInt8(ascii: "T") || head[10] == UInt8(ascii: " ") else { return nil }
        var exif = head
        exif[4] = UInt8(ascii: ":"); exif[7] = UInt8(ascii: ":"); exif[10] = UInt8(ascii: " ")
        return ExifInfo.seconds(fromExifDate: String(decoding: exif, as: UTF8.self))
    }
}
