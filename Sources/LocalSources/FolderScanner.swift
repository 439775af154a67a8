import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Walks folders depth-first and reports every image file it can read, on the thread that calls `scan`. Symbolic
/// links are followed, but a folder already visited (by device and inode) is not entered again, so a link loop
/// ends; unreadable folders and files that are not what their name says are skipped with one line each. Hidden
/// entries (names starting with ".") are skipped unless asked for.
public struct FolderScanner {
    public var hidden = false
    /// Called for each folder entered, so a watcher can follow it.
    public var enteredFolder: (String) -> Void = { _ in }
    /// One line for the person at the terminal, per thing skipped.
    public var skipped: (String) -> Void = { _ in }
    /// Checked between entries: true stops the walk.
    public var cancelled: () -> Bool = { false }
    /// The one door to `opendir` (a test makes a folder unreadable through it: permissions do not stop root).
    public var openDirectory: (String) -> OpaquePointer? = { opendir($0) }

    public init(hidden: Bool = false) { self.hidden = hidden }

    /// Reports each image under `roots` (folders, or single files) through `found`; returns how many.
    @discardableResult
    public func scan(_ roots: [String], found: (LocalFile) -> Void) -> Int {
        var visited = Set<FileIdentity>()
        var count = 0
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else {
                skipped("\(root): \(String(cString: strerror(errno)))")
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(root, identity: FileIdentity(info), visited: &visited, count: &count, found: found)
            } else if consider(root, found: found) {
                count += 1
            }
        }
        return count
    }

    /// A file by its path: an image of a supported kind is reported, anything else skipped with a line.
    @discardableResult
    public func consider(_ path: String, found: (LocalFile) -> Void) -> Bool {
        switch LocalFileReader.read(path: path) {
        case .success(let file):
            found(file)
            return true
        case .failure(let why):
            skipped("\(path) skipped: \(why)")
            return false
        }
    }

    private func walk(_ folder: String, identity: FileIdentity, visited: inout Set<FileIdentity>, count: inout Int,
                      found: (LocalFile) -> Void) {
        guard visited.insert(identity).inserted else {
            skipped("\(folder) skipped: already visited (a link loop?)")
            return
        }
        guard let dir = openDirectory(folder) else {
            skipped("\(folder) skipped: \(String(cString: strerror(errno)))")
            return
        }
        enteredFolder(folder)
        var folders: [(String, FileIdentity)] = []
        var images: [String] = []
        while let entry = readdir(dir) {
            if cancelled() { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || (!hidden && name.hasPrefix(".")) { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let type = entry.pointee.d_type
            // Most file systems say what an entry is; only links and the unsure need a stat.
            if type == UInt8(DT_REG) {
                if LocalFileReader.hasImageExtension(Substring(name)) { images.append(path) }
                continue
            }
            var info = stat()
            guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN), stat(path, &info) == 0
            else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append((path, FileIdentity(info)))
            } else if (info.st_mode & S_IFMT) == S_IFREG, LocalFileReader.hasImageExtension(Substring(name)) {
                images.append(path)
            }
        }
        closedir(dir)
        // Files before subfolders: the first screen comes from the top folder without waiting for deep ones.
        for path in images.sorted() {
            if cancelled() { return }
            if consider(path, found: found) { count += 1 }
        }
        for (path, id) in folders.sorted(by: { $0.0 < $1.0 }) {
            if cancelled() { return }
            walk(path, identity: id, visited: &visited, count: &count, found: found)
        }
    }
}

/// A file's identity across names (hard and symbolic links): device and inode.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
    init(_ info: stat) { device = UInt64(info.st_dev); inode = UInt64(info.st_ino) }
}
