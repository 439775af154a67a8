import Foundation
import GalleryCore

/// The bridge's part in the fleet: what this frame says of itself on the broker (`tessera/<id>/about`, retained:
/// its name, its remote page's address or none, its version), and the other frames heard there
/// (`FramesOnBroker`), told to `SeenFrames` as seen through MQTT next to what mDNS found. Its availability (and the
/// will) says when it goes. Everything here runs on the bridge's queue.
final class MQTTFleet {
    /// The about's topic and bytes, published retained at each connection.
    let aboutTopic: String
    let about: Data
    private let seen: SeenFrames?
    private var heard: FramesOnBroker

    /// `url`: the remote page's address, nil without `--remote`; `seen`: where the other frames go (nil: nowhere).
    init(topics: FrameTopics, name: String, url: String?, version: String, seen: SeenFrames?) {
        aboutTopic = topics.about
        about = FrameAbout.payload(id: topics.frameID, name: name, url: url, version: version)
        self.seen = seen
        heard = FramesOnBroker(ownID: topics.frameID.value)
        seen?.ownID = topics.frameID.value
    }

    /// The topic filters subscribed for the others, whose retained messages are heard.
    static let subscriptions = FramesOnBroker.subscriptions

    /// Whether a message on `topic` is the fleet's (any thread).
    static func concerns(_ topic: String) -> Bool { FramesOnBroker.concerns(topic: topic) }

    /// A message on one of `subscriptions`' topics; why it was not taken, for the bridge's throttled log.
    func heard(topic: String, payload: Data) -> String? {
        switch heard.heard(topic: topic, payload: payload) {
        case .saw(let frame): seen?.saw(frame, way: .mqtt, key: frame.id)
        case .lost(let id): seen?.lost(way: .mqtt, key: id)
        case .refused(let why): return "dropped \(why) on \(FrameTopics.loggable(topic))"
        case nil: break
        }
        return nil
    }

    /// The connection is gone: what the broker told is no longer known (it tells it again at the next subscription).
    func lost() {
        heard.forget()
        seen?.forget(way: .mqtt)
    }
}
