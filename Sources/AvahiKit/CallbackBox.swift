import Foundation

/// What an Avahi object's userdata points at: a box holding its Swift owner weakly. The box is retained for as long
/// as the C object lives (released only after the `avahi_…_free` that ends its callbacks), so a callback always
/// finds the box; it finds the owner only while the owner is alive. An owner whose `deinit` has begun (waiting for
/// the poll's lock while a callback runs) reads as nil: a callback never touches a dying object.
final class CallbackBox<Owner: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var held: Owner?

    var owner: Owner? {
        get { lock.lock(); defer { lock.unlock() }; return held }
        set { lock.lock(); held = newValue; lock.unlock() }
    }

    /// A retained box as userdata; `release(_:)` it after the C object is freed.
    static func retained() -> (box: CallbackBox<Owner>, userdata: UnsafeMutableRawPointer) {
        let box = CallbackBox<Owner>()
        return (box, Unmanaged.passRetained(box).toOpaque())
    }

    /// The box a callback's userdata points at (not retained by this: the C object's life keeps it).
    static func from(_ userdata: UnsafeMutableRawPointer?) -> Owner? {
        guard let userdata else { return nil }
        return Unmanaged<CallbackBox<Owner>>.fromOpaque(userdata).takeUnretainedValue().owner
    }

    static func release(_ userdata: UnsafeMutableRawPointer) {
        Unmanaged<CallbackBox<Owner>>.fromOpaque(userdata).release()
    }
}

/// Whether this thread holds the poll's lock: inside an Avahi callback (on the poll's thread) or inside `locked`.
/// `AvahiConnection.locked` must not take the lock again there (Avahi asserts against it on its thread, and the
/// mutex is not recursive).
enum PollThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var holdsLock: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` marked as holding the poll's lock (a callback's Swift side, or `locked`'s body); nested calls
    /// keep the outer mark.
    static func inside<T>(_ body: () throws -> T) rethrows -> T {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, outer) }
        return try body()
    }
}
