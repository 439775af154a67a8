import Foundation
import GalleryCore

/// Malformed and oversized requests for the remote's HTTP server, and garbage for its MQTT command topic, from a
/// seeded generator (the same run each time): what a port scanner, a broken script or someone on the LAN sends.
/// None may act on the frame, write anything, or cost the wall its frame time (the server's tests and
/// `bench --remote`).
public struct HostileRequests {
    private var random: SplitMix
    private let token: String

    /// `token`: the right one, which some requests carry so that they fail for another reason.
    public init(seed: UInt64, token: String) {
        random = SplitMix(state: seed)
        self.token = token
    }

    /// The `round`th request's bytes.
    public mutating func request(_ round: Int) -> Data {
        func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }) }
        let n = Int.random(in: 0..<10_000, using: &random)
        let auth = "Authorization: Bearer \(Bool.random(using: &random) ? token : "guess-\(n)-xxxxxxxxxxxxx")"
        switch round % 10 {
        case 0: return bytes(Int.random(in: 1...20_000, using: &random))
        case 1: return Data("GET /api/v1/state HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 8_000 + n))\r\n\r\n".utf8)
        case 2: return Data("\(["GET", "PUT", "BREW", "G\u{0}T", ""].randomElement(using: &random)!) \(["/", "/api/v1/../state", "api", "/%00", String(repeating: "/a", count: n)].randomElement(using: &random)!) HTTP/\(["1.1", "9.9", "x"].randomElement(using: &random)!)\r\n\r\n".utf8)
        case 3:
            let json = [#"{"command": "#, #"{"command": "quit"}"#, #"{"command": ["next"]}"#, "[]", #"{"command": "next", "evil": 1}"#,
                        #"{"command": "interval", "argument": true}"#, "\u{FEFF}{", String(repeating: "[", count: 5000)]
                .randomElement(using: &random)!
            return Data("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
        case 4:
            // A declared length the body does not have (longer: truncated; shorter: the rest a broken next request).
            let body = #"{"command": "next"}"#
            let length = [0, 3, body.utf8.count + 10, 100_000, -1].randomElement(using: &random)!
            return Data("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\n\(auth)\r\nContent-Length: \(length)\r\n\r\n\(body.prefix(length > 0 ? 12 : 30))".utf8)
        case 5: return Data("GET /api/v1/state HTTP/1.1\r\n".utf8) + Data((0..<(65 + n % 200)).map { "X-\($0): y\r\n" }.joined().utf8) + Data("\r\n".utf8)
        case 6: return Data("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\n\(auth)\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8) + bytes(n)
        case 7: return Data("GET /api/v1/state HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\(auth)\r\n\r\n12345".utf8)
        case 8: return Data("GET / HTTP/1.1\r\n".utf8) + bytes(n)
        default: return Data("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(n)\r\nContent-Length: 19\r\n\r\n{\"command\": \"next\"}".utf8)
        }
    }

    /// A payload for the MQTT command topic that names no command a remote may give.
    public mutating func payload() -> Data {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return Data((0..<Int.random(in: 0...2048, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 1: return Data([#"{"command":"#, #"{"command":42}"#, #"["next"]"#, #"{"command":"next","extra":1}"#,
                             String(repeating: "[", count: 5000), #"{"command":"explode"}"#, "null"]
            .randomElement(using: &random)!.utf8)
        case 2: return Data(String(repeating: "next", count: Int.random(in: 2...20_000, using: &random)).utf8)
        case 3: return Data("quit".utf8)
        case 4: return Data(#"{"command":"interval","argument":-3}"#.utf8)
        default: return Data([0xff, 0xfe, 0x00, 0x6e, 0x65, 0x78, 0x74])
        }
    }
}
