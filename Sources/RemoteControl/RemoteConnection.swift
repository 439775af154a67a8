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
/// whole request within `limits.requestSeconds` (from its connection or its last answer: slow or idle) is closed.
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

    private let endpoints: RemoteEndpoints
    private let gate: RemoteGate
    private let limits: RemoteLimits
    private var phase = Phase.waiting
    private var deadline: Scheduled<Void>?
    private var open = true

    init(endpoints: RemoteEndpoints, gate: RemoteGate, limits: RemoteLimits) {
        self.endpoints = endpoints; self.gate = gate; self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil { armDeadline(context: context) }
        context.fireChannelActive()
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
            endpoints.answer(route, body: Data(body.readableBytesView), on: loop).whenComplete { result in
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
        if case .success(let found) = route, !found.needsToken {
            phase = .reading(head, found, context.channel.allocator.buffer(capacity: 0))
            return
        }
        // No cross-origin preflight is ever granted: a page elsewhere may not call the API.
        if head.method == .OPTIONS {
            return refuse(head, with: notAllowed(["GET", "POST"]))
        }
        let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if let refusal = gate.refusal(client: client, authorization: head.headers["Authorization"]) {
            return refuse(head, with: refusal)
        }
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
        let keepAlive = head.isKeepAlive && !response.closes
        phase = keepAlive ? .answering : .closing
        context.write(wrapOutboundOut(.head(response.head(version: head.version, keepAlive: keepAlive))), promise: nil)
        if !response.body.isEmpty {
            let body = context.channel.allocator.buffer(bytes: response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            let (handler, context) = bound.value
            guard keepAlive, handler.open else { return handler.close(context: context) }
            handler.phase = .waiting
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
            let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")
            answer(.error(status, status == .badRequest ? "not an HTTP request" : "the request's head is too large",
                          closes: true), to: head, context: context)
        case .answering, .closing:
            close(context: context)
        }
    }

    private func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(limits.requestSeconds * 1e9))) {
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
