import CPlatform
import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Follows changes in folders through inotify, on a thread of its own: a file written and closed, moved in or
/// touched is `changed`; one deleted or moved out is `removed`; a new folder is `folderAdded` (the caller scans and
/// watches it), a watched folder gone is `folderRemoved`. If the kernel's queue overflowed, `overflowed` asks for a
/// full rescan. Events come in the order the kernel reports them.
public final class FolderWatch {
    public enum Event: Equatable, Sendable {
        case changed(String)
        case removed(String)
        case folderAdded(String)
        case folderRemoved(String)
        case overflowed
    }

    private let fd: Int32
    /// Written to wake the thread when stopping.
    private let wake: Int32
    private let lock = NSLock()
    private var folders: [Int32: String] = [:]
    private var thread: Thread?
    private let handler: ([Event]) -> Void
    private let exited = DispatchSemaphore(value: 0)

    /// nil when inotify is not available (the folders then show as scanned, without live changes).
    public init?(handler: @escaping ([Event]) -> Void) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        wake = eventfd(0, Int32(EFD_CLOEXEC))
        guard wake >= 0 else { close(fd); return nil }
        self.handler = handler
        // Weak, not unowned: a watch let go before its thread starts is in deinit (`stop` waits for this thread),
        // and reading an unowned reference then is a fatal error; the thread just says it left.
        let exited = exited
        let thread = Thread { [weak self] in
            guard let self else { exited.signal(); return }
            self.run()
        }
        thread.name = "tessera-watch"
        self.thread = thread
        thread.start()
    }

    deinit { stop() }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Starts watching one folder (not its subfolders: the scanner calls this for each one it enters).
    @discardableResult
    public func watch(_ folder: String) -> Bool {
        let wd = PathBytes.withCString(folder) { inotify_add_watch(fd, $0, FolderWatch.mask) }
        guard wd >= 0 else { return false }
        lock.lock(); folders[wd] = folder; lock.unlock()
        return true
    }

    public var watchedCount: Int { lock.lock(); defer { lock.unlock() }; return folders.count }

    /// Stops watching `folder` and every folder below it.
    private func forget(under folder: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        lock.lock()
        let gone = folders.filter { $0.value == folder || $0.value.hasPrefix(prefix) }.map(\.key)
        for wd in gone { folders[wd] = nil }
        lock.unlock()
        for wd in gone { inotify_rm_watch(fd, wd) }
    }

    public func stop() {
        lock.lock()
        guard let thread else { lock.unlock(); return }
        self.thread = nil
        lock.unlock()
        _ = thread
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
        exited.wait()
        close(fd)
        close(wake)
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 { if errno == EINTR { continue } else { break } }
            if fds[1].revents != 0 { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue } else { break } }
            let events = parse(buffer, count: n)
            if !events.isEmpty { handler(events) }
        }
        exited.signal()
    }

    private func parse(_ buffer: [UInt8], count: Int) -> [Event] {
        var events: [Event] = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (e.wd, e.mask, Int(e.len))
            }
            let nameStart = offset + headerSize
            let nameBytes = buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 }
            let name = PathBytes.string(nameBytes)
            offset = nameStart + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { events.append(.overflowed); continue }
            lock.lock()
            let folder = folders[wd]
            if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
            lock.unlock()
            guard let folder else { continue }
            // Deleted, moved away, or the file system under it unmounted: everything below it is gone, and the
            // watches on it and below it are let go (a tree moved away would go on reporting under its old path).
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 {
                forget(under: folder)
                events.append(.folderRemoved(folder))
                continue
            }
            guard !name.isEmpty else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let isFolder = mask & UInt32(IN_ISDIR) != 0
            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                events.append(isFolder ? .folderRemoved(path) : .removed(path))
            } else if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                events.append(.folderAdded(path))
            } else if !isFolder, mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_ATTRIB) != 0 {
                events.append(.changed(path))
            }
        }
        return events
    }
}
