extension ShuffledPass {
    /// A photo of a listing: its ID, when it joined the catalogue (seconds since 1970) if the source knows, and the
    /// photo itself for a source that lists its photos whole. 32 bytes: a UUID listed alone (an Immich shuffle's
    /// listing) is its bits and its arrival, with nothing on the heap; another ID's text and a whole photo are held
    /// by reference (`Kept`).
    public struct Listed: Equatable {
        /// The ID's bits when it is a canonical UUID (`ListedID`), else 0.
        let high: UInt64, low: UInt64
        /// `arrived`, or `Int64.min` when not known.
        private let arrival: Int64
        /// The ID's text when it is no UUID, and the photo when listed whole (nil for neither).
        private let kept: Kept?

        /// A photo listed whole: the pages give it back as it is.
        public init(_ photo: Photo, arrived: Int64? = nil) {
            self.init(key: ListedID(photo.id), arrived: arrived, photo: photo)
        }

        /// A photo listed by ID alone: its source fetches the rest when a page serves it.
        public init(id: String, arrived: Int64? = nil) {
            self.init(key: ListedID(id), arrived: arrived, photo: nil)
        }

        private init(key: ListedID, arrived: Int64?, photo: Photo?) {
            high = key.high
            low = key.low
            arrival = arrived ?? .min
            kept = key.text == nil && photo == nil ? nil : Kept(text: key.text, photo: photo)
        }

        public var key: ListedID { kept?.text.map(ListedID.init) ?? ListedID(high: high, low: low) }
        public var id: String { kept?.text ?? ListedID.uuidText(high: high, low: low) }
        public var arrived: Int64? { arrival == .min ? nil : arrival }
        public var photo: Photo? { kept?.photo }
        /// The ID's text when it is no UUID.
        var text: String? { kept?.text }

        public static func == (a: Listed, b: Listed) -> Bool { a.key == b.key && a.arrived == b.arrived && a.photo == b.photo }
    }

    /// What a listed photo holds by reference: a listing of UUIDs alone pays 8 bytes a photo for it.
    final class Kept {
        let text: String?
        let photo: Photo?
        init(text: String?, photo: Photo?) { self.text = text; self.photo = photo }
    }
}
