import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads what a cell needs from an image file without decoding it: `stat` for its size and time, then the first
/// bytes for the header (format, size, EXIF orientation, date taken, camera). The size as drawn swaps width and
/// height for rotated photos, so the layout is final before any pixel is read.
public enum LocalFileReader {
    /// Extensions looked at; anything else is not opened at all (videos, RAW files, sidecars).
    public static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp"]

    public static func hasImageExtension(_ name: Substring) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case refused(ImageRefusal)
        public var description: String {
            switch self {
            case .unreadable(let why): return why
            case .refused(let why): return "\(why)"
            }
        }
    }

    /// The file's entry, or why it cannot be shown.
    public static func read(path: String) -> Result<LocalFile, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        // Most headers end within 16 KB; EXIF thumbnails, maker notes and ICC profiles can push the frame header
        // further.
        var header: ImageHeader?
        for limit in [16 << 10, 256 << 10, ImageHeaderReader.searchLimit] {
            guard let bytes = prefix(of: path, count: limit) else { return .failure(.unreadable("cannot be read")) }
            do {
                header = try ImageHeaderReader.read(bytes)
                break
            } catch let refusal as ImageRefusal {
                // Only a header cut off by the prefix is worth a longer read.
                if bytes.count < limit || limit == ImageHeaderReader.searchLimit || !refusal.mayNeedMoreBytes {
                    return .failure(.refused(refusal))
                }
            } catch {
                return .failure(.unreadable("\(error)"))
            }
        }
        guard let header else { return .failure(.unreadable("no header")) }
        let size = header.displaySize
        return .success(LocalFile(path: path, bytes: Int64(info.st_size), modified: modified, width: size.width,
                                  height: size.height, taken: header.taken, camera: header.camera))
    }

    /// Up to `count` bytes from the start of the file.
    public static func prefix(of path: String, count: Int) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return Data(buffer[0..<filled])
    }

    /// The whole file, if it is at most `limit` bytes (a file larger than any photo is refused unread).
    public static func contents(of path: String, limit: Int) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard Int(info.st_size) <= limit else { return .failure(.unreadable("larger than \(limit >> 20) MB")) }
        guard let data = prefix(of: path, count: Int(info.st_size)) else { return .failure(.unreadable("cannot be read")) }
        return .success(data)
    }
}
