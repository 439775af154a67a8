import CFFmpeg
import Glibc
import GalleryCore

/// Bytes [offset, offset + length) of a regular file, read for FFmpeg's custom I/O (the MP4 inside a motion photo's
/// JPEG is such a range). Opened O_RDONLY|O_NONBLOCK and checked S_ISREG with fstat, so a FIFO or a device named
/// .mp4 is refused rather than blocking the worker. Reads and seeks never leave the range.
final class FileRange {
    private let fd: Int32
    let offset: Int64
    let length: Int64
    private var position: Int64 = 0

    init(path: String, offset: Int64, length: Int64?) throws(MediaRefusal) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotPlay(String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .unknownFormat("not a regular file")
        }
        let size = Int64(info.st_size)
        guard offset >= 0, offset <= size else { close(fd); throw .cannotPlay("the clip starts past the end of the file") }
        self.fd = fd
        self.offset = offset
        self.length = min(length ?? (size - offset), size - offset)
    }

    deinit { close(fd) }

    /// Up to `count` bytes at the current position (pread); 0 at the end of the range, -1 on an error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let wanted = Int(min(Int64(count), length - position))
        guard wanted > 0 else { return 0 }
        let got = pread(fd, buffer, wanted, off_t(offset + position))
        if got > 0 { position += Int64(got) }
        return got
    }

    /// Moves to `target` (whence SEEK_SET, SEEK_CUR, SEEK_END; AVSEEK_SIZE asks for the length); -1 outside the range.
    func seek(_ target: Int64, whence: Int32) -> Int64 {
        let base: Int64
        switch whence & ~Int32(AVSEEK_FORCE) {
        case Int32(AVSEEK_SIZE): return length
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END: base = length
        default: return -1
        }
        let next = base + target
        guard next >= 0, next <= length else { return -1 }
        position = next
        return next
    }
}
