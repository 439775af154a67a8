import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 exchange over a plain socket to 127.0.0.1, for the benchmark's remote client and its fuzzer:
/// whatever bytes are given are sent as they are (a malformed request must reach the server malformed), and the
/// answer is read until the server closes, its body is whole, or `timeout` passes.
public enum RawHTTP {
    public struct Answer {
        /// The status code, or nil when the server closed without one (or never answered in time).
        public let status: Int?
        public let body: Data
    }

    public static func exchange(port: Int, _ bytes: Data, timeout: Double = 5) -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return Answer(status: nil, body: Data()) }
        defer { close(fd) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return Answer(status: nil, body: Data()) }
        // A server may answer and close before all of a too-large request is sent: the rest is not ours to force.
        _ = bytes.withUnsafeBytes { raw -> Int in
            var sent = 0
            while sent < raw.count {
                let n = send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                sent += n
            }
            return sent
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while received.count < 4 << 20 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received.append(buffer, count: n)
            if let whole = complete(received) { return whole }
        }
        return parse(received)
    }

    /// A request with a JSON body and, when given, the bearer token.
    public static func request(_ method: String, _ path: String, json: String? = nil, token: String?) -> Data {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { text += "Authorization: Bearer \(token)\r\n" }
        if let json {
            text += "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)"
        } else {
            text += "\r\n"
        }
        return Data(text.utf8)
    }

    /// The answer, once its headers and as much body as its Content-Length says have arrived.
    private static func complete(_ data: Data) -> Answer? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) else { return nil }
        let body = data[end.upperBound...]
        return body.count >= length ? Answer(status: status(of: data), body: Data(body.prefix(length))) : nil
    }

    private static func parse(_ data: Data) -> Answer {
        let body = data.range(of: Data("\r\n\r\n".utf8)).map { Data(data[$0.upperBound...]) } ?? Data()
        return Answer(status: status(of: data), body: body)
    }

    private static func status(of data: Data) -> Int? {
        let line = String(decoding: data.prefix(64), as: UTF8.self)
        guard line.hasPrefix("HTTP/1."), line.count >= 12 else { return nil }
        return Int(line.dropFirst(9).prefix(3))
    }
}
