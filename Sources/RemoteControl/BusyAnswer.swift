import Foundation
import NIOCore
import NIOHTTP1

/// The first handler of every remote connection: passes its bytes through, and on `Send` writes a finished
/// answer's bytes straight to the socket, then closes. For the answers owed where no request was read (a newcomer
/// turned away for want of room, a slow client giving way to a newcomer before its head was in), which NIO's HTTP
/// pipeline would not let through without a request.
final class BusyAnswer: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// An outbound user event: write `response` (with Connection: close) and close.
    struct Send {
        let response: RemoteResponse
    }

    private var sent = false

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let send = event as? Send else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        promise?.succeed(())
        guard !sent else { return }
        sent = true
        let head = send.response.head(version: .http1_1, keepAlive: false)
        var text = "HTTP/1.1 \(head.status.code) \(head.status.reasonPhrase)\r\n"
        for (name, value) in head.headers { text += "\(name): \(value)\r\n" }
        var bytes = context.channel.allocator.buffer(capacity: text.utf8.count + send.response.body.count + 2)
        bytes.writeString(text + "\r\n")
        bytes.writeBytes(send.response.body)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
