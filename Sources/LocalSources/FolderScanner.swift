import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Walks folders depth-first and reports every image file it can read, on the thread that calls `scan`. It stays
/// inside what the user named: a symbolic link that leads out of the roots is not followed (unless
/// `followLinks`), a folder on another file system (a mount point: `/proc`, a network share) is not entered, and a
/// folder already visited (by device and inode) is not entered again, so a link loop ends. Unreadable folders and
/// files that are not what their name says are skipped with one line each; hidden entries (names starting with
/// ".") are skipped unless asked for. Names are bytes (`PathBytes`): one that is not UTF-8 is still found and opened.
public struct FolderScanner {
    public var hidden = false
    /// Follow symbolic links that lead out of the roots, and onto other file systems (`--follow-links`).
    public var followLinks = false
    /// Walk the folders named without their subfolders (a file opened shows its own folder, `OpenPaths`).
    public var onlyTopFolders = false
    /// Called for each folder entered, so a watcher can follow it.
    public var enteredFolder: (String) -> Void = { _ in }
    /// One line for the person at the terminal, per thing skipped.
    public var skipped: (String) -> Void = { _ in }
    /// Checked between entries: true stops the walk.
    public var cancelled: () -> Bool = { false }
    /// Reads clips and animations (and the clips of Live and motion photos): with none, clips and animations are
    /// not listed, as before moving pictures were shown.
    public var prober: MediaProber?
    /// A file already known with this size and modification time (ns), and the same Live Photo clip beside it
    /// (nil: none), need not have its header read again: it is reported through `unchanged` instead (a rescan costs
    /// a `stat` per known file).
    public var isKnown: ((_ path: String, _ bytes: Int64, _ modified: Int64, _ companion: String?) -> Bool)?
    public var unchanged: (String) -> Void = { _ in }
    /// A clip or animation the prober refused, with its size and modification time: a rescan need not ask the
    /// worker again while they stay (`isKnown` answers for it then).
    public var mediaRefused: (_ path: String, _ bytes: Int64, _ modified: Int64) -> Void = { _, _, _ in }
    /// The one door to `opendir` (a test makes a folder unreadable through it: permissions do not stop root).
    public var openDirectory: (String) -> OpaquePointer? = { path in PathBytes.withCString(path) { opendir($0) } }

    public init(hidden: Bool = false) { self.hidden = hidden }

    /// Reports each image under `roots` (folders, or single files) through `found`; returns how many.
    @discardableResult
    public func scan(_ roots: [String], found: (LocalFile) -> Void) -> Int {
        var visited = Set<FileIdentity>()
        var count = 0
        let bounds = roots.map { FolderScanner.resolved($0) ?? $0 }
        for root in roots {
            guard let info = FolderScanner.status(root) else {
                skipped("\(PathBytes.display(root)): \(String(cString: strerror(errno)))")
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let walk = Walk(scanner: self, bounds: bounds, device: UInt64(info.st_dev))
                walk.enter(root, identity: FileIdentity(info), visited: &visited, count: &count, found: found)
            } else if consider(root, info: info, found: found) {
                count += 1
            }
        }
        return count
    }

    /// A file by its path: an image of a supported kind is reported, anything else skipped with a line.
    /// `companion`: the Live Photo clip beside it (`LivePhotoPairing`).
    @discardableResult
    public func consider(_ path: String, info: stat? = nil, companion: String? = nil, found: (LocalFile) -> Void) -> Bool {
        if let info, let isKnown, isKnown(path, Int64(info.st_size), FolderScanner.modified(info), companion) {
            unchanged(path)
            return true
        }
        switch LocalFileReader.read(path: path, companion: companion, prober: prober) {
        case .success(let file):
            found(file)
            return true
        case .failure(let why):
            skipped("\(PathBytes.display(path)) skipped: \(why)")
            if case .media = why, let now = info ?? FolderScanner.status(path) {
                mediaRefused(path, Int64(now.st_size), FolderScanner.modified(now))
            }
            return false
        }
    }

    /// `stat` through the one door for paths.
    static func status(_ path: String) -> stat? {
        var info = stat()
        return PathBytes.withCString(path) { stat($0, &info) } == 0 ? info : nil
    }

