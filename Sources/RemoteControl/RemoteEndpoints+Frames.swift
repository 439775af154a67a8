import Foundation
import GalleryCore
import NIOCore

extension RemoteEndpoints {
    /// `GET /api/v1/frames`: the other frames this one can see (mDNS, MQTT), itself left out:
    /// `{"frames": [{"id", "name", "url", "version", "via"}]}`, ordered by name.
    func frames(on loop: EventLoop) -> EventLoopFuture<RemoteResponse> {
        ask(on: loop) { self.control.frames(reply: $0) }.map { frames in
            guard let frames else { return self.unanswered }
            return .json(.ok, RemoteEndpoints.framesJSON(frames))
        }
    }

    static func framesJSON(_ frames: [FrameSeen]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["frames": frames])) ?? Data(#"{"frames":[]}"#.utf8)
    }
}
