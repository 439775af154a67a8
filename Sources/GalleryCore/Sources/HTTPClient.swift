import Foundation

/// What the core asks of an HTTP transport. The real one is libcurl (GalleryNet.CurlHTTPClient); tests use fakes.
public protocol HTTPClient: AnyObject {
    /// Starts a GET. `completion` runs exactly once, on the client's own thread, unless the request is cancelled first.
    @discardableResult
    func get(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) -> RequestID
    /// Withdraws a request that is still waiting to be sent: its completion never runs, and the result is true.
    /// A request already sent is not stopped (false): it completes as usual, so what it brings can be kept and a
    /// cell scrolled away and back costs one download, not two. Unknown or finished IDs give false.
    @discardableResult
    func cancel(_ id: RequestID) -> Bool
}

public struct RequestID: Hashable, Sendable {
    public let raw: UInt64
    public init(_ raw: UInt64) { self.raw = raw }
}

public struct HTTPRequest: Sendable {
    public var url: String
    /// Lower runs sooner when the client has more requests than transfer slots.
    public var priority: Int
    /// Bodies larger than this fail with `.tooLarge` instead of filling memory.
    public var maxBodyBytes: Int
    /// Seconds to connect; nil: the client's (`GalleryConfig.connectTimeout`).
    public var connectTimeout: Double?
    /// Total time allowed, so a server that trickles bytes cannot hold a slot forever; nil: the client's
    /// (`GalleryConfig.requestTimeout`).
    public var totalTimeout: Double?
    /// A transfer below 1 KB/s for this long is abandoned as stalled.
    public var stallTimeout: Double
    /// Hears the share of the body received (0…1) while it arrives, when its length is known; network thread.
    public var progress: (@Sendable (Double) -> Void)?
    /// Extra request headers (an API key, an API version). A name or value with a line break or a NUL is not
    /// sent: it would start another header.
    public var headers: [(name: String, value: String)] = []
    /// A body to POST (a JSON search); nil: a GET.
    public var body: Data?
    /// Whether redirects are followed. A request that carries a secret (an API key in a header) follows none: the key
    /// would go along to wherever the redirect points.
    public var followsRedirects = true

    /// The headers as request lines, dropping any that could inject another header.
    public var headerLines: [String] {
        headers.compactMap { header in
            let unsafe = (header.name + header.value).unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
            guard !unsafe, !header.name.isEmpty, !header.name.contains(":") else { return nil }
            return "\(header.name): \(header.value)"
        }
    }

    public init(url: String, priority: Int = 0, maxBodyBytes: Int = 32 << 20,
                connectTimeout: Double? = nil, totalTimeout: Double? = nil, stallTimeout: Double = 10) {
        self.stallTimeout = stallTimeout
        self.url = url; self.priority = priority; self.maxBodyBytes = maxBodyBytes
        self.connectTimeout = connectTimeout; self.totalTimeout = totalTimeout
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names are lower-cased.
    public var headers: [String: String]
    public var body: Data
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status; self.headers = headers; self.body = body
    }
}

public enum HTTPError: Error, Equatable, CustomStringConvertible {
    /// Could not connect, resolve or talk to the server at all: the network or the server is down.
    case unreachable(String)
    case timedOut
    case status(Int, retryAfter: Double?)
    case tooManyRedirects
    case tooLarge
    case other(String)

    /// Whether a later attempt may succeed.
    public var isRetryable: Bool {
        switch self {
        case .unreachable, .timedOut, .other: return true
        case .status(let code, _): return code == 408 || code == 429 || code >= 500
        case .tooManyRedirects, .tooLarge: return false
        }
    }

    /// True when the failure says nothing about the resource, only that the server could not be reached.
    public var isNetworkFailure: Bool {
        switch self {
        case .unreachable, .timedOut: return true
        default: return false
        }
    }

    public var retryAfter: Double? {
        if case .status(_, let after) = self { return after }
        return nil
    }

    public var description: String {
        switch self {
        case .unreachable(let why): return "cannot reach server (\(why))"
        case .timedOut: return "request timed out"
        case .status(let code, _): return "HTTP \(code)"
        case .tooManyRedirects: return "too many redirects"
        case .tooLarge: return "response too large"
        case .other(let why): return why
        }
    }
}

extension HTTPResponse {
    /// `Retry-After` in seconds (the delta-seconds form; an HTTP date is not worth honouring from a photo API).
    public var retryAfter: Double? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces),
              let seconds = Double(value), seconds >= 0, seconds.isFinite else { return nil }
        return min(seconds, 3600)
    }
}
