import Foundation
import GalleryCore
import NIOCore
import NIOHTTP1
import NIOPosix

/// The remote's HTTP server (`--remote ADDRESS:PORT`): the page at `/` and the JSON API under `/api/v1`, every
/// request but the page's wanting the token. One event-loop thread (SwiftNIO); each connection is a
/// `RemoteConnection` after NIO's HTTP decoder, bounded by `RemoteLimits`, holding a seat in the `ConnectionTable`
/// (who may connect: the owner's connections are never given up for anyone else's). Nothing listens until `start`.
public final class RemoteServer: @unchecked Sendable {  // `channel`, `group` and `stopped` are behind `lock`
    public let address: ListenAddress
    private let limits: RemoteLimits
    private let endpoints: RemoteEndpoints
    private let gate: RemoteGate
    private let log: @Sendable (String) -> Void
    private let connections: ConnectionTable
    private let lock = NSLock()
    private var group: MultiThreadedEventLoopGroup?
    private var channel: Channel?
    private var stopped = false

    /// - Parameters:
    ///   - token: what `Authorization: Bearer` must carry (`RemoteToken`). Never logged.
    ///   - settings: the settings form; nil answers its routes with 404.
    ///   - now: seconds on a monotonic clock, for the failed attempts' windows (tests pass time by hand).
    ///   - books: the book for a request's `Accept-Language` (nil when not sent): the page and the form's labels are
    ///     in its language (`WordBooks.book(acceptLanguage:)`); by default the frame's.
    ///   - log: a line for the app's log, from the event loop's thread.
    ///   - refused: a request refused for its token (none, a wrong one), for the metrics; any thread.
    public init(address: ListenAddress, token: String, control: FrameControl, settings: FrameSettings?,
                limits: RemoteLimits = .standard,
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                books: @escaping @Sendable (String?) -> any WordBook = { _ in Words.book },
                log: @escaping @Sendable (String) -> Void, refused: @escaping @Sendable () -> Void = {}) {
        self.address = address
        self.limits = limits
        self.log = log
        endpoints = RemoteEndpoints(control: control, settings: settings, limits: limits, books: books, log: log)
        gate = RemoteGate(token: token, limits: limits, now: now, log: log, refused: refused)
        connections = ConnectionTable(limits: limits, log: log)
    }

    deinit { stop() }

    /// Why the server could not listen, in words for the person who gave `--remote`.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Binds the address and starts serving. Throws `StartError` when the port is taken, the address is not this
    /// machine's, or the name does not resolve.
    public func start() throws {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { throw StartError(description: "the remote was stopped") }
        guard channel == nil else { return }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let (endpoints, gate, limits, connections, log) = (self.endpoints, self.gate, self.limits, self.connections, self.log)
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = limits.maxHeadBytes
        decoderLimits.maxHeaderListSize = limits.maxHeadBytes
        decoderLimits.maxHeaderFieldCount = limits.maxHeaderCount
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            // NIO's default, said here because the owner's place depends on it: at most this many connections are
            // accepted before a new one's first bytes are read, so a newcomer's head is in long before
            // `maxConnectionsPerAddress` newer ones could push it out.
            .serverChannelOption(ChannelOptions.maxMessagesPerRead, value: 4)
            .childChannelInitializer { channel in
                // No seat: answered 503 at once (`RemoteConnection`), never closed unanswered.
                let seat = connections.admit(channel)
                return channel.pipeline.addHandler(BusyAnswer()).flatMap {
                    channel.pipeline.configureHTTPServerPipeline(
                        withErrorHandling: false, withDecoderLimitConfiguration: decoderLimits)
                }.flatMap {
                    channel.pipeline.addHandler(RemoteConnection(endpoints: endpoints, gate: gate, limits: limits,
                                                                 seat: seat))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        do {
            channel = try bootstrap.bind(host: address.host, port: address.port).wait()
            self.group = group
            // The end of a flood is said too, not only its start.
            let every = TimeAmount.nanoseconds(Int64(limits.crowdNoticeSeconds * 1e9))
            group.next().scheduleRepeatedTask(initialDelay: every, delay: every) { _ in connections.sayCrowd() }
            log("remote: listening at \(ListenAddress(host: address.host, port: boundPortLocked)) "
                + "(the token: tessera remote-token)")
        } catch {
            try? group.syncShutdownGracefully()
            throw StartError(description: "cannot listen at \(address): \(Self.reason(error))")
        }
    }

    /// The port listened on (the one asked for, or the one picked for port 0); 0 before `start`.
    public var boundPort: Int {
        lock.lock(); defer { lock.unlock() }
        return boundPortLocked
    }

    private var boundPortLocked: Int { channel?.localAddress?.port ?? 0 }

    /// Stops listening, closes every connection and ends the event loop's thread. Idempotent; not from the event
    /// loop itself.
    public func stop() {
        lock.lock()
        let (channel, group) = (self.channel, self.group)
        self.channel = nil; self.group = nil; stopped = true
        lock.unlock()
        try? channel?.close().wait()
        connections.closeAll()
        try? group?.syncShutdownGracefully()
    }

    static func reason(_ error: Error) -> String {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: return "the port is taken (another program, or another tessera, listens there)"
            case EADDRNOTAVAIL: return "this machine has no such address"
            case EACCES: return "not allowed (ports below 1024 need privileges)"
            default: return io.description
            }
        }
        if error is SocketAddressError { return "the address does not resolve to one of this machine's" }
        return String(describing: error)
    }
}
