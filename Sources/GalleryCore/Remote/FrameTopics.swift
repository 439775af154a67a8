import Foundation

/// A frame's MQTT topics, all under `tessera/<id>/`. The frame publishes the first three retained, so a client
/// that subscribes later (Home Assistant after a restart) still hears them; it subscribes to the last three.
public struct FrameTopics: Equatable, Sendable {
    public let frameID: FrameID

    public init(frameID: FrameID) { self.frameID = frameID }

    public var root: String { "tessera/\(frameID.value)" }
    /// `FrameState.json()`, retained.
    public var state: String { "\(root)/state" }
    /// `online` or `offline`, retained; `offline` is also the will, which the broker publishes if the frame vanishes.
    public var availability: String { "\(root)/availability" }
    /// The photo shown, as JPEG bytes, retained (Home Assistant's image entity).
    public var photo: String { "\(root)/photo" }
    /// A command by name (`next`, `interval:8`) or as JSON (`{"command": "interval", "argument": 8}`).
    public var command: String { "\(root)/command" }
    /// `ON` or `OFF`: the display's power (Home Assistant's switch).
    public var displaySet: String { "\(root)/display/set" }
    /// `wall` or `slideshow` (Home Assistant's select).
    public var modeSet: String { "\(root)/mode/set" }

    /// What the frame subscribes to.
    public var commandTopics: [String] { [command, displaySet, modeSet] }

    public static let online = "online"
    public static let offline = "offline"
}
