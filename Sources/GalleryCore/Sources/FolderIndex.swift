/// One image file found in a folder, with what its header said: enough to lay out its cell and order it.
public struct LocalFile: Equatable, Sendable {
    public let path: String
    public let bytes: Int64
    /// Modification time, nanoseconds since 1970.
    public let modified: Int64
    /// Size as drawn (EXIF orientation applied).
    public let width: Int
    public let height: Int
    /// EXIF DateTimeOriginal as written, and as seconds.
    public let taken: String?
    public let camera: String?
    /// Newest first by the date taken, else the file's time (seconds since 1970, the clock's own time). Worked
    /// out once: sorting compares it thousands of times.
    public let date: Int64

    public init(path: String, bytes: Int64, modified: Int64, width: Int, height: Int, taken: String? = nil,
                camera: String? = nil) {
        self.path = path; self.bytes = bytes; self.modified = modified; self.width = width; self.height = height
        self.taken = taken; self.camera = camera
        date = taken.flatMap(ExifInfo.seconds(fromExifDate:)) ?? modified / 1_000_000_000
        id = "f" + LocalFile.hex(LocalFile.fnv(path + "\u{0}\(bytes)\u{0}\(modified)"))
        nameKey = FolderIndex.naturalKey(path)
    }

    /// The path as people read it, for plain byte comparison: case folded, runs of digits padded to one width.
    let nameKey: [UInt8]

    /// Stable while the file is unchanged, new when it is replaced: a replaced file is a new photo, so nothing drawn
    /// for the old one can stand for it.
    public let id: String


