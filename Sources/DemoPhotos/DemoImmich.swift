import Foundation
import GalleryCore

/// An Immich library made up from the demo catalogue, for the built-in demo (`--demo --source immich`) and the test
/// server's Immich API: asset IDs shaped like Immich's, phones' file names, EXIF as Immich reports it (the stored
/// sides, an orientation of 6 on every fourth photo, no size at all on every seventh, whose layout then comes from
/// the ThumbHash), dates, places, cameras, a few descriptions, an album and favourites.
public enum DemoImmich {
    /// Every third photo is in the album.
    public static let albumID = "a1b2c3d4-0000-4000-8000-00000000a1b0"
    public static let albumName = "Summer"

    public static func assetID(_ index: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", index) }

    public static func index(ofAsset id: String) -> Int? {
        guard id.hasPrefix("00000000-0000-4000-8000-"), id.utf8.count == 36 else { return nil }
        return Int(id.suffix(12))
    }

    public static func inAlbum(_ index: Int) -> Bool { index % 3 == 0 }
    public static func isFavorite(_ index: Int) -> Bool { index % 5 == 0 }

    private static let places = [("Lisbon", "Lisbon", "Portugal"), ("Kyoto", "Kyoto", "Japan"),
                                 ("Bergen", "Vestland", "Norway"), ("Oaxaca", "Oaxaca", "Mexico"),
                                 ("Tromsø", "Troms", "Norway"), ("Cape Town", "Western Cape", "South Africa")]
    private static let cameras = [("Apple", "iPhone 15 Pro"), ("Google", "Pixel 8"), ("FUJIFILM", "X-T5"),
                                  ("SONY", "ILCE-7M4"), ("samsung", "SM-S918B")]

    /// The asset as Immich's API describes it (`AssetResponseDto` with `exifInfo`), for a catalogue entry.
    public static func asset(_ entry: DemoCatalog.Entry, index: Int) -> [String: Any] {
        let (city, state, country) = places[index % places.count]
        let (make, model) = cameras[index % cameras.count]
        let day = 1 + index % 28, month = 1 + index % 12
        var exif: [String: Any] = ["city": city, "state": state, "country": country, "make": make, "model": model,
                                   "dateTimeOriginal": String(format: "2023-%02d-%02dT%02d:15:00.000Z", month, day, 8 + index % 12),
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
                "localDateTime": String(format: "2023-%02d-%02dT%02d:15:00.000Z", month, day, 10 + index % 12),
                "isFavorite": isFavorite(index), "thumbhash": thumbHash(entry), "exifInfo": exif]
    }

    /// The ThumbHash of the entry's own picture, drawn small.
    public static func thumbHash(_ entry: DemoCatalog.Entry) -> String { DemoPictures.thumbHash(entry) }
}
