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

    func unmap() {
        if let base { munmap(base, size) }
        base = nil
        size = 0
    }
}
