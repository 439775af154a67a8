import DemoPhotos
import CPlatform
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A picsum-compatible HTTP server on 127.0.0.1 for tests and the offline demo. Faults can be changed while it runs;
/// it counts what it was asked.
public final class FixtureServer {
    public let catalog: DemoCatalog
    public private(set) var port = 0
    private let group: MultiThreadedEventLoopGroup
    /// Drawing and encoding images is blocking work: it runs here, not on the event loop.
    private let blockingPool: NIOThreadPool
    private var channel: Channel?
    private let state: FixtureState

    /// - Parameter imageCacheBytes: encoded images kept for repeated requests; small by default, since the demo runs
    ///   inside the app and its memory counts as the app's.
    public init(photos: Int = 1000, faults: FixtureFaults = FixtureFaults(), imageCacheBytes: Int = 2 << 20) {
        catalog = DemoCatalog(count: photos)
        state = FixtureState(router: FixtureRouter(catalog: catalog), faults: faults,
                             images: DemoPictures(cacheLimit: imageCacheBytes))
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        blockingPool = NIOThreadPool(numberOfThreads: 2)
        blockingPool.start()
    }

    deinit { shutdown() }

    /// Puts the event loop's thread in the background too (the drawing pool always is): when the server shares a
    /// process with the app it measures, it stands in for a machine elsewhere and must not take the frames' CPU.
    public func runInBackground() {
        group.next().execute { tessera_make_thread_background() }
    }

    /// Stops serving and ends the server's threads; waits for images being drawn. Idempotent.
    public func shutdown() {
        stop()
        guard !isShutDown else { return }
        isShutDown = true
        // Jobs still drawing finish and hand their responses to a loop that is still running; then the loop stops.
        try? blockingPool.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
    }

    private var isShutDown = false

    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts serving. Returns the port.
    @discardableResult
    public func start(port requested: Int = 0) throws -> Int {
        let state = self.state
        let pool = blockingPool
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                state.connections.add(channel)
                return channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(FixtureHandler(state: state, pool: pool))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        let channel = try bootstrap.bind(host: "127.0.0.1", port: requested).wait()
        self.channel = channel
        port = channel.localAddress?.port ?? requested
        return port
    }

    /// Stops answering, as a server that went down: the listening socket and every open connection close.
    public func stop() {
        try? channel?.close().wait()
        channel = nil
        state.connections.closeAll()
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public var faults: FixtureFaults {
        get { state.read { $0.faults } }
        set { state.write { $0.faults = newValue } }
    }

    public var counters: FixtureCounters { state.read { $0.counters } }

    /// Blocks the calling thread until the server's channel closes (for `tessera serve-fixture`).
    public func wait() throws { try channel?.closeFuture.wait() }
}

/// The server's shared mutable state, behind a lock (handlers run on the event loop, tests read from elsewhere).
final class FixtureState {
    struct Values {
        var faults: FixtureFaults
        var counters = FixtureCounters()
        var redirectSerial = 0
    }

    let router: FixtureRouter
    let images: DemoPictures
    let connections = OpenConnections()
    private let lock = NSLock()
    private var values: Values

    init(router: FixtureRouter, faults: FixtureFaults, images: DemoPictures) {
        self.router = router
        self.images = images
        values = Values(faults: faults)
    }

    func read<T>(_ body: (Values) -> T) -> T { lock.lock(); defer { lock.unlock() }; return body(values) }
    func write(_ body: (inout Values) -> Void) { lock.lock(); body(&values); lock.unlock() }

    func respond(path: String, host: String, headers: [(String, String)] = [], method: String = "GET",
                 body: Data = Data()) -> (FixtureResponse, latencyMs: Int) {
        lock.lock(); defer { lock.unlock() }
        if path == "/__headers" {
            // The request's headers, for tests that check what a client sends.
            let echo = Dictionary(headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { $1 })
            let body = (try? JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])) ?? Data()
            return (FixtureResponse(status: 200, headers: [("Content-Type", "application/json")], body: body), 0)
        }
        values.redirectSerial += 1
        let lowered = Dictionary(headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { $1 })
        let response = router.route(path: path, host: host, faults: values.faults, counters: &values.counters,
                                    redirectSerial: values.redirectSerial, headers: lowered, method: method, body: body)
        return (response, values.faults.latencyMs)
    }
}

