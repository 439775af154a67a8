import Foundation

/// Home Assistant's MQTT discovery for one frame: a retained config per entity under
/// `homeassistant/<component>/<id>/<object>/config`, all naming one device (`tessera_<id>`), so the frame shows up
/// in Home Assistant with nothing typed there. The entities read the frame's retained state and availability and
/// send the commands the bridge takes (`MQTTCommand`). Keys are Home Assistant's long names, not the abbreviations.
public struct HomeAssistantDiscovery: Sendable {
    public let topics: FrameTopics
    public let deviceName: String
    public let version: String
    /// Home Assistant's discovery prefix (its default).
    public let prefix: String

    public init(frameID: FrameID, deviceName: String, version: String, prefix: String = "homeassistant") {
        self.topics = FrameTopics(frameID: frameID)
        self.deviceName = deviceName
        self.version = version
        self.prefix = prefix
    }

    /// One entity: where its config goes and what it says beyond what every entity says.
    public struct Entity: Sendable {
        /// button, switch, select, sensor or image.
        public let component: String
        /// The entity's part of the unique id and the config topic.
        public let object: String
        public let fields: [String: JSONValue]
    }

    /// A config message: topic and JSON payload, published retained.
    public struct Config: Equatable, Sendable {
        public let topic: String
        public let payload: Data
    }

    /// Every entity of the frame.
    public var entities: [Entity] {
        let state = JSONValue.string(topics.state)
        return [
            Entity(component: "button", object: "next", fields: [
                "name": "Next photo", "icon": "mdi:skip-next",
                "command_topic": .string(topics.command), "payload_press": "next",
            ]),
            Entity(component: "button", object: "previous", fields: [
                "name": "Previous photo", "icon": "mdi:skip-previous",
                "command_topic": .string(topics.command), "payload_press": "previous",
            ]),
            Entity(component: "switch", object: "display", fields: [
                "name": "Display", "icon": "mdi:monitor",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.display == 'on' else 'OFF' }}",
                "command_topic": .string(topics.displaySet),
                "payload_on": "ON", "payload_off": "OFF", "state_on": "ON", "state_off": "OFF",
            ]),
            Entity(component: "select", object: "mode", fields: [
                "name": "Mode", "icon": "mdi:view-dashboard",
                "state_topic": state, "value_template": "{{ value_json.mode }}",
                "command_topic": .string(topics.modeSet),
                "options": .array(["wall", "slideshow"]),
            ]),
            Entity(component: "sensor", object: "now_showing", fields: [
                "name": "Now showing", "icon": "mdi:image-frame",
                "state_topic": state,
                // A state is at most 255 characters in Home Assistant; the caption, else the author, else the id.
                "value_template": .string(HomeAssistantDiscovery.nowShowingTemplate),
                "json_attributes_topic": state,
                "json_attributes_template": "{{ (value_json.photo or {}) | tojson }}",
            ]),
            Entity(component: "sensor", object: "photos", fields: [
                "name": "Photos in the feed", "icon": "mdi:image-multiple",
                "state_topic": state, "value_template": "{{ value_json.photos }}",
                "state_class": "measurement", "unit_of_measurement": "photos",
            ]),
            Entity(component: "image", object: "photo", fields: [
                "name": "Photo", "image_topic": .string(topics.photo), "content_type": "image/jpeg",
            ]),
        ]
    }

    static let nowShowingTemplate =
        "{% set p = value_json.photo %}{{ ((p.caption or p.author or p.id) if p else 'nothing')[:255] }}"

    /// The device every entity belongs to.
    public var device: JSONValue {
        .object([
            "identifiers": .array([.string("tessera_\(topics.frameID.value)")]),
            "name": .string(deviceName),
            "manufacturer": "Tessera",
            "model": "Tessera photo frame",
            "sw_version": .string(version),
        ])
    }

    public func uniqueID(of entity: Entity) -> String { "tessera_\(topics.frameID.value)_\(entity.object)" }

    public func configTopic(of entity: Entity) -> String {
        "\(prefix)/\(entity.component)/\(topics.frameID.value)/\(entity.object)/config"
    }

    /// An entity's full config: its own fields and what every entity has (unique id, device, availability, origin).
    public func config(of entity: Entity) -> Config {
        var fields = entity.fields
        fields["unique_id"] = .string(uniqueID(of: entity))
        fields["device"] = device
        fields["availability_topic"] = .string(topics.availability)
        fields["payload_available"] = .string(FrameTopics.online)
        fields["payload_not_available"] = .string(FrameTopics.offline)
        fields["origin"] = .object(["name": "Tessera", "sw_version": .string(version)])
        if entity.component != "image" { fields["qos"] = 1 }
        return Config(topic: configTopic(of: entity), payload: JSONValue.object(fields).data())
    }

    /// Every config, in the entities' order.
    public var configs: [Config] { entities.map(config(of:)) }
}
