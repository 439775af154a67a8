import Foundation
import GalleryCore
import NIOCore

extension RemoteEndpoints {
    /// `GET /metrics`: Prometheus's text format 0.0.4, behind the token like every route (Prometheus sends it as
    /// `Authorization: Bearer`). The frame reads its gauges on its main thread.
    func metrics(on loop: EventLoop) -> EventLoopFuture<RemoteResponse> {
        ask(on: loop) { self.control.metrics(reply: $0) }.map { text in
            guard let text else { return self.unanswered }
            return RemoteResponse(status: .ok, contentType: PrometheusText.contentType, body: Data(text.utf8))
        }
    }
}
