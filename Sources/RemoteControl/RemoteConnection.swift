import Foundation
import GalleryCore
import NIOCore
import NIOHTTP1

/// One client connection of the remote, after NIO's HTTP decoder (which already refuses a head over
/// `limits.maxHeadBytes` or with more than `limits.maxHeaderCount` fields): reads one request at a time within the
/// bounds, lets the gate judge it, and writes the answer. Everything here runs on the connection's event loop.
///
/// A refusal is decided from the head alone, before any body is kept (a body then is read and dropped); a body
/// over `limits.maxBodyBytes` is answered with 413 and the connection closed at once. A client that has not sent a
/// request's head within `limits.headSeconds`, or a whole request within `limits.requestSeconds` (from its connection
/// or its last answer: slow or idle), is closed.
///
/// Its seat in the `ConnectionTable` hears what it does (a head in, with the token or not; an answer written), so
/// that a newcomer beyond the bounds takes the place of a slow anonymous connection and never the owner's. Told to
/// give way (`GiveWay`), it answers 503 if a request was begun and closes. Without a seat (no room: every place
/// has the token) it answers 503 at once and closes.
final class RemoteConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase {
        /// Between requests.
        case waiting
        /// A request let in, its body (for the routes that take one) being read.
        case reading(HTTPRequestHead, RemoteRoute, ByteBuffer)
        /// A request refused from its head: the body is dropped, then this is the answer.
        case refusing(HTTPRequestHead, RemoteResponse)
        /// The answer is on its way.
        case answering
        /// Closing: whatever comes is dropped.
        case closing
    }

    /// A user event: a newcomer takes this connection's place (it was the anonymous one waiting longest).
    struct GiveWay {}

    private let endpoints: RemoteEndpoints
    private let gate: RemoteGate
    private let limits: RemoteLimits
    private let seat: ConnectionTable.Seat?
    private var phase = Phase.waiting
    private var deadline: Scheduled<Void>?
    /// When the request now awaited began to be awaited (the connection, or the last answer).
    private var awaitedSince = NIODeadline.now()
    private var answeredAny = false
    private var givingWay = false
    private var open = true

    /// `seat`: its place in the table; nil to answer 503 and close (no room).
    init(endpoints: RemoteEndpoints, gate: RemoteGate, limits: RemoteLimits, seat: ConnectionTable.Seat?) {
        self.endpoints = endpoints; self.gate = gate; self.limits = limits; self.seat = seat
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive, seat != nil { armDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if seat == nil {
            answerWithoutRequest(busy, context: context)
        } else if deadline == nil {
            armDeadline(context: context)
        }
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is GiveWay else { return context.fireUserInboundEventTriggered(event) }
        givingWay = true
        switch phase {
        // Idle between requests: nothing is owed.
        case .waiting where answeredAny: close(context: context)
        // A head on its way (or none yet), no request read: answered all the same.
        case .waiting: answerWithoutRequest(busy, context: context)
        case .reading(let head, _, _), .refusing(let head, _): answer(busy, to: head, context: context)
        case .answering, .closing: break  // closes once its answer is written
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        open = false
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), phase) {
        case (.head(let head), .waiting):
            take(head, context: context)
        case (.body(var part), .reading(let head, let route, var body)):
            guard route.takesBody else { return }
            guard body.readableBytes + part.readableBytes <= limits.maxBodyBytes else {
                return answer(tooLarge, to: head, context: context)
            }
            // The phase lets go of the buffer while it grows, so the append does not copy it.
            phase = .answering
            body.writeBuffer(&part)
            phase = .reading(head, route, body)
        case (.end, .reading(let head, let route, let body)):
            deadline?.cancel()
            phase = .answering
            let loop = context.eventLoop
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
            endpoints.answer(route, body: Data(body.readableBytesView),
                             acceptLanguage: head.headers["Accept-Language"].first, on: loop).whenComplete { result in
                let response = (try? result.get()) ?? .error(.internalServerError, "the answer failed")
                bound.value.handler.answer(response, to: head, context: bound.value.context)
            }
        case (.end, .refusing(let head, let response)):
            deadline?.cancel()
            answer(response, to: head, context: context)
        case (.head, _):
            // A second head while one request is open cannot come from NIO's pipelining helper; close.
            close(context: context)
        default:
            break  // parts of a refused or closing request: dropped
        }
    }

    /// Judges a request from its head: a route and the gate's word, before any body is kept.
    private func take(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let method = head.method.rawValue
        let route = RemoteRoute.resolve(method: method, target: head.uri, limits: limits)
        if let length = head.headers["Content-Length"].first.flatMap({ Int($0) }), length > limits.maxBodyBytes {
            return answer(tooLarge, to: head, context: context)
        }
        // The head is in: the rest of the request within what is left of `requestSeconds`.
        armDeadline(context: context, at: awaitedSince + .nanoseconds(Int64(limits.requestSeconds * 1e9)))
        if case .success(let found) = route, !found.needsToken {
            seat?.headArrived(owners: false)
            phase = .reading(head, found, context.channel.allocator.buffer(capacity: 0))
            return
        }
        // No cross-origin preflight is ever granted: a page elsewhere may not call the API.
        if head.method == .OPTIONS {
            return refuse(head, with: notAllowed(["GET", "POST"]))
        }
        let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
        let refusal = gate.refusal(client: client, authorization: head.headers["Authorization"])
        seat?.headArrived(owners: refusal == nil)
        if let refusal { return refuse(head, with: refusal) }
        switch route {
        case .success(let found):
            phase = .reading(head, found, context.channel.allocator.buffer(capacity: 0))
            // curl asks before it sends a larger body, and waits a second for leave if it is not given.
            if found.takesBody, head.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                let goOn = HTTPResponseHead(version: head.version, status: .continue)
                context.writeAndFlush(wrapOutboundOut(.head(goOn)), promise: nil)
            }
        case .failure(.notFound):
            refuse(head, with: .error(.notFound, "no such thing here"))
        case .failure(.methodNotAllowed(let allowed)):
            refuse(head, with: notAllowed(allowed))
        case .failure(.badRequest(let message)):
            refuse(head, with: .error(.badRequest, message))
        }
    }

    private func refuse(_ head: HTTPRequestHead, with response: RemoteResponse) {
        phase = .refusing(head, response)
    }

    /// No room, or this connection's place given to a newcomer: try again in a moment.
    private var busy: RemoteResponse {
        var response = RemoteResponse.error(.serviceUnavailable, "too many connections: try again in a moment", closes: true)
        response.extra = [("Retry-After", String(limits.busyRetrySeconds))]
        return response
    }

    /// The head answered for when NIO could not read one.
    private static let noHead = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")

    /// Writes `response` where no request was read (`BusyAnswer`, at the pipeline's front), then closes.
    private func answerWithoutRequest(_ response: RemoteResponse, context: ChannelHandlerContext) {
        guard open else { return }
        open = false
        phase = .closing
        deadline?.cancel()
        context.triggerUserOutboundEvent(BusyAnswer.Send(response: response), promise: nil)
    }

    private var tooLarge: RemoteResponse {
        .error(.payloadTooLarge, "the body is longer than \(limits.maxBodyBytes) bytes", closes: true)
    }

    private func notAllowed(_ methods: [String]) -> RemoteResponse {
        var response = RemoteResponse.error(.methodNotAllowed, "not with this method")
        response.extra = [("Allow", methods.joined(separator: ", "))]
        return response
    }

    /// Writes `response`; then waits for the next request, or closes.
    private func answer(_ response: RemoteResponse, to head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard open else { return }
        deadline?.cancel()
        let keepAlive = head.isKeepAlive && !response.closes && !givingWay
        phase = keepAlive ? .answering : .closing
        context.write(wrapOutboundOut(.head(response.head(version: head.version, keepAlive: keepAlive))), promise: nil)
        if !response.body.isEmpty {
            let body = context.channel.allocator.buffer(bytes: response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            let (handler, context) = bound.value
            handler.answeredAny = true
            guard keepAlive, handler.open, !handler.givingWay else { return handler.close(context: context) }
            handler.phase = .waiting
            handler.awaitedSince = .now()
            handler.seat?.answered()
            handler.armDeadline(context: context)
        }
    }

    /// A head NIO could not read (too long, too many fields, not HTTP): 431 or 400 if no answer is on its way,
    /// then closed.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard open, let parse = error as? HTTPParserError else { return close(context: context) }
        switch phase {
        case .waiting, .reading, .refusing:
            let status: HTTPResponseStatus = parse == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
            answer(.error(status, status == .badRequest ? "not an HTTP request" : "the request's head is too large",
                          closes: true), to: Self.noHead, context: context)
        case .answering, .closing:
            close(context: context)
        }
    }

    /// Closes the connection at `at` unless an answer is on its way then; by default, when the head is due.
    private func armDeadline(context: ChannelHandlerContext, at: NIODeadline? = nil) {
        deadline?.cancel()
        let headDue = awaitedSince + .nanoseconds(Int64(min(limits.headSeconds, limits.requestSeconds) * 1e9))
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(deadline: at ?? headDue) {
            let (handler, context) = bound.value
            switch handler.phase {
            case .answering: break
            default: handler.close(context: context)
            }
        }
    }

    private func close(context: ChannelHandlerContext) {
        guard open else { return }
        open = false
        phase = .closing
        deadline?.cancel()
        context.close(promise: nil)
    }
}
