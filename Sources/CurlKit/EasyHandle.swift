import CCurl
import Foundation

/// One transfer (`curl_easy_init` / `curl_easy_cleanup`). It gathers its body and the final response's headers
/// through libcurl's callbacks, which receive this object as an unretained `Unmanaged` userdata pointer: the handle
/// must outlive its transfer, which `MultiHandle` ensures by holding it while it is added.
public final class EasyHandle {
    public let pointer: UnsafeMutableRawPointer
    public private(set) var body = Data()
    /// Headers of the last response (after redirects), names lower-cased.
    public private(set) var headers: [String: String] = [:]
    /// Transfers whose body would pass this many bytes are stopped (they end with CURLE_WRITE_ERROR).
    public var maxBodyBytes = 32 << 20
    public private(set) var exceededBodyLimit = false
    /// Set by the owner; not used by libcurl.
    public var tag: UInt64 = 0
    /// Hears (bytes received, bytes expected) while the body arrives (`CURLOPT_XFERINFOFUNCTION`); expected is 0
    /// until the length is known.
    public private(set) var onProgress: ((Int64, Int64) -> Void)?

    /// Turns progress reports on (`CURLOPT_NOPROGRESS` 0, `CURLOPT_XFERINFODATA` this handle).
    public func reportProgress(_ report: @escaping (Int64, Int64) -> Void) throws {
        onProgress = report
        try check(tessera_easy_setopt_xferinfo_callback(pointer, EasyHandle.progressCallback))
        try check(tessera_easy_setopt_pointer(pointer, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(self).toOpaque()))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_NOPROGRESS, 0))
    }

    private static let progressCallback: tessera_xferinfo_callback = { userdata, total, now, _, _ in
        guard let userdata else { return 0 }
        let handle = Unmanaged<EasyHandle>.fromOpaque(userdata).takeUnretainedValue()
        handle.onProgress?(Int64(now), Int64(total))
        return 0
    }

    public init() throws {
        guard CurlGlobal.initialised else { throw CurlError(CURLE_FAILED_INIT, detail: "curl_global_init") }
        guard let h = curl_easy_init() else { throw CurlError(CURLE_FAILED_INIT, detail: "curl_easy_init") }
        pointer = h
        let me = Unmanaged.passUnretained(self).toOpaque()
        try check(tessera_easy_setopt_data_callback(h, CURLOPT_WRITEFUNCTION, EasyHandle.writeCallback))
        try check(tessera_easy_setopt_pointer(h, CURLOPT_WRITEDATA, me))
        try check(tessera_easy_setopt_data_callback(h, CURLOPT_HEADERFUNCTION, EasyHandle.headerCallback))
        try check(tessera_easy_setopt_pointer(h, CURLOPT_HEADERDATA, me))
        // Worker threads must not get SIGALRM from DNS timeouts.
        try check(tessera_easy_setopt_long(h, CURLOPT_NOSIGNAL, 1))
    }

    /// Request headers set with `setHeaders`, kept alive for the transfer (`curl_slist_free_all` in deinit).
    private var headerList: OpaquePointer?

    deinit {
        curl_easy_cleanup(pointer)
        if let headerList { curl_slist_free_all(UnsafeMutablePointer(headerList)) }
    }

    /// The header lines set last.
    private var headerLines: [String] = []

    /// Extra request header lines, "Name: value" (`CURLOPT_HTTPHEADER` over a `curl_slist`).
    public func setHeaders(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        headerLines = lines
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let grown = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw CurlError(CURLE_OUT_OF_MEMORY, detail: "curl_slist_append")
            }
            list = grown
        }
        if let old = headerList { curl_slist_free_all(UnsafeMutablePointer(old)) }
        headerList = OpaquePointer(list)
        try check(tessera_easy_setopt_slist(pointer, CURLOPT_HTTPHEADER, list))
    }

    /// Sets up a GET: URL, redirects (with a limit, never to non-HTTP schemes, and from https never to plain
    /// http), timeouts, TLS verification on (against `caFile` if given, else the system's CAs).
    public func configureGET(url: String, maxRedirects: Int, connectTimeout: Double, totalTimeout: Double,
                             lowSpeedTime: Double = 10, userAgent: String, caFile: String? = nil) throws {
        try check(tessera_easy_setopt_string(pointer, CURLOPT_URL, url))
        try check(tessera_easy_setopt_string(pointer, CURLOPT_PROTOCOLS_STR, "http,https"))
        // A secure request must not be downgraded by a redirect: anyone on the path could then answer it.
        let secure = url.lowercased().hasPrefix("https://")
        try check(tessera_easy_setopt_string(pointer, CURLOPT_REDIR_PROTOCOLS_STR, secure ? "https" : "http,https"))
        if let caFile { try check(tessera_easy_setopt_string(pointer, CURLOPT_CAINFO, caFile)) }
        try check(tessera_easy_setopt_long(pointer, CURLOPT_FOLLOWLOCATION, 1))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_MAXREDIRS, maxRedirects))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_CONNECTTIMEOUT_MS, Int(connectTimeout * 1000)))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_TIMEOUT_MS, Int(totalTimeout * 1000)))
        // A transfer slower than 1 KB/s for `lowSpeedTime` seconds is a stalled one: give the slot back.
        try check(tessera_easy_setopt_long(pointer, CURLOPT_LOW_SPEED_LIMIT, 1024))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_LOW_SPEED_TIME, max(1, Int(lowSpeedTime.rounded()))))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_SSL_VERIFYPEER, 1))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_SSL_VERIFYHOST, 2))
        try check(tessera_easy_setopt_string(pointer, CURLOPT_USERAGENT, userAgent))
        try check(tessera_easy_setopt_string(pointer, CURLOPT_ACCEPT_ENCODING, ""))
        try check(tessera_easy_setopt_long(pointer, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS))
    }

    /// Makes the transfer a POST of `body` (`CURLOPT_POSTFIELDSIZE`, `CURLOPT_COPYPOSTFIELDS`: libcurl keeps its own
    /// copy), with its content type.
    public func setPOST(body: Data, contentType: String) throws {
        try check(tessera_easy_setopt_long(pointer, CURLOPT_POSTFIELDSIZE, body.count))
        try body.withUnsafeBytes { bytes in
            // An empty body still needs a valid pointer.
            var empty: UInt8 = 0
            let base = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? UnsafeMutableRawPointer(&empty)
            try check(tessera_easy_setopt_pointer(pointer, CURLOPT_COPYPOSTFIELDS, base))
        }
        try setHeaders(headerLines + ["Content-Type: \(contentType)"])
    }

    /// Follows no redirect (after `configureGET`): a 3xx is the answer.
    public func refuseRedirects() throws {
        try check(tessera_easy_setopt_long(pointer, CURLOPT_FOLLOWLOCATION, 0))
    }

    /// `CURLINFO_RESPONSE_CODE` of the last response.
    public var responseCode: Int {
        var code: Int = 0
        _ = tessera_easy_getinfo_long(pointer, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// `CURLINFO_EFFECTIVE_URL`: where the transfer ended after redirects.
    public var effectiveURL: String? {
        var text: UnsafeMutablePointer<CChar>?
        guard tessera_easy_getinfo_string(pointer, CURLINFO_EFFECTIVE_URL, &text) == CURLE_OK, let text else {
            return nil
        }
        return String(cString: text)
    }

    /// Runs the transfer on this thread (`curl_easy_perform`); for tests and one-off requests.
    public func perform() throws {
        let code = curl_easy_perform(pointer)
        guard code == CURLE_OK else { throw CurlError(code) }
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else { throw CurlError(code) }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if body.count + bytes.count > maxBodyBytes {
            exceededBodyLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func header(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            headers.removeAll()  // a new response (after a redirect) starts
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = value
    }

    private static let writeCallback: tessera_data_callback = { data, size, count, userdata in
        guard let data, let userdata else { return 0 }
        let handle = Unmanaged<EasyHandle>.fromOpaque(userdata).takeUnretainedValue()
        let n = size * count
        return handle.append(UnsafeRawBufferPointer(start: data, count: n)) ? n : 0
    }

    private static let headerCallback: tessera_data_callback = { data, size, count, userdata in
        guard let data, let userdata else { return 0 }
        let handle = Unmanaged<EasyHandle>.fromOpaque(userdata).takeUnretainedValue()
        let n = size * count
        let bytes = UnsafeRawBufferPointer(start: data, count: n)
        handle.header(String(decoding: bytes, as: UTF8.self))
        return n
    }
}
