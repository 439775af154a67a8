import Foundation

/// What a frame says of itself on the local network while its remote runs: a DNS-SD service `_tessera._tcp` on the
/// remote's port, named with the frame's name, and a TXT record (RFC 6763) with `txtvers=1`, `id`, `name`,
/// `version` and `path=/`. And the other way: a TXT record and address heard from another host, read back into a
/// `FrameSeen` (bytes from the network: bounded, cleaned, and nil unless it is a Tessera frame's record).
public enum FrameAnnouncement {
    public static let serviceType = "_tessera._tcp"
    public static let txtVersion = "1"
    /// A DNS label's limit: a service name longer than this is refused by the daemon.
    public static let maxServiceNameBytes = 63
    /// A TXT string's limit (its length is one byte).
    public static let maxTXTStringBytes = 255
    /// A name read from another frame is cut to this many characters.
    public static let maxNameCharacters = 100

    /// The service's name: the frame's name cut to 63 bytes at a character's edge ("Tessera" for an empty one).
    public static func serviceName(for name: String) -> String {
        let cleaned = ExternalText.clean(name, maxCharacters: maxServiceNameBytes)
        return prefix(cleaned.isEmpty ? "Tessera" : cleaned, maxBytes: maxServiceNameBytes)
    }

    /// The TXT record's strings, in order, each within 255 bytes (a long name is cut at a character's edge).
    public static func txt(id: FrameID, name: String, version: String) -> [String] {
        [("txtvers", txtVersion), ("id", id.value), ("name", name), ("version", version), ("path", "/")].map { key, value in
            prefix("\(key)=\(value)", maxBytes: maxTXTStringBytes)
        }
    }

    /// The key/value pairs of a TXT record heard (RFC 6763 6.4: keys compared without case, the first of a key
    /// counts, a string without `=` is a key without value; strings not UTF-8 are skipped).
    public static func pairs(_ strings: [Data]) -> [String: String] {
        var pairs: [String: String] = [:]
        for bytes in strings.prefix(64) {
            guard let text = String(data: bytes.prefix(maxTXTStringBytes), encoding: .utf8), !text.isEmpty else { continue }
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].lowercased()
            guard !key.isEmpty, pairs[key] == nil else { continue }
            pairs[key] = parts.count > 1 ? String(parts[1]) : ""
        }
        return pairs
    }

    /// Another frame from its resolved service: nil unless its TXT record says `txtvers=1` and a valid `id`.
    /// `serviceName` stands for a name the record lacks.
    public static func frame(txt strings: [Data], serviceName: String, hostName: String, address: String,
                             isIPv6: Bool, port: UInt16) -> FrameSeen? {
        let pairs = pairs(strings)
        guard pairs["txtvers"] == txtVersion, let id = pairs["id"].flatMap(FrameID.init) else { return nil }
        let name = ExternalText.clean(pairs["name"].flatMap { $0.isEmpty ? nil : $0 } ?? serviceName,
                                      maxCharacters: maxNameCharacters)
        let version = pairs["version"].map { ExternalText.clean($0, maxCharacters: 40) }.flatMap { $0.isEmpty ? nil : $0 }
        let path = pairs["path"].map(remotePath) ?? "/"
        let url = FrameAddress.url(address: address, isIPv6: isIPv6, hostName: hostName, port: port, path: path)
        return FrameSeen(id: id.value, name: name, url: url, version: version, via: ["mdns"])
    }

    /// The longest `path` a record may give.
    public static let maxPathBytes = 200

    /// A record's `path` as a link may carry it, or "/": an absolute path of at most `maxPathBytes` of printable
    /// ASCII that a URL's path may hold (RFC 3986's unreserved, sub-delims, `:@/%`). Nothing else from another
    /// host reaches the link, a terminal (`tessera frames`) or the page: no control byte, space, quote or bracket.
    public static func remotePath(_ path: String) -> String {
        guard path.hasPrefix("/"), path.utf8.count <= maxPathBytes,
              path.unicodeScalars.allSatisfy({ pathScalars.contains($0) }) else { return "/" }
        return path
    }

    private static let pathScalars = Set(("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                          + "-._~!$&'()*+,;=:@/%").unicodeScalars)

    /// `text` cut to at most `maxBytes` bytes of UTF-8, never inside a character.
    static func prefix(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var cut = ""
        for character in text {
            if cut.utf8.count + character.utf8.count > maxBytes { break }
            cut.append(character)
        }
        return cut
    }
}

/// Where a browser reaches a frame seen on the network.
public enum FrameAddress {
    /// `http://address:port/path`, an IPv6 address in brackets. A link-local IPv6 address (fe80::/10) needs the
    /// interface a browser cannot be told in a link: the host's mDNS name then (`kitchen.local`), else nil.
    public static func url(address: String, isIPv6: Bool, hostName: String, port: UInt16, path: String = "/") -> String? {
        let host: String
        if isIPv6 {
            if address.lowercased().hasPrefix("fe8") || address.lowercased().hasPrefix("fe9")
                || address.lowercased().hasPrefix("fea") || address.lowercased().hasPrefix("feb") || address.contains("%") {
                guard !hostName.isEmpty, isHostName(hostName) else { return nil }
                host = hostName
            } else {
                guard isIPv6Text(address) else { return nil }
                host = "[\(address)]"
            }
        } else if isIPv4Text(address) {
            host = address
        } else {
            guard isHostName(hostName) else { return nil }
            host = hostName
        }
        return "http://\(host):\(port)\(path)"
    }

    /// Rank of an address for the same frame seen several ways: lower is better (IPv4 reaches from any browser;
    /// a global IPv6 address next; a name last).
    public static func rank(of url: String?) -> Int {
        guard let url else { return 3 }
        if url.contains("[") { return 1 }
        let host = url.dropFirst("http://".count).prefix { $0 != ":" }
        return isIPv4Text(String(host)) ? 0 : 2
    }

    static func isIPv4Text(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }

    static func isIPv6Text(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 45 && text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ".") }
    }
}
