import Foundation
import GalleryCore

/// Where a show newest first stands: the last photo shown and when it was taken, as "n1 SECONDS ID". A restart carries
/// on with the photos taken before it (the search's `takenBefore`: one search, however far down the library it is),
/// for the rest of that pass; the next pass starts from the newest again. The time is the photo's date taken as
/// Immich gives it (`dateTimeOriginal`, an instant), which is what its search orders by and compares with; a photo
/// known only by its local time may put the place an hour or so off.
struct ImmichNewestPlace: Equatable {
    var taken: Int64
    var id: String

    init?(photo: Photo) {
        guard let taken = photo.facts?.taken, Photo.isAcceptableID(photo.id), !photo.id.contains(" ") else { return nil }
        self.taken = taken
        id = photo.id
    }

    var text: String { "n1 \(taken) \(id)" }

    /// Reads `text` back; nil for anything else (a shuffle's place, damage).
    init?(text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        // A time outside the years 1 to 9999 is damage, not a photo's date.
        guard text.utf8.count <= 200, parts.count == 3, parts[0] == "n1", let taken = Int64(parts[1]),
              PhotoDateFilter.representable.contains(taken), Photo.isAcceptableID(String(parts[2])) else { return nil }
        self.taken = taken
        id = String(parts[2])
    }
}
