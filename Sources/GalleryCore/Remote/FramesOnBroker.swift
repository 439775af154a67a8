import Foundation

/// The other frames as one frame hears them on its MQTT broker: each one's retained `tessera/<id>/about`
/// (`FrameAbout`) and `tessera/<id>/availability`, in whatever order they come. A frame is seen while its about is
/// known and its availability is not `offline` (the broker publishes that will when a frame vanishes; an about
/// without any availability is seen); an emptied retained about takes it away. Bytes from the broker are hostile:
/// what is kept is bounded (`maxFrames` frames), and the frame itself is left out. Not thread-safe: its owner keeps
/// it on one queue.
public struct FramesOnBroker: Sendable {
    /// What one message changed.
    public enum Change: Equatable, Sendable {
        /// A frame to list, under its id.
        case saw(FrameSeen)
        /// The frame with this id is no longer listed.
        case lost(id: String)
        /// The message was not taken, with why (for a log line).
        case refused(String)
    }

    /// Frames remembered, listed or said offline (a broker keeps every frame that ever was, offline); more, from
    /// a broker full of strangers' topics, are refused. The list itself holds at most `FrameSightings.maxPerWay`.
    public static let maxFrames = 4 * FrameSightings.maxPerWay

    private struct Known: Sendable {
        var about: FrameSeen?
        var offline = false
    }

    private let ownID: String
    private var known: [String: Known] = [:]

    public init(ownID: String) { self.ownID = ownID }

    /// The topic filters a frame subscribes to for the others.
    public static let subscriptions = [FrameTopics.everyAbout, FrameTopics.everyAvailability]

    /// Whether `topic` is one of `subscriptions`' (`tessera/<anything>/about` or `…/availability`).
    public static func concerns(topic: String) -> Bool {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == "tessera" && (parts[2] == "about" || parts[2] == "availability")
    }

    /// Frames known now (listed or said offline).
    public var count: Int { known.count }

    /// `payload` heard on `topic`: what it changes in the list, nil for nothing (this frame's own topics, an
    /// availability said again).
    public mutating func heard(topic: String, payload: Data) -> Change? {
        guard FramesOnBroker.concerns(topic: topic) else { return nil }
        guard let id = FrameAbout.frameID(inTopic: topic) else { return .refused("not a frame id in \(FrameTopics.loggable(topic))") }
        guard id.value != ownID else { return nil }
        let before = known[id.value] ?? Known()
        var after = before
        if topic.hasSuffix("/about") {
            if payload.isEmpty {
                after.about = nil
            } else {
                guard let frame = FrameAbout.frame(topic: topic, payload: payload) else {
                    return .refused("not a frame's about (\(payload.count) bytes)")
                }
                after.about = frame
            }
        } else {
            switch String(decoding: payload.prefix(16), as: UTF8.self) {
            case FrameTopics.offline: after.offline = true
            case FrameTopics.online, "": after.offline = false
            default: return .refused("an availability neither online nor offline")
            }
        }
        guard known[id.value] != nil || known.count < FramesOnBroker.maxFrames else {
            return .refused("more than \(FramesOnBroker.maxFrames) frames on the broker")
        }
        known[id.value] = after.about == nil && !after.offline ? nil : after
        let listed = after.offline ? nil : after.about
        if let listed { return listed == (before.offline ? nil : before.about) ? nil : .saw(listed) }
        return before.about != nil && !before.offline ? .lost(id: id.value) : nil
    }

    /// The broker is gone: what it told is no longer known (it tells it again at the next subscription).
    public mutating func forget() { known = [:] }
}
