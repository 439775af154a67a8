import Foundation
import GalleryCore

/// Malformed and oversized requests for the remote's HTTP server, and garbage for its MQTT topics, from a seeded
/// generator (the same run each time): what a port scanner, a broken script or an attacker on the LAN sends.
/// None of them may act on the frame, write anything, or cost the wall its frame time.
public struct HostileRequests {
    private var random: SplitMix

    public init(seed: UInt64) { random = SplitMix(state: seed) }

    /// The next request's bytes; `token` is sometimes used, on requests that must fail for another reason.
    public mutating func next(token: String) -> Data {
        let kind = Int(random.next() % 16)
        switch kind {
        case 0: return bytes(Int(random.next() % 4096))
        case 1: return Data("GET /api/v1/state HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n".utf8)
        case 2: return Data(("GET /" + String(repeating: "%41", count: 6000) + " HTTP/1.1\r\n\r\n").utf8)
        case 3: return Data(("GET / HTTP/1.1\r\n" + (0..<200).map { "H\($0): v\r\n" }.joined() + "\r\n").utf8)
        case 4:
            let body = String(repeating: "x", count: 64 << 10)
            return Data("POST /api/v1/commands HTTP/1.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.count)\r\n\r\n\(body)".utf8)
        case 5: return Data("POST /api/v1/commands HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n{".utf8)
        case 6: return Data("POST /api/v1/commands HTTP/1.1\r\nContent-Length: -5\r\n\r\n".utf8)
        case 7: return Data("POST /api/v1/commands HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFF\r\nab".utf8)
        case 8: return RawHTTP.request("POST", "/api/v1/commands", json: garbageJSON(), token: token)
        case 9: return RawHTTP.request("POST", "/api/v1/commands", json: #"{"command":"next"}"#, token: wrongToken())
        case 10: return RawHTTP.request("POST", "/api/v1/settings", json: #"{"interval":"0\nkiosk = yes"}"#, token: token)
        case 11: return RawHTTP.request("GET", "/../../etc/passwd", token: token)
        case 12: return Data("\u{0}\u{0}\u{0}GET / HTTP/9.9\r\n\r\n".utf8)
        case 13: return RawHTTP.request("POST", "/api/v1/commands",
                                        json: #"{"command":"open-photo","argument":"\#(String(repeating: "z", count: 5000))"}"#,
                                        token: token)
        case 14: return Data("OPTIONS /api/v1/commands HTTP/1.1\r\nOrigin: http://evil.example\r\n\r\n".utf8)
        default: return Data("GET /api/v1/state HTTP/1.1\r\nAuthorization: Basic \(String(repeating: "=", count: 300))\r\n\r\n".utf8)
        }
    }

    /// A payload for an MQTT command topic that names no command (or one a remote may not give).
    public mutating func nextPayload() -> Data {
        switch Int(random.next() % 6) {
        case 0: return bytes(Int(random.next() % 2048))
        case 1: return Data(garbageJSON().utf8)
        case 2: return Data(String(repeating: "next", count: Int(random.next() % 20_000)).utf8)
        case 3: return Data("quit".utf8)
        case 4: return Data(#"{"command":"interval","argument":-3}"#.utf8)
        default: return Data([0xff, 0xfe, 0x00, 0x6e, 0x65, 0x78, 0x74])
        }
    }

    private mutating func bytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    private mutating func garbageJSON() -> String {
        let shapes = [#"{"command":"#, #"{"command":42}"#, #"["next"]"#, #"{"command":"next","extra":1}"#,
                      String(repeating: "[", count: 5000), #"{"command":"\u0000next"}"#, #"{"command":"explode"}"#,
                      #"{"command":"speed","argument":1e400}"#, "null"]
        return shapes[Int(random.next() % UInt64(shapes.count))]
    }

    private mutating func wrongToken() -> String {
        String((0..<43).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 26))) })
    }
}