extension FixtureHandler {
    /// Writes the body in tenth-of-a-second slices; stops when the client goes away.
    fileprivate func trickle(_ body: Data, bytesPerSecond: Int, close: Bool, context: ChannelHandlerContext) {
        let slice = max(1, bytesPerSecond / 10)
        guard context.channel.isActive else { return }
        guard !body.isEmpty else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if close { context.close(promise: nil) }
            }
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: slice)
        buffer.writeBytes(body.prefix(slice))
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let rest = body.dropFirst(slice)
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(100)) {
            bound.value.handler.trickle(Data(rest), bytesPerSecond: bytesPerSecond, close: close,
                                        context: bound.value.context)
        }
    }
}

/// The server's open client connections, so that stopping it drops them as a dead server would.
final class OpenConnections {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: Channel] = [:]

    func add(_ channel: Channel) {
        let id = ObjectIdentifier(channel)
        lock.lock(); channels[id] = channel; lock.unlock()
        channel.closeFuture.whenComplete { [weak self] _ in
            guard let self else { return }
            self.lock.lock(); self.channels[id] = nil; self.lock.unlock()
        }
    }

    func closeAll() {
        lock.lock()
        let open = Array(channels.values)
        lock.unlock()
        for channel in open { try? channel.close().wait() }
    }
}

final class FixtureHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: FixtureState
    private let pool: NIOThreadPool
    private var head: HTTPRequestHead?
    /// The request's body (a JSON search), at most 64 KB.
    private var body = Data()

    init(state: FixtureState, pool: NIOThreadPool) { self.state = state; self.pool = pool }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h): head = h; body = Data()
        case .body(var buffer):
            if body.count < 64 << 10, let bytes = buffer.readBytes(length: min(buffer.readableBytes, (64 << 10) - body.count)) {
                body.append(contentsOf: bytes)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            handle(head, body: body, context: context)
        }
    }

    private func handle(_ head: HTTPRequestHead, body: Data, context: ChannelHandlerContext) {
        let host = head.headers.first(name: "host") ?? "127.0.0.1"
        let (response, latency) = state.respond(path: head.uri, host: host, headers: head.headers.map { ($0.name, $0.value) },
                                                method: head.method.rawValue, body: body)
        // A server that hangs: no answer, the connection left open until the client gives up.
        if response.silent { return }
        let loop = context.eventLoop
        let keepAlive = head.isKeepAlive
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        let send = { [state, pool] in
            if let image = response.image {
                // Drawing and encoding is slow: do it on the blocking pool; the result comes back on the loop.
                pool.runIfActive(eventLoop: loop) {
                    // In the demo the server shares the app's process: its drawing must not delay a frame.
                    tessera_make_thread_background()
                    return try state.images.jpeg(id: image.id, width: image.width, height: image.height)
                }.whenComplete { result in
                    var drawn = response
                    switch result {
                    case .success(let body): drawn.body = body
                    case .failure(let error): drawn = .text(500, "could not draw image: \(error)")
                    }
                    bound.value.handler.write(drawn, keepAlive: keepAlive, context: bound.value.context)
                }
            } else {
                self.write(response, keepAlive: keepAlive, context: context)
            }
        }
        if latency > 0 {
            loop.scheduleTask(in: .milliseconds(Int64(latency))) { send() }
        } else {
            send()
        }
    }

    private func write(_ response: FixtureResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        let close = !keepAlive || response.truncate
        headers.replaceOrAdd(name: "Connection", value: close ? "close" : "keep-alive")
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status),
                                    headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let rate = response.trickle {
            trickle(response.body, bytesPerSecond: rate, close: close, context: context)
            return
        }
        let body = response.truncate ? response.body.prefix(response.body.count / 2) : response.body
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        if response.truncate {
            // Promised more bytes than sent: the client sees the connection close mid-body.
            context.flush()
            context.close(promise: nil)
            return
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if close { context.close(promise: nil) }
        }
    }
}
