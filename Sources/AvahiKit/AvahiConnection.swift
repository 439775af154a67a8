import CAvahi
import Foundation

/// A connection to avahi-daemon over D-Bus (`avahi_client_new`) on Avahi's threaded poll (`avahi_threaded_poll_new`):
/// a thread of Avahi's own runs the connection and every callback, holding the poll's lock while it does.
///
/// Any other thread reaches Avahi only inside `locked` (`avahi_threaded_poll_lock`); a callback already holds the
/// lock, and `locked` there runs its body straight away. `EntryGroup`, `ServiceBrowser` and `ServiceResolver` keep
/// their connection alive; it is freed (`avahi_client_free`, `avahi_threaded_poll_free`) once the last of them is.
/// Call `stop` from outside the callbacks before letting go: the poll's thread cannot join itself.
public final class AvahiConnection: @unchecked Sendable {
    /// The daemon's state as the client sees it (`AvahiClientState`).
    public enum State: Equatable, Sendable {
        /// The daemon runs and its host name is settled: services may be published and browsed.
        case running
        /// The daemon is (re)registering its host name: what was published is to be withdrawn (reset) and added
        /// again once running.
        case registering
        /// The daemon's host name collided: as registering.
        case collision
        /// No daemon yet (`AVAHI_CLIENT_NO_FAIL`): the client waits for one to appear on the bus. What was
        /// published or browsed before is gone with the daemon that had it.
        case connecting
        /// The connection failed for good (`avahi_client_errno`).
        case failure(AvahiError)
    }

    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private let box: CallbackBox<AvahiConnection>
    private let userdata: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var handler: ((State) -> Void)?
    private var threadRunning = false

    /// Connects to the daemon (`avahi_client_new`). `waitForDaemon`: no daemon is no error
    /// (`AVAHI_CLIENT_NO_FAIL`): the state is `connecting` until one appears, and a daemon that restarts is found
    /// again. Without it, no daemon throws (`isDaemonMissing`). Nothing is heard before `start`.
    public init(waitForDaemon: Bool) throws {
        guard let poll = avahi_threaded_poll_new() else { throw AvahiError(Int32(AVAHI_ERR_NO_MEMORY), call: "avahi_threaded_poll_new") }
        self.poll = poll
        (box, userdata) = CallbackBox<AvahiConnection>.retained()
        var error: Int32 = 0
        let flags = waitForDaemon ? AVAHI_CLIENT_NO_FAIL : AvahiClientFlags(rawValue: 0)
        // The state callback runs inside avahi_client_new already, on this thread, before the box has its owner:
        // unheard (`start` tells the state then). A failure here is cleaned up by deinit (client nil).
        guard let client = avahi_client_new(avahi_threaded_poll_get(poll), flags, clientCallback, userdata, &error) else {
            throw AvahiError(error, call: "avahi_client_new")
        }
        self.client = client
        box.owner = self
    }

    deinit {
        stop()
        if let client { avahi_client_free(client) }
        // A poll whose thread still runs (the last reference dropped inside a callback) cannot be freed without
        // joining its own thread: left to the process's end rather than aborting.
        if !threadRunning { avahi_threaded_poll_free(poll) }
        CallbackBox<AvahiConnection>.release(userdata)
    }

    /// Starts the poll's thread (`avahi_threaded_poll_start`), after telling `onState` the state now (on this
    /// thread); later states are told on the poll's thread.
    public func start(onState: @escaping (State) -> Void) throws {
        lock.lock(); handler = onState; lock.unlock()
        PollThread.inside { onState(state) }
        try check(avahi_threaded_poll_start(poll), "avahi_threaded_poll_start")
        lock.lock(); threadRunning = true; lock.unlock()
    }

    /// Stops the poll's thread and waits for it (`avahi_threaded_poll_stop`): no callback runs after this returns.
    /// Not from a callback. Idempotent.
    public func stop() {
        lock.lock()
        let running = threadRunning && !PollThread.holdsLock
        handler = nil
        lock.unlock()
        guard running else { return }
        avahi_threaded_poll_stop(poll)
        lock.lock(); threadRunning = false; lock.unlock()
    }

    /// Runs `body` holding the poll's lock (`avahi_threaded_poll_lock`), or straight away inside a callback, which
    /// holds it already. Every Avahi call from outside the callbacks goes through here.
    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        if PollThread.holdsLock { return try body() }
        avahi_threaded_poll_lock(poll)
        defer { avahi_threaded_poll_unlock(poll) }
        return try PollThread.inside(body)
    }

    /// The client's state now (`avahi_client_get_state`); with the lock held.
    public var state: State { client.map { AvahiConnection.state(of: $0) } ?? .connecting }

    /// The C client, for the objects made on it; with the lock held.
    var handle: OpaquePointer {
        // Set in init before anything can reach it.
        client!
    }

    /// The last error on the client (`avahi_client_errno`), for a call that returned NULL.
    func lastError(_ call: String) -> AvahiError {
        AvahiError(client.map { avahi_client_errno($0) } ?? Int32(AVAHI_ERR_FAILURE), call: call)
    }

    fileprivate func changed(_ client: OpaquePointer) {
        lock.lock(); let handler = self.handler; lock.unlock()
        handler?(AvahiConnection.state(of: client))
    }

    private static func state(of client: OpaquePointer) -> State {
        switch avahi_client_get_state(client) {
        case AVAHI_CLIENT_S_RUNNING: return .running
        case AVAHI_CLIENT_S_REGISTERING: return .registering
        case AVAHI_CLIENT_S_COLLISION: return .collision
        case AVAHI_CLIENT_CONNECTING: return .connecting
        default: return .failure(AvahiError(avahi_client_errno(client), call: "avahi_client"))
        }
    }
}

private func clientCallback(_ client: OpaquePointer?, _ state: AvahiClientState, _ userdata: UnsafeMutableRawPointer?) {
    guard let client, let connection = CallbackBox<AvahiConnection>.from(userdata) else { return }
    PollThread.inside { connection.changed(client) }
}
