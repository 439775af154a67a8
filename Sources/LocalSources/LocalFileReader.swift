import Foundation
import GalleryCore
import RawKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads what a cell needs from an image file without decoding it: `stat` for its size and time, then the first
/// bytes for the header (format, size, EXIF orientation, date taken, camera). The size as drawn swaps width and
/// height for rotated photos, so the layout is final before any pixel is read.
public enum LocalFileReader {
    /// Extensions of stills looked at; anything else is not opened at all (sidecars), apart from clips and
    /// animations when a media prober is there to read them.
    public static let extensions = Set(["jpg", "jpeg", "jpe", "png", "webp", "heic", "heif", "hif", "avif", "jxl"])
        .union(CameraRawNames.extensions)
    /// Clips (`.mov` also makes a Live Photo with a still of its name) and animations, lowercased.
    public static let clipExtensions: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]
    public static let animationExtensions: Set<String> = ["gif"]

    /// What a file's name says it is.
    public enum NameKind: Equatable, Sendable { case still, clip, animation }

    public static func nameKind(_ name: Substring) -> NameKind? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if extensions.contains(ext) { return .still }
        if clipExtensions.contains(ext) { return .clip }
        if animationExtensions.contains(ext) { return .animation }
        return nil
    }

    public static func hasImageExtension(_ name: Substring) -> Bool { nameKind(name) == .still }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case refused(ImageRefusal)
        /// A clip or animation the media worker would not play, or no worker to read it.
        case media(MediaRefusal)
        public var description: String {
            switch self {
            case .unreadable(let why): return why
            case .refused(let why): return "\(why)"
            case .media(let why): return "\(why)"
            }
        }
    }

    /// The file's entry, or why it cannot be shown. The file is opened once, without waiting on a FIFO or a device
    /// (`O_NONBLOCK`), checked to be a regular file on the opened descriptor (a name swapped for a pipe between a
    /// `stat` and an `open` cannot block a reader), and read from that descriptor.
    /// `companion`: the name of the MOV beside a still that makes it a Live Photo (`LivePhotoPairing`). `prober`
    /// reads clips, animations and the clips of Live and motion photos (nil: clips and animations are refused, a
    /// Live or motion photo's duration is not known).
    public static func read(path: String, companion: String? = nil, prober: MediaProber? = nil) -> Result<LocalFile, Failure> {
        let file: RegularFile
        switch RegularFile.open(path) {
        case .success(let opened): file = opened
        case .failure(let why): return .failure(why)
        }
        let info = file.info
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        let name = Substring(path.split(separator: "/").last ?? "")
        if let kind = nameKind(name), kind != .still {
            return readMoving(file, path: path, kind: kind, prober: prober).map { size, motion in
                LocalFile(path: path, bytes: Int64(info.st_size), modified: modified, width: size.width,
                          height: size.height, inode: UInt64(info.st_ino), changed: changed, motion: motion)
            }
        }
        // An animated WebP is an animation, whatever its name says; without a worker, refused as before.
        if let first = file.prefix(64), let animation = AnimationHeader.read(first), animation.format == .webp {
            guard prober != nil else { return .failure(.refused(.unsupportedFormat("Animated WebP"))) }
            return .success(LocalFile(path: path, bytes: Int64(info.st_size), modified: modified, width: animation.width,
                                      height: animation.height, inode: UInt64(info.st_ino), changed: changed,
                                      motion: LocalMotion(kind: .animation)))
        }
        // Most headers end within 16 KB; EXIF thumbnails, maker notes and ICC profiles can push the frame header
        // further.
        var header: ImageHeader?
        var prefix = Data()
        for limit in [16 << 10, 256 << 10, ImageHeaderReader.searchLimit] {
            guard let bytes = file.prefix(limit) else { return .failure(.unreadable("cannot be read")) }
            do {
                header = try ImageHeaderReader.read(bytes)
                prefix = bytes
                break
            } catch let refusal as ImageRefusal {
                if case .unsupportedFormat = refusal, ImageHeaderReader.mayBeCameraRaw(bytes) {
                    // A camera RAW: LibRaw reads its metadata from the file (not the whole file).
                    guard let raw = file.rawHeader() else { return .failure(.refused(refusal)) }
                    header = raw
                    prefix = bytes
                    break
                }
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
        // An animated JPEG XL plays like an animated WebP (the media worker); without a worker, its first frame shows.
        let motion = header.animated && prober != nil ? LocalMotion(kind: .animation)
            : stillMotion(file, path: path, header: header, prefix: prefix, companion: companion, prober: prober)
        return .success(LocalFile(path: path, bytes: Int64(info.st_size), modified: modified, width: size.width,
                                  height: size.height, taken: header.taken, camera: header.camera,
                                  inode: UInt64(info.st_ino), changed: changed, motion: motion))
    }

    /// Up to `count` bytes from the start of the file (a regular file only).
    public static func prefix(of path: String, count: Int) -> Data? {
        guard case .success(let file) = RegularFile.open(path) else { return nil }
        return file.prefix(count)
    }

    /// The file's bytes for decoding, at most `limit` of them: a file larger than any photo of its size is read
    /// only as far as such a photo could go (a 64×48 JPEG padded to 250 MB costs `limit`, not 250 MB).
    public static func contents(of path: String, limit: Int) -> Result<Data, Failure> {
        switch RegularFile.open(path) {
        case .success(let file):
            guard let data = file.prefix(min(limit, Int(file.info.st_size))) else {
                return .failure(.unreadable("cannot be read"))
            }
            return .success(data)
        case .failure(let why):
            return .failure(why)
        }
    }

    /// The most bytes an encoded photo of this size is read for: four bytes a pixel (more than any JPEG, PNG or
    /// WebP of real pixels takes) and room for metadata, never more than `cap`.
    public static func byteLimit(width: Int, height: Int, cap: Int) -> Int {
        min(cap, max(0, width) * max(0, height) * 4 + (4 << 20))
    }
}

/// An open regular file: the one door to `open` for local photos. Opened with `O_NONBLOCK` (a FIFO or a device
/// never blocks the opener) and kept only if `fstat` on the descriptor says it is a regular file.
final class RegularFile {
    let fd: Int32
    let info: stat

    private init(fd: Int32, info: stat) { self.fd = fd; self.info = info }
    deinit { close(fd) }

    static func open(_ path: String) -> Result<RegularFile, LocalFileReader.Failure> {
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            return .failure(.unreadable(why))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(.unreadable("not a regular file (a pipe, device or socket)"))
        }
        return .success(RegularFile(fd: fd, info: info))
    }

    /// A camera RAW's header, read by LibRaw from this open file (through `/proc/self/fd`: the file checked to be a
    /// regular one, whatever its name points at now). LibRaw reads only the metadata. Nil when LibRaw cannot.
    func rawHeader() -> ImageHeader? {
        guard let raw = try? RawFile(path: "/proc/self/fd/\(fd)", maxRawMemoryMB: 64) else { return nil }
        let header = ImageHeader(raw: raw.metadata)
        return header.width > 0 && header.height > 0 ? header : nil
    }

    /// Up to `count` bytes from the start (`pread`: the descriptor's offset is not used).
    func prefix(_ count: Int) -> Data? { read(at: 0, count: count) }

    /// Up to `count` bytes from `offset` on. The bytes are read into memory not cleared first (`Data(count:)` clears
    /// it, a pass over a whole photo's bytes before `pread` writes them again: 0.6 % of a folder pass's processor
    /// time); the `Data` owns it and frees it.
    func read(at offset: Int64, count: Int) -> Data? {
        guard count > 0 else { return Data() }
        guard offset >= 0 else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        var filled = 0
        while filled < count {
            let n = pread(fd, buffer + filled, count - filled, off_t(offset) + off_t(filled))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { buffer.deallocate(); return nil }
            if n == 0 { break }
            filled += n
        }
        // Only the bytes read are the Data's: nothing past them is ever seen.
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}