    static func modified(_ info: stat) -> Int64 { Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) }

    /// The path with every link resolved (`realpath`), or nil if it does not lead anywhere.
    static func resolved(_ path: String) -> String? {
        PathBytes.withCString(path) { raw in
            guard let real = realpath(raw, nil) else { return nil }
            defer { free(real) }
            return PathBytes.string(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self),
                                                        count: strlen(real)))
        }
    }

    /// Whether `path` is one of `bounds` or lies under one.
    static func isInside(_ path: String, _ bounds: [String]) -> Bool {
        bounds.contains { $0 == "/" || path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// One root's walk: the roots' resolved paths (links may not lead out of them) and the root's file system.
    private struct Walk {
        let scanner: FolderScanner
        let bounds: [String]
        let device: UInt64

        func enter(_ folder: String, identity: FileIdentity, visited: inout Set<FileIdentity>, count: inout Int,
                   found: (LocalFile) -> Void) {
            let say = scanner.skipped
            guard visited.insert(identity).inserted else {
                say("\(PathBytes.display(folder)) skipped: already visited (a link loop?)")
                return
            }
            guard let dir = scanner.openDirectory(folder) else {
                say("\(PathBytes.display(folder)) skipped: \(String(cString: strerror(errno)))")
                return
            }
            scanner.enteredFolder(folder)
            var folders: [(String, FileIdentity)] = []
            var images: [(path: String, name: String, info: stat?)] = []
            while let entry = readdir(dir) {
                if scanner.cancelled() { break }
                // The name is read through a pointer up to its NUL, never as the whole 256-byte field: a record can
                // end sooner (`d_reclen`), at the end of a mapped page.
                let raw = UnsafeRawPointer(entry)
                let namePointer = (raw + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: UInt8.self)
                let nameBytes = UnsafeBufferPointer(start: namePointer, count: strlen(UnsafeRawPointer(namePointer)
                    .assumingMemoryBound(to: CChar.self)))
                let type = raw.load(fromByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
                if nameBytes.elementsEqual([0x2E]) || nameBytes.elementsEqual([0x2E, 0x2E]) { continue }
                if !scanner.hidden && nameBytes.first == 0x2E { continue }
                let name = PathBytes.string(nameBytes)
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                // Clips are gathered without a prober too: a MOV may make a still beside it a Live Photo.
                let isImageName = LocalFileReader.nameKind(Substring(name)) != nil
                // Most file systems say what an entry is: a regular file needs no stat until it is read.
                if type == UInt8(DT_REG) {
                    if isImageName { images.append((path, name, nil)) }
                    continue
                }
                guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else {
                    // A FIFO, socket or device named like a photo: never opened.
                    if isImageName { say("\(PathBytes.display(path)) skipped: not a regular file (a pipe, device or socket)") }
                    continue
                }
                if type == UInt8(DT_LNK), !scanner.followLinks {
                    guard isImageName || FolderScanner.status(path).map({ ($0.st_mode & S_IFMT) == S_IFDIR }) == true
                    else { continue }
                    guard let target = FolderScanner.resolved(path), FolderScanner.isInside(target, bounds) else {
                        say("\(PathBytes.display(path)) skipped: a link out of the folders shown (--follow-links follows it)")
                        continue
                    }
                }
                guard let info = FolderScanner.status(path) else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    if UInt64(info.st_dev) != device && !scanner.followLinks {
                        say("\(PathBytes.display(path)) skipped: another file system (a mount point)")
                        continue
                    }
                    folders.append((path, FileIdentity(info)))
                } else if (info.st_mode & S_IFMT) == S_IFREG, isImageName {
                    images.append((path, name, info))
                }
            }
            closedir(dir)
            // A still and the MOV of its name are one Live Photo: the MOV is not listed on its own.
            let pairs = LivePhotoPairing.pairs(in: images.map(\.name))
            let paired = Set(pairs.values)
            // A camera's RAW+JPEG pair is one photo: the JPEG is shown, the RAW of its name is not.
            let shadowed = CameraRawNames.shadowedByJPEG(in: images.map(\.name))
            // Files before subfolders: the first screen comes from the top folder without waiting for deep ones.
            for (path, name, info) in images.sorted(by: { $0.path < $1.path }) {
                if scanner.cancelled() { return }
                if paired.contains(name) || shadowed.contains(name) { continue }
                if LocalFileReader.nameKind(Substring(name)) != .still, scanner.prober == nil { continue }
                // A rescan compares what it knows by size and time; the first scan reads every header anyway.
                let current = info ?? (scanner.isKnown == nil ? nil : FolderScanner.status(path))
                if scanner.consider(path, info: current, companion: pairs[name], found: found) { count += 1 }
            }
            for (path, id) in folders.sorted(by: { $0.0 < $1.0 }) {
                if scanner.cancelled() || scanner.onlyTopFolders { return }
                enter(path, identity: id, visited: &visited, count: &count, found: found)
            }
        }
    }
}

/// A file's identity across names (hard and symbolic links): device and inode.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
    init(_ info: stat) { device = UInt64(info.st_dev); inode = UInt64(info.st_ino) }
}
