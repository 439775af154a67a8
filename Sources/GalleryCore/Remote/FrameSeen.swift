import Foundation

/// Another frame this one can see on the network (`GET /api/v1/frames`, the page's list, `tessera frames`): found
/// by its mDNS announcement (`_tessera._tcp`) or by its MQTT discovery.
public struct FrameSeen: Codable, Equatable, Sendable {
    /// Its frame id (the TXT record's `id`, its MQTT topics' `tessera/<id>`).
    public var id: String
    public var name: String
    /// Its remote page, where one is known.
    public var url: String?
    public var version: String?
    /// How it was found: mdns or mqtt (both when both).
    public var via: [String]
    public init(id: String, name: String, url: String? = nil, version: String? = nil, via: [String]) {
        self.id = id; self.name = name; self.url = url; self.version = version; self.via = via
    }

    /// Its line in `tessera frames`: name, address, id, version, each cleaned again for a terminal (whoever made
    /// this value, no escape sequence from another host reaches the screen); an address that is not printable
    /// ASCII, or none, is "-".
    public var terminalColumns: [String] {
        let url = url.flatMap { url in url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F } ? url : nil }
        return [ExternalText.clean(name, maxCharacters: FrameAnnouncement.maxNameCharacters),
                String((url ?? "-").prefix(ExternalText.maxURLBytes)),
                ExternalText.clean(id, maxCharacters: FrameAnnouncement.maxNameCharacters),
                version.map { ExternalText.clean($0, maxCharacters: 40) } ?? "-"]
    }
}
