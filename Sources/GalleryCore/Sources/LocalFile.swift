/// One image, clip or animation found in a folder, with what its header said: enough to lay out its cell and order
/// it.
public struct LocalFile: Equatable, Sendable {
    public let path: String
    public let bytes: Int64
    /// Modification time, nanoseconds since 1970.
    public let modified: Int64
    /// Size as drawn (EXIF orientation applied).
    public let width: Int
    public let height: Int
    /// EXIF DateTimeOriginal as written ("2024:06:01 14:03:22"), and the camera.
    public let taken: String?
    public let camera: String?
    /// The inode and the status-change time (ns): a file replaced by another of the same size and modification
    /// time (`touch -r`) still differs in these.
    public let identity: UInt64
    /// Newest first by the date taken, else the file's time (seconds since 1970, the clock's own time). Worked
    /// out once: sorting compares it many times.
    public let date: Int64
    /// Whether `date` is the EXIF date taken (else the file's time): worked out once with it.
    public let dateIsTaken: Bool
    /// What moves in it, and where the clip is (nil: a still).
    public let motion: LocalMotion?

    public init(path: String, bytes: Int64, modified: Int64, width: Int, height: Int, taken: String? = nil,
                camera: String? = nil, inode: UInt64 = 0, changed: Int64 = 0, motion: LocalMotion? = nil) {
        self.init(path: path, bytes: bytes, modified: modified, width: width, height: height, taken: taken,
                  camera: camera, identity: LocalFile.identity(inode: inode, changed: changed), motion: motion)
    }

    /// As stored: `identity` is what `init(…, inode:, changed:)` worked out.
    public init(path: String, bytes: Int64, modified: Int64, width: Int, height: Int, taken: String?, camera: String?,
                identity: UInt64, motion: LocalMotion? = nil) {
        self.path = path; self.bytes = bytes; self.modified = modified; self.width = width; self.height = height
        self.taken = taken; self.camera = camera; self.identity = identity; self.motion = motion
        let takenSeconds = taken.flatMap(ExifInfo.seconds(fromExifDate:))
        date = takenSeconds ?? modified / 1_000_000_000
        dateIsTaken = takenSeconds != nil
    }

    static func identity(inode: UInt64, changed: Int64) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for v in [inode, UInt64(bitPattern: changed)] {
            for shift in stride(from: 0, to: 64, by: 8) { h = (h ^ ((v >> UInt64(shift)) & 0xFF)) &* 0x100000001b3 }
        }
        return h
    }

    /// Stable while the file is unchanged, new when it is replaced: a replaced file is a new photo, so nothing drawn
    /// for the old one can stand for it.
    public var id: String { "f" + LocalFile.hex(idHash) }

    public var idHash: UInt64 {
        var h = LocalFile.fnv(path)
        // Not its motion: a still that gains or loses its clip is the same photo (its bookmark and the show's place
        // still name it), edited in place; and a probe that failed once must not make it another.
        for v in [UInt64(bitPattern: bytes), UInt64(bitPattern: modified), identity] {
            for shift in stride(from: 0, to: 64, by: 8) { h = (h ^ ((v >> UInt64(shift)) & 0xFF)) &* 0x100000001b3 }
        }
        return h
    }

    /// The file's name as shown (undecodable bytes as U+FFFD, no control or bidi characters).
    public var name: String {
        PathBytes.display(String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? ""))
    }

    /// The folder as shown.
    public var folder: String { PathBytes.display(folderPath) }

    /// The path of a Live Photo's clip (beside the still), if it is one.
    public var companionPath: String? {
        guard let name = motion?.companion, LocalMotion.isPlainName(name) else { return nil }
        return folderPath == "/" ? "/" + name : folderPath + "/" + name
    }

    /// The folder's path as the system knows it.
    public var folderPath: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public var photo: Photo {
        var photo = Photo(id: id, author: name, width: width, height: height, url: "", downloadURL: "",
                          imageReference: path)
        if dateIsTaken || camera != nil { photo.facts = PhotoFacts(taken: dateIsTaken ? date : nil, camera: camera) }
        photo.file = FileFacts(modified: modified / 1_000_000_000, bytes: bytes)
        photo.motion = motion?.photoMotion
        return photo
    }

    static func fnv(_ text: String, seed: UInt64 = 0xcbf29ce484222325) -> UInt64 {
        var h = seed
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    public static func hex(_ v: UInt64) -> String {
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

/// The order people read names in, without allocating: case folded (ASCII), runs of digits compared by value
/// ("img2" before "img10"), as if comparing keys made of the UTF-8 with ASCII letters lowercased and each run of digits
/// replaced by a marker, its length and its digits without leading zeros. A path may come in parts (a folder, a
/// name): they are read as the one string `folder + "/" + name`, never put together.
public enum NaturalOrder {
    /// The bytes of the natural key, one at a time, over the parts of one string.
    private struct Keys {
        let parts: [String.UTF8View]
        var part = 0
        var i: String.UTF8View.Index
        /// A digit run being emitted: its marker, its length, then its digits (leading zeros dropped). A run never
        /// crosses parts: they are joined by "/".
        var run: (start: String.UTF8View.Index, end: String.UTF8View.Index, length: Int, stage: Int)?

        init(_ parts: [String.UTF8View]) { self.parts = parts; i = parts[0].startIndex }

        static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        mutating func next() -> UInt8? {
            while true {
                let bytes = parts[part]
                if let r = run {
                    switch r.stage {
                    case 0: run!.stage = 1; return 0x01
                    case 1: run!.stage = 2; return UInt8(min(255, r.length))
                    default:
                        if r.start < r.end { run!.start = bytes.index(after: r.start); return bytes[r.start] }
                        run = nil
                        continue
                    }
                }
                guard i < bytes.endIndex else {
                    guard part + 1 < parts.count else { return nil }
                    part += 1
                    i = parts[part].startIndex
                    continue
                }
                let b = bytes[i]
                guard Keys.isDigit(b) else {
                    i = bytes.index(after: i)
                    return b >= 0x41 && b <= 0x5A ? b + 32 : b
                }
                var end = i
                var firstNonZero: String.UTF8View.Index?
                while end < bytes.endIndex, Keys.isDigit(bytes[end]) {
                    if firstNonZero == nil, bytes[end] != 0x30 { firstNonZero = end }
                    end = bytes.index(after: end)
                }
                let start = firstNonZero ?? end
                run = (start, end, bytes.distance(from: start, to: end), 0)
                i = end
            }
        }
    }

    private static func compare(_ a: [String.UTF8View], _ b: [String.UTF8View]) -> Bool {
        var ka = Keys(a), kb = Keys(b)
        while true {
            let x = ka.next(), y = kb.next()
            switch (x, y) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?) where x != y: return x < y
            default: continue
            }
        }
    }

    /// Whether `a` comes before `b`.
    public static func less(_ a: String, _ b: String) -> Bool { compare([a.utf8], [b.utf8]) }

    /// Whether the path `folderA + "/" + nameA` comes before `folderB + "/" + nameB`.
    public static func less(folder fa: String, name na: String, folder fb: String, name nb: String) -> Bool {
        compare([fa.utf8, "/".utf8, na.utf8], [fb.utf8, "/".utf8, nb.utf8])
    }

    /// Plain byte order of two such paths.
    public static func bytesLess(folder fa: String, name na: String, folder fb: String, name nb: String) -> Bool {
        var a = [fa.utf8, "/".utf8, na.utf8].joined().makeIterator()
        var b = [fb.utf8, "/".utf8, nb.utf8].joined().makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?) where x != y: return x < y
            default: continue
            }
        }
    }
}
