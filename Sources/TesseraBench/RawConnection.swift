import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// An answer as read off the socket.
public struct RawReply {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    public func hasHeader(prefix: String) -> Bool { headers.contains { $0.0.lowercased().hasPrefix(prefix.lowercased()) } }
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}

/// A plain TCP connection to 127.0.0.1 (the remote's tests and the benchmark's client), for requests no HTTP library would send (broken, oversized, slow). Reads
/// give up after `timeout` seconds (SO_RCVTIMEO), so a server that never answers fails the test instead of hanging it.
public final class RawConnection {
    public let fd: Int32

    /// `from`: the loopback address to connect from (127.0.0.2 is another client than 127.0.0.1 to the server).
    public init(port: Int, timeout: Double = 5, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { Glibc.close(fd); throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { Glibc.close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { Glibc.close(fd) }

    /// Sends every byte (false when the server closed first).
    @discardableResult
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// No more from this side (the server sees the end of the stream).
    public func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    private var pending = Data()

    /// Some bytes: nil at the end of the stream, or on a timeout or error (`timedOut` tells which).
    public private(set) var timedOut = false
    private func receive() -> Data? {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        let n = recv(fd, &buffer, buffer.count, 0)
        if n < 0 { timedOut = errno == EAGAIN || errno == EWOULDBLOCK; return nil }
        return n == 0 ? nil : Data(buffer[0..<n])
    }

    /// Everything until the server closes (or the timeout).
    public func readToEnd() -> Data {
        var all = pending
        pending = Data()
        while let more = receive() { all += more }
        return all
    }

    /// Whether the server closed the connection (rather than the read timing out).
    public func closedByServer() -> Bool {
        _ = readToEnd()
        return !timedOut
    }

    /// One answer: the head, then Content-Length bytes of body. Nil if the stream ends or times out first.
    public func readReply() -> RawReply? {
        let separator = Data("\r\n\r\n".utf8)
        while pending.range(of: separator) == nil {
            guard let more = receive() else { return nil }
            pending += more
        }
        let end = pending.range(of: separator)!
        let headText = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
        pending = Data(pending[end.upperBound...])
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        while pending.count < length {
            guard let more = receive() else { return nil }
            pending += more
        }
        let body = Data(pending.prefix(length))
        pending = Data(pending.dropFirst(length))
        return RawReply(status: status, headers: headers, body: body)
    }

    /// One request and its answer on this connection.
    public func exchange(_ method: String, _ target: String, token: String? = nil, body: String? = nil,
                  headers: [String] = []) -> RawReply? {
        send(RawConnection.request(method, target, token: token, body: body, headers: headers))
        return readReply()
    }

    public static func request(_ method: String, _ target: String, token: String? = nil, body: String? = nil,
                        headers: [String] = []) -> String {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"]
        if let token { lines.append("Authorization: Bearer \(token)") }
        if let body { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        lines += headers
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }
}

/// This process's resident memory, from /proc/self/statm (pages resident × page size).
public func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
