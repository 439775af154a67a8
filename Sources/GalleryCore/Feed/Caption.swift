/// What a photo says about itself beyond its size, for captions: when it was taken (clock time, as a camera writes
/// it: no time zone), where, and with what. Sources fill in what they know (a folder: the EXIF date and camera).
public struct PhotoFacts: Equatable, Hashable, Sendable, Codable {
    /// Seconds since 1970 of the clock time the photo was taken at (read back as if UTC).
    public var taken: Int64?
    public var place: String?
    public var camera: String?
    /// What its owner wrote about it (Immich's description).
    public var description: String?

    public init(taken: Int64? = nil, place: String? = nil, camera: String? = nil, description: String? = nil) {
        self.taken = taken; self.place = place; self.camera = camera; self.description = description
    }

    /// Text from outside, cleaned and capped like an author's name; an absurd date dropped.
    func validated() -> PhotoFacts? {
        let place = self.place.map { ExternalText.clean($0, maxCharacters: 80) }.flatMap { $0.isEmpty ? nil : $0 }
        let camera = self.camera.map { ExternalText.clean($0, maxCharacters: 64) }.flatMap { $0.isEmpty ? nil : $0 }
        let taken = self.taken.flatMap { (-5_364_662_400...253_402_300_799).contains($0) ? $0 : nil }  // 1800…9999
        let description = self.description.map { ExternalText.clean($0, maxCharacters: 200) }.flatMap { $0.isEmpty ? nil : $0 }
        let facts = PhotoFacts(taken: taken, place: place, camera: camera, description: description)
        return facts == PhotoFacts() ? nil : facts
    }
}

/// Which facts a cell's caption shows (`--caption date,place,camera,author`).
public struct CaptionFields: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let date = CaptionFields(rawValue: 1), place = CaptionFields(rawValue: 2)
    public static let camera = CaptionFields(rawValue: 4), author = CaptionFields(rawValue: 8)
    /// A kiosk's, unless told otherwise.
    public static let kiosk: CaptionFields = [.date, .place]

    /// "date,place" → [.date, .place]; "none" → []; nil for a word that names nothing.
    public init?(parsing text: String) {
        self = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch word {
            case "date": insert(.date)
            case "place": insert(.place)
            case "camera": insert(.camera)
            case "author": insert(.author)
            case "none", "": break
            default: return nil
            }
        }
    }
}

/// A cell's caption: the chosen facts the photo has, in a fixed order, joined by " · ".
public enum Caption {
    public static func text(for photo: Photo, fields: CaptionFields) -> String? {
        var parts: [String] = []
        if fields.contains(.date), let taken = photo.facts?.taken { parts.append(date(taken)) }
        if fields.contains(.place), let place = photo.facts?.place { parts.append(place) }
        if fields.contains(.camera), let camera = photo.facts?.camera { parts.append(camera) }
        if fields.contains(.author), !photo.author.isEmpty { parts.append(photo.author) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// "1 June 2024", in the frame's language (`WordDates`).
    public static func date(_ seconds: Int64) -> String {
        let text = ExifInfo.exifDate(seconds: seconds)  // "2024:06:01 14:03:22"
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count >= 3, (1...12).contains(parts[1]) else { return text }
        return WordDates.day(year: parts[0], month: parts[1], day: parts[2])
    }
}
