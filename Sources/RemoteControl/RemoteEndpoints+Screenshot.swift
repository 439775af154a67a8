import Foundation
import GalleryCore
import NIOCore

extension RemoteEndpoints {
    /// `GET /api/v1/screenshot`: the whole screen at the next presented frame, as PNG or JPEG. 429 (with
    /// Retry-After) when one is being taken or was a moment ago, 409 when nothing is drawn (the display asleep, the
    /// window hidden), 503 when no frame came within the reply time.
    func screenshot(_ request: ScreenshotRequest, on loop: EventLoop) -> EventLoopFuture<RemoteResponse> {
        ask(on: loop) { self.control.screenshot(request, reply: $0) }.map { outcome in
            switch outcome {
            case nil: return self.unanswered
            case .success(let shot)?:
                return RemoteResponse(status: .ok, contentType: shot.format == .png ? "image/png" : "image/jpeg",
                                      body: shot.data)
            case .failure(let refusal)?:
                switch refusal.kind {
                case .tooSoon:
                    var answer = RemoteResponse.error(.tooManyRequests, refusal.message)
                    answer.extra = [("Retry-After", String(refusal.retryAfter ?? Int(ScreenshotGate.standardGap)))]
                    return answer
                case .notNow: return .error(.conflict, refusal.message)
                case .failed: return .error(.serviceUnavailable, refusal.message)
                }
            }
        }
    }
}
