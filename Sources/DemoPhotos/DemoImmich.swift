import Foundation
import GalleryCore

/// An Immich library made up from the demo catalogue, for the built-in demo (`--demo --source immich`) and the test
/// server's Immich API: asset IDs shaped like Immich's, phones' file names, EXIF as Immich reports it (the stored
/// sides, an orientation of 6 on every fourth photo, no size at all on every seventh, whose layout then comes from
/// the ThumbHash), dates over five years, upload times, places, cameras, a few descriptions, an album, favourites,
/// people and tags.
public enum DemoImmich {
    /// Every third photo is in the album.
    public static let albumID = "a1b2c3d4-0000-4000-8000-00000000a1b0"
    public static let albumName = "Summer"

    public static func assetID(_ index: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", index) }

    /// The ID of the hidden video asset that is photo `index`'s clip, when it is a Live Photo (the fixture's).
    public static func liveClipID(_ index: Int) -> String { String(format: "d0000000-0000-4000-8000-%012d", index) }

    public static func index(ofAsset id: String) -> Int? {
        guard id.hasPrefix("00000000-0000-4000-8000-"), id.utf8.count == 36 else { return nil }
        return Int(id.suffix(12))
    }

    public static func inAlbum(_ index: Int) -> Bool { index % 3 == 0 }
    public static func isFavorite(_ index: Int) -> Bool { index % 5 == 0 }

    /// People, each on some photos: Ada on every second, Grace on every third, Alan on every seventh.
    public static let people = [(id: "b0000000-0000-4000-8000-000000000001", name: "Ada Lovelace", every: 2),
                                (id: "b0000000-0000-4000-8000-000000000002", name: "Grace Hopper", every: 3),
                                (id: "b0000000-0000-4000-8000-000000000003", name: "Alan Turing", every: 7)]
    /// Tags (`value` is the whole path, as Immich gives it): Travel on every fourth, Travel/Japan on every eighth,
    /// Family on every fifth from the second.
    public static let tags = [(id: "c0000000-0000-4000-8000-000000000001", name: "Travel", value: "Travel"),
                              (id: "c0000000-0000-4000-8000-000000000002", name: "Japan", value: "Travel/Japan"),
                              (id: "c0000000-0000-4000-8000-000000000003", name: "Family", value: "Family")]

    /// The IDs of the people on photo `index`.
    public static func people(on index: Int) -> [String] { people.filter { index % $0.every == 0 }.map(\.id) }

    /// The IDs of the tags on photo `index`.
    public static func tags(on index: Int) -> [String] {
        [index % 4 == 0 ? tags[0].id : nil, index % 8 == 0 ? tags[1].id : nil, index % 5 == 1 ? tags[2].id : nil]
            .compactMap { $0 }
    }

    /// When photo `index` was taken: newest first by index, sixty days a year (the 1st, 7th, 13th, 19th and 25th of
    /// each month) from December 2025 back, so each of those days has a photo in each of several years (memories).
    public static func taken(_ index: Int) -> (year: Int, month: Int, day: Int, hour: Int) {
        let slot = 59 - index % 60
        return (2025 - index / 60, 1 + slot / 5, 1 + (slot % 5) * 6, 8 + index % 12)
    }

    /// When photo `index` was taken, as Immich writes a date.
    public static func takenText(_ index: Int, hourShift: Int = 0) -> String {
        let t = taken(index)
        return String(format: "%04d-%02d-%02dT%02d:15:00.000Z", t.year, t.month, t.day, t.hour + hourShift)
    }

    /// When photo `index` was uploaded (Immich's `createdAt`), in seconds since 1970: an hour apart, newest first,
    /// before 2026.
    public static func uploaded(_ index: Int) -> Int64 { 1_767_225_600 - Int64(index) * 3600 }

    /// Seconds since 1970 as Immich writes a date.
    public static func iso(_ seconds: Int64) -> String {
        let d = PhotoDateFilter.day(of: seconds), s = ((seconds % 86_400) + 86_400) % 86_400
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z", d.year, d.month, d.day, Int(s / 3600), Int(s / 60 % 60),
                      Int(s % 60))
    }

    private static let places = [("Lisbon", "Lisbon", "Portugal"), ("Kyoto", "Kyoto", "Japan"),
                                 ("Bergen", "Vestland", "Norway"), ("Oaxaca", "Oaxaca", "Mexico"),
                                 ("Tromsø", "Troms", "Norway"), ("Cape Town", "Western Cape", "South Africa")]
    private static let cameras = [("Apple", "iPhone 15 Pro"), ("Google", "Pixel 8"), ("FUJIFILM", "X-T5"),
                                  ("SONY", "ILCE-7M4"), ("samsung", "SM-S918B")]

    /// The asset as Immich's API describes it (`AssetResponseDto` with `exifInfo`), for a catalogue entry (`thumbHash`:
    /// one already drawn for a picture of its shape, else its own).
    public static func asset(_ entry: DemoCatalog.Entry, index: Int, thumbHash hash: String? = nil) -> [String: Any] {
        let (city, state, country) = places[index % places.count]
        let (make, model) = cameras[index % cameras.count]
        var exif: [String: Any] = ["city": city, "state": state, "country": country, "make": make, "model": model,
                                   "dateTimeOriginal": takenText(index),
                                   "fileSizeInByte": 2_000_000 + index * 1_000]
        if index % 7 != 3 {
            // Immich reports the sides as stored; orientation 6 means the camera was turned.
            let turned = index % 4 == 1
            exif["exifImageWidth"] = turned ? entry.height : entry.width
            exif["exifImageHeight"] = turned ? entry.width : entry.height
            exif["orientation"] = turned ? "6" : "1"
        }
        if index % 6 == 2 { exif["description"] = "A walk above \(city)" }
        return ["id": assetID(index), "type": "IMAGE", "originalFileName": String(format: "IMG_%04d.HEIC", 1000 + index),
                "localDateTime": takenText(index, hourShift: 2), "fileCreatedAt": takenText(index),
                "createdAt": iso(uploaded(index)),
                "isFavorite": isFavorite(index), "thumbhash": hash ?? thumbHash(entry), "exifInfo": exif]
    }

    /// The ThumbHash of the entry's own picture, drawn small.
    public static func thumbHash(_ entry: DemoCatalog.Entry) -> String { DemoPictures.thumbHash(entry) }
}
