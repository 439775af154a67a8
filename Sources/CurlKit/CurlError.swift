import CCurl

/// A failed libcurl call: the `CURLcode` and libcurl's text for it (`curl_easy_strerror`).
public struct CurlError: Error, Equatable, CustomStringConvertible {
    public let code: UInt32
    public let message: String

    public init(_ code: CURLcode, detail: String? = nil) {
        self.code = code.rawValue
        let text = String(cString: curl_easy_strerror(code))
        self.message = detail.map { $0.isEmpty ? text : "\(text): \($0)" } ?? text
    }

    public var description: String { message }

    public enum Kind: Equatable {
        /// DNS failed, connection refused or reset, server closed early: nobody is answering.
        case unreachable
        case timedOut
        case tooManyRedirects
        /// The write callback stopped the transfer (body over its limit).
        case aborted
        case other
    }

    public var kind: Kind {
        switch CURLcode(rawValue: code) {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
             CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_SSL_CONNECT_ERROR:
            return .unreachable
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_WRITE_ERROR, CURLE_ABORTED_BY_CALLBACK: return .aborted
        default: return .other
        }
    }
}

/// `curl_global_init`, exactly once per process, before the first handle.
enum CurlGlobal {
    static let initialised: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()
}
