import Foundation
import GalleryCore

/// Where a show newest first stands: the last photo shown and when it was taken, as "n1 SECONDS ID". A restart serves
/// the pass whole, without cutting it at the place: first the photos taken at or after it (the search's `takenAfter`,
/// listed a thousand at a time), then the rest page by page (`takenBefore`: however far down the library the place
/// is, the pages after it are numbered from it), the first page saying where the show stood (`whole`). The next
/// pass starts from the newest again. The time is the photo's date taken as
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

    /// The first page of a pass carried on from this place, whole: `above`, the photos taken at or after it (newest
    /// first, this photo among them), then `below`, the search's first page of those taken at or before it (which
    /// begins with this second's photos again: those already above are left out); and where the show stood in it
    /// (`ShowResume`): this photo, the slideshow carrying on at the photo after it. A place whose photo is gone
    /// stands and carries on at the first photo below.
    func whole(above: [Photo], below: PageContents) -> PageContents {
        let aboveIDs = Set(above.map(\.id))
        var page = below
        let older = below.photos.filter { !aboveIDs.contains($0.id) }
        page.photos = above + older
        if let stood = above.firstIndex(where: { $0.id == id }) {
            let next = stood + 1 < page.photos.count ? page.photos[stood + 1].id : nil
            page.resumed = ShowResume(stoodAt: id, next: next)
        } else {
            page.resumed = ShowResume(stoodAt: older.first?.id, next: older.first?.id)
        }
        return page
    }
}