    public var name: String { String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "") }
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public var photo: Photo {
        Photo(id: id, author: name, width: width, height: height, url: "", downloadURL: "", imageReference: path)
    }

    static func fnv(_ text: String, seed: UInt64 = 0xcbf29ce484222325) -> UInt64 {
        var h = seed
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// How a folder's photos are ordered.
public enum FolderSort: String, CaseIterable, Sendable {
    /// Newest first: EXIF DateTimeOriginal, else the file's time.
    case date
    /// By path, as a person reads it ("img2" before "img10").
    case name
    /// A shuffle, different each pass, without repeats within a pass.
    case random
}

/// The photos of the folders being shown, and which of them the feed already has this pass. Pure and
/// single-threaded (the folder source guards it with a lock): files arrive from the scan and the watcher, pages go
/// out to the pager, and what changes under cells already shown comes back as edits for the catalog.
///
/// A page is the next `limit` photos not yet served this pass, in order. A folder of up to `smallFolder` files is
/// ordered whole, so its pages wait for the scan to finish (milliseconds); a larger one serves what has been read
/// so far, in order, as soon as a page's worth is known, and files found later join those not yet shown. Cells
/// already served are never reordered: a new file that sorts before them is inserted where it belongs, one that
/// sorts after them comes with a later page.
public struct FolderIndex {
    public let sort: FolderSort
    public static let smallFolder = 1000
    public private(set) var files: [String: LocalFile] = [:]
    /// Path by photo ID.
    private var paths: [String: String] = [:]
    public var scanFinished = false
    /// Photo IDs served this pass.
    private var served: Set<String> = []
    public private(set) var pass = 0
    private var seed: UInt64
    /// Every file in this pass's order, kept sorted as files come and go (a binary search and one insertion each,
    /// never a sort of the whole folder).
    private var ordered: [LocalFile] = []
    /// Where in `ordered` the next page starts looking: every photo before it is served. A file found or gone
    /// before it moves it, so each page costs its own length, not the folder's.
    private var cursor = 0

    public init(sort: FolderSort, seed: UInt64 = 0x9E3779B97F4A7C15) {
        self.sort = sort
        self.seed = seed
    }

    public var count: Int { files.count }
    public var isServingEverything: Bool { scanFinished && served.count == files.count }

    /// Whether `a` comes before `b` this pass.
    public func precedes(_ a: LocalFile, _ b: LocalFile) -> Bool {
        // A total order (ties broken by name, then by the exact path), so a file is found again where it was put.
        func byName() -> Bool { a.nameKey != b.nameKey ? a.nameKey.lexicographicallyPrecedes(b.nameKey) : a.path < b.path }
        switch sort {
        case .date:
            return a.date != b.date ? a.date > b.date : byName()
        case .name:
            return byName()
        case .random:
            let ka = LocalFile.fnv(a.path, seed: seed), kb = LocalFile.fnv(b.path, seed: seed)
            return ka != kb ? ka < kb : a.path < b.path
        }
    }

    /// Every file, in this pass's order.
    public func inOrder() -> [LocalFile] { ordered }

    /// Where `file` goes (or is) in `ordered`.
    private func position(of file: LocalFile) -> Int {
        var low = 0, high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(ordered[mid], file) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The next page of this pass, or nil while the scan has not yet found enough to answer in order. Page 1
    /// starts a pass (a reload, or the start over at the end); an empty page means the pass has ended.
    public mutating func page(_ page: Int, limit: Int) -> [Photo]? {
        let starting = page <= 1
        let waiting = files.count - (starting ? 0 : served.count)
        guard scanFinished || (files.count > FolderIndex.smallFolder && waiting >= limit) else { return nil }
        if starting {
            pass += 1
            served.removeAll()
            cursor = 0
            if sort == .random, pass > 1 {
                seed = LocalFile.fnv(String(pass), seed: seed)
                ordered.sort(by: precedes)
            }
        }
        var out: [Photo] = []
        while cursor < ordered.count, out.count < limit {
            let file = ordered[cursor]
            if served.insert(file.id).inserted { out.append(file.photo) }
            cursor += 1
        }
        return out
    }

    /// What the catalog must change for photos it already has.
    public struct Edits: Equatable, Sendable {
        /// Photo IDs to take out (deleted or replaced files).
        public var removed: [String] = []
        /// Photos to put in, each before the photo with that ID (nil: at the end).
        public var inserted: [(photo: Photo, before: String?)] = []
        public init() {}
        public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty }
        public static func == (a: Edits, b: Edits) -> Bool {
            a.removed == b.removed && a.inserted.map(\.photo) == b.inserted.map(\.photo)
                && a.inserted.map(\.before) == b.inserted.map(\.before)
        }
    }

    /// A file found by the scan or the watcher (new, or replacing the one at its path).
    public mutating func add(_ file: LocalFile) -> Edits {
        var edits = Edits()
        if let old = files[file.path] {
            if old == file { return edits }
            edits = remove(path: file.path)
        }
        files[file.path] = file
        paths[file.id] = file.path
        let at = position(of: file)
        ordered.insert(file, at: at)
        if at < cursor { cursor = at }  // not served yet: the next page must find it
        // Served photos stay where they are; a new one goes among them only if it sorts before one of them, or
        // after all of them when the pass has nothing left to page (the feed has ended, or is waiting to wrap).
        // While the first scan runs, what it finds joins the photos still to come (a big folder serves before its
        // scan ends; its early cells must not be pushed down by every newer file found after them).
        guard scanFinished, !served.isEmpty || pass > 0 else { return edits }
        if let next = ordered[(at + 1)...].first(where: { served.contains($0.id) }) {
            served.insert(file.id)
            edits.inserted.append((file.photo, next.id))
        } else if scanFinished && served.count == files.count - 1 {
            served.insert(file.id)
            edits.inserted.append((file.photo, nil))
        }
        return edits
    }

    /// A file gone (deleted, moved away, no longer an image).
    public mutating func remove(path: String) -> Edits {
        var edits = Edits()
        guard let old = files.removeValue(forKey: path) else { return edits }
        paths[old.id] = nil
        let at = position(of: old)
        if at < ordered.count, ordered[at].path == path {
            ordered.remove(at: at)
            if at < cursor { cursor -= 1 }
        }
        // Earlier passes may show it too: the catalog takes out every item of this photo it has.
        served.remove(old.id)
        if pass > 0 { edits.removed.append(old.id) }
        return edits
    }

    /// Every file under `folder` gone (a watched folder deleted or moved away).
    public mutating func remove(under folder: String) -> Edits {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var edits = Edits()
        for path in files.keys where path.hasPrefix(prefix) { edits.removed += remove(path: path).removed }
        return edits
    }

    public func file(id: String) -> LocalFile? { paths[id].flatMap { files[$0] } }

    /// "img2.jpg" before "img10.jpg", case folded: runs of digits compare by value.
    public static func naturalLess(_ a: String, _ b: String) -> Bool {
        naturalKey(a).lexicographicallyPrecedes(naturalKey(b))
    }

    /// The bytes `naturalLess` compares: the lowercased UTF-8, each run of digits without its leading zeros and
    /// preceded by its length (so shorter numbers sort first, equal lengths by value).
    static func naturalKey(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 8)
        var digits: [UInt8] = []
        func flush() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == 0x30 }
            // A digit-run marker below every printable byte, then its length: "2" < "10".
            key.append(0x01)
            key.append(UInt8(min(255, trimmed.count)))
            key.append(contentsOf: trimmed)
            digits.removeAll(keepingCapacity: true)
        }
        for byte in text.lowercased().utf8 {
            if byte >= 0x30 && byte <= 0x39 { digits.append(byte) } else { flush(); key.append(byte) }
        }
        flush()
        return key
    }
}
