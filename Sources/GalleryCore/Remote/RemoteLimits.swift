import Foundation

/// Every bound the HTTP remote keeps, in one place: what one request may be, how long a client may take, how many
/// may be connected, how many wrong tokens a client may try. Whatever arrives, the server's memory stays within
/// these (a head of `maxHeadBytes` and a body of `maxBodyBytes` for each of `maxConnections`, and a table of
/// `clientsRemembered` addresses). Tests shorten the times.
public struct RemoteLimits: Equatable, Sendable {
    /// The request line and the headers together, in bytes (more: 431, and the connection closes).
    public var maxHeadBytes = 8 << 10
    /// Header fields in one request.
    public var maxHeaderCount = 64
    /// A request's body (more: 413, and the connection closes). A command or a settings form is far smaller.
    public var maxBodyBytes = 16 << 10
    /// Seconds a client has to send a request's head (its line and headers), from its connection or its last
    /// answer: a slow or idle client is closed after it (slowloris; idle keep-alive connections). A head is one
    /// packet from a phone or a script, and the page asks every 2 s, so a few seconds cost nobody; with heads of
    /// at most `maxHeadBytes`, this is a minimum rate too.
    public var headSeconds: Double = 4
    /// Seconds a client has to send a whole request, head and body, from its connection or its last answer.
    public var requestSeconds: Double = 10
    /// Connections at once (`ConnectionAdmission`): beyond it, a newcomer takes the place of the anonymous
    /// connection that has waited longest for a head, or is answered 503 if every place is the owner's.
    public var maxConnections = 32
    /// Connections at once from one address: one client (or a scanner) cannot hold every place.
    public var maxConnectionsPerAddress = 16
    /// Seconds between log lines about connections closed or turned away for room (`CountedNotice`): a flood
    /// says so once, then once in this with a count.
    public var crowdNoticeSeconds: Double = 60
    /// Retry-After, seconds, when a newcomer is told 503 for want of room.
    public var busyRetrySeconds = 1
    /// Seconds the frame has to answer (a command reaches the screen within a frame or two): else 503.
    public var replySeconds: Double = 5
    /// Wrong tokens a client (an IP address) may send within `failureWindowSeconds`; then its wrong tokens get 429
    /// for that long. The right token is never refused, whatever others at its address sent.
    public var failuresAllowed = 8
    public var failureWindowSeconds: Double = 60
    /// Clients whose failures are remembered at most (the oldest are forgotten first).
    public var clientsRemembered = 1024
    /// The photo's longest side when the request names none, and the sides a request may name (`?size=N`).
    public var photoSide = 1024
    public var photoSides = 64...2048

    public init() {}

    public static let standard = RemoteLimits()
}
