import Glibc

/// The shared memory the app handed the worker as fd 3 (a memfd), mapped read-write. The app sizes it before each
/// request (a poster) or once (a player's slots); the worker maps what is there and never writes past it.
final class SharedFrames {
    static let descriptor: Int32 = 3
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var size = 0

    /// Maps at least `bytes` of fd 3, or nil when the app's buffer is smaller (fstat) or cannot be mapped.
    func map(atLeast bytes: Int) -> UnsafeMutableRawPointer? {
        var info = stat()
        guard fstat(Self.descriptor, &info) == 0, Int(info.st_size) >= bytes, bytes > 0 else { return nil }
        if let base, size == Int(info.st_size) { return base }
        unmap()
        let mapped = mmap(nil, Int(info.st_size), PROT_READ | PROT_WRITE, MAP_SHARED, Self.descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
        size = Int(info.st_size)
        return mapped
    }

    func unmap() {
        if let base { munmap(base, size) }
        base = nil
        size = 0
    }

    deinit { unmap() }
}
