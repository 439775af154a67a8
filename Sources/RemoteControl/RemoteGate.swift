import Foundation
import GalleryCore

/// The door every connection asks before acting: the token, and the failed attempts of each client. One for the
/// server, behind a lock (its connections share it).
///
/// The Host header is not checked (DNS rebinding): a page that rebinds a name to the frame's address reaches only
/// what needs no token, the static page, which holds no data; everything that reads or acts wants the bearer token,
/// which a browser never adds on its own (unlike a cookie). Checking Host would refuse people who reach the frame
/// by a name it does not know (frame.local, a router's DNS, a reverse proxy) and buy nothing.
final class RemoteGate: @unchecked Sendable {  // `attempts` is behind `lock`
    private let token: String
    private let lock = NSLock()
    private var attempts: FailedAttempts
    private let now: @Sendable () -> Double
    private let log: @Sendable (String) -> Void

    init(token: String, limits: RemoteLimits, now: @escaping @Sendable () -> Double,
         log: @escaping @Sendable (String) -> Void) {
        self.token = token
        attempts = FailedAttempts(limits: limits)
        self.now = now
        self.log = log
    }

    /// Nil when `client` may go on with these Authorization values; else the refusal to answer with: 429 while it
    /// is slowed down (the token not even looked at), 401 without a right token.
    func refusal(client: String, authorization: [String]) -> RemoteResponse? {
        let time = now()
        if let wait = locked({ $0.retryAfter(client: client, now: time) }) {
            var refused = RemoteResponse.error(.tooManyRequests, "too many wrong tokens: try again later")
            refused.extra = [("Retry-After", String(Int(wait.rounded(.up))))]
            return refused
        }
        switch AccessCheck.verdict(authorization: authorization, token: token) {
        case .granted:
            locked { $0.recordSuccess(client: client) }
            return nil
        case .wrong:
            if locked({ $0.recordFailure(client: client, now: time) }) {
                log("remote: \(client) sent too many wrong tokens; refused for a while")
            }
            return unauthorized("the token is wrong")
        case .missing:
            return unauthorized("this needs the token (Authorization: Bearer TOKEN; tessera remote-token prints it)")
        }
    }

    private func locked<T>(_ body: (inout FailedAttempts) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&attempts)
    }

    private func unauthorized(_ message: String) -> RemoteResponse {
        var refused = RemoteResponse.error(.unauthorized, message)
        refused.extra = [("WWW-Authenticate", "Bearer")]
        return refused
    }
}
