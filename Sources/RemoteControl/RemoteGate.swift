import Foundation
import GalleryCore

/// The door every connection asks before acting: the token, and the failed attempts of each client. One for the
/// server, behind a lock (its connections share it). Failures are counted by address, successes never are: the
/// address is shared by everyone behind one router, and only the token tells the owner.
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
    /// Told of each refusal (the metrics' `remote_refused`).
    private let refused: @Sendable () -> Void

    init(token: String, limits: RemoteLimits, now: @escaping @Sendable () -> Double,
         log: @escaping @Sendable (String) -> Void, refused: @escaping @Sendable () -> Void = {}) {
        self.refused = refused
        self.token = token
        attempts = FailedAttempts(limits: limits)
        self.now = now
        self.log = log
    }

    /// Nil when the request carries the right token: it is never refused, whatever others at `client`'s address
    /// (a phone and a laptop behind one router, a reverse proxy) sent before. Else the refusal to answer with: 401,
    /// or 429 for a wrong token while `client` is slowed down for too many of them. The token is compared first,
    /// in constant time, and only wrong ones are counted; a right one does not lift the slowing down either, so a
    /// guesser gains nothing from the owner's use.
    func refusal(client: String, authorization: [String]) -> RemoteResponse? {
        let verdict = AccessCheck.verdict(authorization: authorization, token: token)
        if verdict != .granted { refused() }
        switch verdict {
        case .granted:
            return nil
        case .missing:
            return unauthorized("this needs the token (Authorization: Bearer TOKEN; tessera remote-token prints it)")
        case .wrong:
            let time = now()
            if let wait = locked({ $0.retryAfter(client: client, now: time) }) { return tooMany(wait) }
            if locked({ $0.recordFailure(client: client, now: time) }) {
                log("remote: \(client) sent too many wrong tokens; its wrong ones are refused for a while")
            }
            return unauthorized("the token is wrong")
        }
    }

    private func locked<T>(_ body: (inout FailedAttempts) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(&attempts)
    }

    private func tooMany(_ wait: Double) -> RemoteResponse {
        var refused = RemoteResponse.error(.tooManyRequests, "too many wrong tokens: try again later")
        refused.extra = [("Retry-After", String(Int(wait.rounded(.up))))]
        return refused
    }

    private func unauthorized(_ message: String) -> RemoteResponse {
        var refused = RemoteResponse.error(.unauthorized, message)
        refused.extra = [("WWW-Authenticate", "Bearer")]
        return refused
    }
}
