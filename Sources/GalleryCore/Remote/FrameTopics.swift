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
    /// The whole screen as the panel shows it, as JPEG bytes, retained (Home Assistant's "Screen" image entity): sent
    /// when the photo changes (at most once a minute) and on the `screenshot` command.
    public var screen: String { "\(root)/screen" }
    /// A command by name (`next`, `interval:8`) or as JSON (`{"command": "interval", "argument": 8}`).
    public var command: String { "\(root)/command" }
    /// `ON` or `OFF`: the display's power (Home Assistant's switch).
    public var displaySet: String { "\(root)/display/set" }
    /// `wall` or `slideshow` (Home Assistant's select).
    public var modeSet: String { "\(root)/mode/set" }

    /// What the frame subscribes to.
    public var commandTopics: [String] { [command, displaySet, modeSet] }

    /// `FrameAbout`'s `{id, name, url, version}`, retained: how other frames on the broker find this one.
    public var about: String { "\(root)/about" }
    /// Every frame's `about` and availability, which a frame subscribes to for the others (`FrameSightings`).
    public static let everyAbout = "tessera/+/about"
    public static let everyAvailability = "tessera/+/availability"

    /// A topic heard as a log line may say it: a broker's topic is up to 64 KB of anything, controls included
    /// (a wildcard subscription hears strangers'), so it is cleaned (`ExternalText`) and cut to
    /// `maxLoggedTopicCharacters`.
    public static func loggable(_ topic: String) -> String {
        ExternalText.clean(String(topic.unicodeScalars.prefix(8 * maxLoggedTopicCharacters)),
                           maxCharacters: maxLoggedTopicCharacters)
    }

    public static let maxLoggedTopicCharacters = 120

    public static let online = "online"
    public static let offline = "offline"
}
