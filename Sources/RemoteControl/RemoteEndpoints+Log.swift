import Foundation
import GalleryCore
import NIOCore

extension RemoteEndpoints {
    /// `GET /api/v1/log`: the last lines of the frame's log, oldest first, secrets already out. Read on the event
    /// loop: the ring answers from behind its own lock, without the main thread.
    func log(lines: Int, on loop: EventLoop) -> EventLoopFuture<RemoteResponse> {
        loop.makeSucceededFuture(.json(.ok, RemoteReplies.log(control.recentLog(lines: lines))))
    }
}
