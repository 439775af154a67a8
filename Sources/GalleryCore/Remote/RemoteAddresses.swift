import Foundation

/// Where the remote's HTTP server listens (`--remote ADDRESS:PORT`): an IPv4 or IPv6 address (`[::1]:8080`), or a
/// host name, and a port; `:8080` alone means every address. Nothing listens unless this is given. Port 0 (any free
/// one) is for the benchmark; the command line refuses it.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public init(host: String, port: Int) { self.host = host; self.port = port }

    public init?(parsing text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let colon = t.lastIndex(of: ":"), let port = Int(t[t.index(after: colon)...]),
              (0...65_535).contains(port) else { return nil }
        var host = String(t[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "0.0.0.0" }
        guard host.utf8.count <= 255, !host.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// The broker (`--mqtt mqtt://user@broker:1883`, `mqtts://…:8883` for TLS). The password never comes in the
/// address (it would show in `ps`): from `--mqtt-password-file` or `TESSERA_MQTT_PASSWORD`.
public struct BrokerAddress: Equatable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let user: String?
    public let tls: Bool

    public init(host: String, port: Int, user: String? = nil, tls: Bool = false) {
        self.host = host; self.port = port; self.user = user; self.tls = tls
    }

    /// Why an address is refused, for the option's message.
    public static let form = "mqtt://[user@]host[:port] or mqtts://… (the password from --mqtt-password-file or TESSERA_MQTT_PASSWORD)"

    public init?(parsing text: String) {
        let tls: Bool
        var rest: Substring
        if text.hasPrefix("mqtt://") { tls = false; rest = text.dropFirst(7) }
        else if text.hasPrefix("mqtts://") { tls = true; rest = text.dropFirst(8) }
        else { return nil }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let who = rest[..<at]
            // A password in the address is refused rather than kept where `ps` shows it.
            guard !who.isEmpty, !who.contains(":") else { return nil }
            user = String(who).removingPercentEncoding ?? String(who)
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest), port = tls ? 8883 : 1883
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let p = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(p) else { return nil }
            port = p
            host = String(rest[..<colon])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, host.utf8.count <= 255, !host.contains(where: { "/ ?#@".contains($0) }) else { return nil }
        self.init(host: host, port: port, user: user, tls: tls)
    }

    public var description: String {
        "\(tls ? "mqtts" : "mqtt")://\(user.map { "\($0)@" } ?? "")\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
