import CPlatform
import Glibc
import GalleryCore

/// Memory the app shares with one worker: an anonymous file (memfd_create, close-on-exec) the worker receives as
/// fd 3 and maps, and the app maps to read the frames it wrote. Sized with ftruncate; unmapped and closed in deinit.
final class SharedMemory {
    let descriptor: Int32
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var size = 0

    init() throws(MediaRefusal) {
        descriptor = tessera_memfd_create("tessera-media")
        guard descriptor >= 0 else { throw .cannotPlay("no shared memory: \(String(cString: strerror(errno)))") }
    }

    deinit {
        unmap()
        close(descriptor)
    }

    /// Makes the file exactly `bytes` long and maps it (ftruncate, mmap MAP_SHARED); the mapping is kept while the
    /// size stays.
    func resize(to bytes: Int) -> UnsafeMutableRawPointer? {
        if size == bytes, let base { return base }
        unmap()
        guard bytes > 0, ftruncate(descriptor, off_t(bytes)) == 0 else { return nil }
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
        size = bytes
        return mapped
    }

    /// Fixes the size for good (`tessera_memfd_seal_size`): a worker that truncated the file would otherwise make the
    /// app's next read of the mapping die of SIGBUS. A sealed file cannot be resized again.
    func sealSize() -> Bool { tessera_memfd_seal_size(descriptor) == 0 }

    /// Copies `count` bytes from the start of the file (`pread`): a file a worker truncated gives a short read, never
    /// a fault. Nil when fewer bytes are there.
    func read(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= size else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(done))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        return ok ? bytes : nil
    }

    func unmap() {
        if let base { munmap(base, size) }
        base = nil
        size = 0
    }
}
