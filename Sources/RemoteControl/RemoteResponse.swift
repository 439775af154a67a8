import Foundation
import GalleryCore
import NIOHTTP1

/// One answer of the remote, before it is written: status, body and what it is. Every answer carries the same
/// guard headers (`headers`); none ever sets a cookie or lets another origin read it (no Access-Control-* at all:
/// a page elsewhere can neither read the API nor send it the token, which it does not have).
struct RemoteResponse {
    var status: HTTPResponseStatus
    var contentType: String
    var body: Data
    /// Headers of this answer alone (WWW-Authenticate, Retry-After, Allow).
    var extra: [(String, String)] = []
    /// The connection closes after this answer (a refusal whose body was not read, an oversized head).
    var closes = false
    /// The page: its stricter Content-Security-Policy.
    var isPage = false

    static let json = "application/json; charset=utf-8"

    static func json(_ status: HTTPResponseStatus, _ body: Data) -> RemoteResponse {
        RemoteResponse(status: status, contentType: json, body: body)
    }

    static func error(_ status: HTTPResponseStatus, _ message: String, problems: [String: String] = [:],
                      closes: Bool = false) -> RemoteResponse {
        RemoteResponse(status: status, contentType: json, body: RemoteReplies.error(message, problems: problems),
                       closes: closes)
    }

    /// A command the frame did not carry out: its status by the kind of no (400 a bad request, 409 not as the frame
    /// is now, 507 what had to be written could not be), `{"error": why, "state": the frame's state}`.
    static func refusal(_ refusal: CommandRefusal) -> RemoteResponse {
        let status: HTTPResponseStatus
        switch refusal.kind {
        case .invalid: status = .badRequest
        case .notNow: status = .conflict
        case .notStored: status = .insufficientStorage
        }
        return RemoteResponse(status: status, contentType: json, body: RemoteReplies.error(refusal.message, state: refusal.state))
    }

    /// The page may run its own inline script and style and show the photo it fetched as a blob; it loads nothing
    /// from elsewhere, and no other site may frame it.
    static let pagePolicy = "default-src 'self'; img-src 'self' blob:; style-src 'self' 'unsafe-inline'; "
        + "script-src 'self' 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    /// JSON and images are never documents: nothing may run in them.
    static let dataPolicy = "default-src 'none'; frame-ancestors 'none'"

    /// The head for this answer; `keepAlive` false adds Connection: close.
    func head(version: HTTPVersion, keepAlive: Bool) -> HTTPResponseHead {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "X-Frame-Options", value: "DENY")
        headers.add(name: "Content-Security-Policy", value: isPage ? Self.pagePolicy : Self.dataPolicy)
        for (name, value) in extra { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        return HTTPResponseHead(version: version, status: status, headers: headers)
    }
}
