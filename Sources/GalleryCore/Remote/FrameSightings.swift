import Foundation

/// The other frames one frame has seen, by each way it looks (mDNS services, MQTT's `about` topics), merged into
/// one list: one entry per frame id, whichever ways and however many times it was seen (an mDNS service answers
/// once per interface and protocol), itself left out. Not thread-safe: its owner keeps it behind a lock.
public struct FrameSightings: Sendable {
    public enum Way: String, Sendable, CaseIterable {
        case mdns, mqtt
    }

    /// What each way saw, by that way's key for it (an mDNS service on an interface and protocol, an MQTT topic).
    private var seen: [Way: [String: FrameSeen]] = [:]
    /// No more sightings than this are kept per way (a network full of strangers' records costs bounded memory).
    public static let maxPerWay = 256

    public init() {}

    /// `frame` seen `way` under `key` (again: the newer replaces the older).
    public mutating func saw(_ frame: FrameSeen, way: Way, key: String) {
        var sightings = seen[way] ?? [:]
        guard sightings[key] != nil || sightings.count < FrameSightings.maxPerWay else { return }
        sightings[key] = frame
        seen[way] = sightings
    }

    /// What was seen under `key` is gone (an mDNS service removed, a frame's MQTT availability `offline`).
    public mutating func lost(way: Way, key: String) { seen[way]?[key] = nil }

    /// Everything seen `way` is gone (the daemon or the broker went away: what it told is no longer known).
    public mutating func forget(way: Way) { seen[way] = nil }

    /// The frames seen, one per id, `ownID` left out, ordered by name then id. Where a frame was seen several times
    /// its address is the best one (`FrameAddress.rank`: mDNS's IPv4 first), its name and version mDNS's (what it
    /// says now on the network) else MQTT's, and `via` every way it was seen.
    public func frames(excluding ownID: String?) -> [FrameSeen] {
        var merged: [String: FrameSeen] = [:]
        for way in Way.allCases {
            // Keys sorted: the same sightings always merge the same way.
            for (_, frame) in (seen[way] ?? [:]).sorted(by: { $0.key < $1.key }) where frame.id != ownID {
                guard var known = merged[frame.id] else {
                    var first = frame
                    first.via = [way.rawValue]
                    merged[frame.id] = first
                    continue
                }
                if !known.via.contains(way.rawValue) { known.via.append(way.rawValue) }
                if FrameAddress.rank(of: frame.url) < FrameAddress.rank(of: known.url) { known.url = frame.url }
                if known.version == nil { known.version = frame.version }
                merged[frame.id] = known
            }
        }
        return merged.values.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }
}

/// What a frame says of itself on the broker, retained on `tessera/<id>/about`: `{"id", "name", "url", "version"}`
/// (the url only while its remote runs). Read back from another frame's message: bounded, checked, cleaned.
public enum FrameAbout {
    public static let maxBytes = 4096

    public static func payload(id: FrameID, name: String, url: String?, version: String) -> Data {
        var fields: [String: String] = ["id": id.value, "name": name, "version": version]
        fields["url"] = url
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    }

    /// Another frame from its `about` message on `topic` (`tessera/<id>/about`): nil unless the id is valid and
    /// the topic's, the url an http(s) one.
    public static func frame(topic: String, payload: Data) -> FrameSeen? {
        guard payload.count <= maxBytes,
              let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
              let text = object["id"] as? String, let id = FrameID(text), topic == FrameTopics(frameID: id).about
        else { return nil }
        let name = ExternalText.clean((object["name"] as? String) ?? id.value, maxCharacters: FrameAnnouncement.maxNameCharacters)
        let url = (object["url"] as? String).flatMap { url -> String? in
            guard url.utf8.count <= ExternalText.maxURLBytes, let parsed = URL(string: url),
                  ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else { return nil }
            return url
        }
        let version = (object["version"] as? String).map { ExternalText.clean($0, maxCharacters: 40) }
        return FrameSeen(id: id.value, name: name.isEmpty ? id.value : name, url: url,
                         version: version.flatMap { $0.isEmpty ? nil : $0 }, via: ["mqtt"])
    }

    /// The frame id in an `about` or `availability` topic (`tessera/<id>/about`), if it is one.
    public static func frameID(inTopic topic: String) -> FrameID? {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "tessera" else { return nil }
        return FrameID(String(parts[1]))
    }
}
