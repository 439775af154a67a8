/// One photo of a source's catalogue, as its list response describes it: enough to lay out its cell before any pixel arrives.
public struct Photo: Equatable, Hashable, Sendable, Codable {
    public let id: String
    public let author: String
    public let width: Int
    public let height: Int
    /// The photo's page (for picsum, its Unsplash page).
    public let url: String
    /// Where the full-size original can be downloaded.
    public let downloadURL: String
    /// The photo's main colour as "#RRGGBB", for its placeholder (Unsplash's `color`).
    public var color: String?
    /// A BlurHash of the photo, decoded into a blurred placeholder (Unsplash's `blur_hash`).
    public var blurHash: String?
    /// A ThumbHash of the photo, base64 (Immich's `thumbhash`): its placeholder, and its aspect ratio when no size
    /// is known.
    public var thumbHash: String?
    /// The source's own reference to the image, when it is not built from the ID (Unsplash's `urls.raw`).
    public var imageReference: String?
    /// When and where it was taken, and with what, when the source knows (for captions).
    public var facts: PhotoFacts?
    /// What moves in it, if anything (a clip, an animation, a Live Photo, a motion photo).
    public var motion: PhotoMotion?
    /// The file it is, where it is one (a folder's): a wall by date heads a photo without a date taken by the
    /// file's time, and the list says how big the file is.
    public var file: FileFacts?

    public init(id: String, author: String, width: Int, height: Int, url: String, downloadURL: String,
                color: String? = nil, blurHash: String? = nil, imageReference: String? = nil) {
        self.id = id; self.author = author; self.width = width; self.height = height
        self.url = url; self.downloadURL = downloadURL
        self.color = color; self.blurHash = blurHash; self.imageReference = imageReference
    }

    /// `color` as RGB, if it is a well-formed "#RRGGBB".
    public var placeholderColor: (r: UInt8, g: UInt8, b: UInt8)? {
        guard let color, color.count == 7, color.first == "#", let v = UInt32(color.dropFirst(), radix: 16) else {
            return nil
        }
        return (UInt8(v >> 16), UInt8((v >> 8) & 255), UInt8(v & 255))
    }

    /// The photo as it may be kept and shown, or nil if it must be dropped: an acceptable ID, a sane size, the
    /// author cleaned and capped, links that are not http(s), too long or carry control characters dropped. Every
    /// photo from outside passes here, whether from the network or from a cache file.
    public func validated() -> Photo? {
        guard Photo.isAcceptableID(id), (1...Photo.maxSide).contains(width), (1...Photo.maxSide).contains(height)
        else { return nil }
        let name = ExternalText.clean(author)
        // A hash longer than the largest valid one (9×9 components) or a colour that is not #RRGGBB is dropped.
        let hash = blurHash.flatMap { $0.count <= 4 + 2 * 81 && BlurHash.components(of: $0) != nil ? $0 : nil }
        var checked = Photo(id: id, author: name.isEmpty ? "Unknown" : name, width: width, height: height,
                            url: ExternalText.url(url), downloadURL: ExternalText.url(downloadURL), blurHash: hash,
                            imageReference: imageReference.map(Photo.reference).flatMap { $0.isEmpty ? nil : $0 })
        checked.color = placeholderColor == nil ? nil : color
        checked.facts = facts?.validated()
        checked.motion = motion?.validated()
        checked.file = file.flatMap { PhotoDateFilter.representable.contains($0.modified) && $0.bytes >= 0 ? $0 : nil }
        checked.thumbHash = thumbHash.flatMap { ThumbHash.aspectRatio(base64: $0) == nil ? nil : $0 }
        return checked
    }

    /// A source's image reference: an http(s) URL, or an absolute path (a folder's file); anything else is dropped.
    static func reference(_ text: String) -> String {
        if text.hasPrefix("/") {
            return text.utf8.count <= 4096 && !text.unicodeScalars.contains(where: ExternalText.isForbidden) ? text : ""
        }
        return ExternalText.url(text)
    }

    /// Larger sides are not photos anyone made; they would only skew the layout.
    public static let maxSide = 1_000_000

    /// IDs come from a server: they are only ever used as a URL path segment and a dictionary key, and only if they
    /// are short and made of URL-safe characters. Anything else (slashes, dots, spaces, control characters) is refused.
    public static func isAcceptableID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 64 else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}

/// A photo's place in the endless feed. The same photo shows again on the next pass through a finite catalogue,
/// so identity is the pair, not the photo ID alone.
public struct ItemKey: Hashable, Sendable, CustomStringConvertible {
    public let pass: Int
    public let photoID: String
    public init(pass: Int, photoID: String) { self.pass = pass; self.photoID = photoID }
    public var description: String { "\(pass)/\(photoID)" }
}

public struct FeedItem: Equatable, Sendable {
    public let key: ItemKey
    public let photo: Photo
    public init(photo: Photo, pass: Int) {
        self.photo = photo
        self.key = ItemKey(pass: pass, photoID: photo.id)
    }
}

/// What a photo that is a file says of the file: its own time (seconds since 1970, an instant, not a date taken)
/// and its length.
public struct FileFacts: Equatable, Hashable, Sendable, Codable {
    public var modified: Int64
    public var bytes: Int64
    public init(modified: Int64, bytes: Int64) { self.modified = modified; self.bytes = bytes }
}
