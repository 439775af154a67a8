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

    /// The sources the frame can show (`SourceRegistry`'s names), the Source select's options.
    public let sources: [String]
    /// The remote page's address (`--remote`), which Home Assistant links from the device ("Visit").
    public let configurationURL: String?

    public init(frameID: FrameID, deviceName: String, version: String, prefix: String = "homeassistant",
                sources: [String] = [], configurationURL: String? = nil) {
        self.topics = FrameTopics(frameID: frameID)
        self.deviceName = deviceName
        self.version = version
        self.prefix = prefix
        self.sources = sources
        self.configurationURL = configurationURL
    }

    /// One entity: where its config goes and what it says beyond what every entity says.
    public struct Entity: Sendable {
        /// button, switch, select, number, sensor, binary_sensor or image.
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

    /// Every entity of the frame. The templates read the state with `.get` and a fallback, never `value_json.x`
    /// alone: a state without a field (a photo with no caption, no photo at all at start-up) would make Home
    /// Assistant log a template warning at every message. Commands are the frame's one vocabulary (`CommandNames`).
    public var entities: [Entity] {
        let state = JSONValue.string(topics.state)
        let command = JSONValue.string(topics.command)
        var entities = [
            Entity(component: "button", object: "next", fields: [
                "name": "Next photo", "icon": "mdi:skip-next",
                "command_topic": command, "payload_press": "next",
            ]),
            Entity(component: "button", object: "previous", fields: [
                "name": "Previous photo", "icon": "mdi:skip-previous",
                "command_topic": command, "payload_press": "previous",
            ]),
            Entity(component: "button", object: "reload", fields: [
                "name": "Reload", "icon": "mdi:refresh",
                "command_topic": command, "payload_press": "reload",
                "entity_category": "config",
            ]),
            Entity(component: "switch", object: "display", fields: [
                "name": "Display", "icon": "mdi:monitor",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('display') == 'on' else 'OFF' }}",
                "command_topic": .string(topics.displaySet),
                "payload_on": "ON", "payload_off": "OFF", "state_on": "ON", "state_off": "OFF",
            ]),
            Entity(component: "switch", object: "pause", fields: [
                "name": "Pause", "icon": "mdi:pause",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('paused') else 'OFF' }}",
                "command_topic": command,
                "payload_on": "pause", "payload_off": "play", "state_on": "ON", "state_off": "OFF",
            ]),
            Entity(component: "select", object: "mode", fields: [
                "name": "Mode", "icon": "mdi:view-dashboard",
                "state_topic": state, "value_template": "{{ value_json.get('mode', 'wall') }}",
                "command_topic": .string(topics.modeSet),
                "options": .array(["wall", "slideshow"]),
            ]),
            Entity(component: "number", object: "interval", fields: [
                "name": "Interval", "icon": "mdi:timer-outline",
                "state_topic": state, "value_template": "{{ value_json.get('interval', 0) }}",
                "command_topic": command, "command_template": "interval:{{ value }}",
                // The vocabulary's range: a value outside the entity's own would be an error in Home Assistant's log.
                "min": .number(Int(CommandNames.intervalRange.lowerBound)),
                "max": .number(Int(CommandNames.intervalRange.upperBound)),
                "step": 1, "mode": "box", "unit_of_measurement": "s", "device_class": "duration",
                "entity_category": "config",
            ]),
            Entity(component: "sensor", object: "now_showing", fields: [
                "name": "Now showing", "icon": "mdi:image-frame",
                "state_topic": state,
                // A state is at most 255 characters in Home Assistant; the caption, else the author, else the id.
                "value_template": .string(HomeAssistantDiscovery.nowShowingTemplate),
                "json_attributes_topic": state,
                "json_attributes_template": "{{ (value_json.get('photo') or {}) | tojson }}",
            ]),
            Entity(component: "sensor", object: "photos", fields: [
                "name": "Photos in the feed", "icon": "mdi:image-multiple",
                "state_topic": state, "value_template": "{{ value_json.get('photos', 0) }}",
                "state_class": "measurement", "unit_of_measurement": "photos",
                "entity_category": "diagnostic",
            ]),
            Entity(component: "binary_sensor", object: "online", fields: [
                "name": "Online", "device_class": "connectivity",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('online') else 'OFF' }}",
                "payload_on": "ON", "payload_off": "OFF",
                "entity_category": "diagnostic",
            ]),
            Entity(component: "image", object: "photo", fields: [
                "name": "Photo", "image_topic": .string(topics.photo), "content_type": "image/jpeg",
            ]),
        ]
        if !sources.isEmpty {
            entities.append(Entity(component: "select", object: "source", fields: [
                "name": "Source", "icon": "mdi:folder-multiple-image",
                "state_topic": state,
                "value_template": "{{ (value_json.get('source') or {}).get('name', '') }}",
                "command_topic": command, "command_template": "source:{{ value }}",
                "options": .array(sources.map(JSONValue.string)),
            ]))
        }
        return entities
    }

    static let nowShowingTemplate =
        "{% set p = value_json.get('photo') or {} %}"
        + "{{ (p.get('caption') or p.get('title') or p.get('author') or p.get('id') or 'nothing')[:255] }}"

    /// The device every entity belongs to.
    public var device: JSONValue {
        .object([
            "identifiers": .array([.string("tessera_\(topics.frameID.value)")]),
            "name": .string(deviceName),
            "manufacturer": "Tessera",
            "model": "Tessera photo frame",
            "sw_version": .string(version),
        ].merging(configurationURL.map { ["configuration_url": JSONValue.string($0)] } ?? [:]) { a, _ in a })
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
