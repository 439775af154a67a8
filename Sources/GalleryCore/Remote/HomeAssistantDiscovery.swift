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

    /// Where Home Assistant says it has (re)started (its birth message, `online`): the frame publishes its configs
    /// again then, as Home Assistant asks of devices, so a Home Assistant that started on a broker without them
    /// (its store lost) or missed one while it loaded its platforms still finds every entity.
    public var statusTopic: String { "\(prefix)/status" }
    /// Whether `payload` on `statusTopic` is Home Assistant's birth.
    public static func isBirth(_ payload: Data) -> Bool { payload == Data("online".utf8) }

    /// The sources the frame can show (`SourceRegistry`'s names), the Source select's options.
    public let sources: [String]
    /// The remote page's address (`--remote`), which Home Assistant links from the device ("Visit").
    public let configurationURL: String?
    /// The overlays that can be switched (the registry's names: `clock`, `values`…), a switch each.
    public let overlays: [String]

    public init(frameID: FrameID, deviceName: String, version: String, prefix: String = "homeassistant",
                sources: [String] = [], configurationURL: String? = nil, overlays: [String] = []) {
        self.overlays = overlays
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
        /// Its name in English, which its entity id is made from (`object_id`), so that an automation naming
        /// `button.hall_next_photo` keeps working whatever language the frame speaks.
        public let englishName: String
        /// Its fields, its name (in the frame's language) among them.
        public let fields: [String: JSONValue]

        /// An entity called `name` (English, shown translated in the frame's book).
        init(component: String, object: String, name: String, fields: [String: JSONValue]) {
            self.init(component: component, object: object, englishName: name, shownName: tr(name), fields: fields)
        }

        init(component: String, object: String, englishName: String, shownName: String, fields: [String: JSONValue]) {
            self.component = component
            self.object = object
            self.englishName = englishName
            self.fields = fields.merging(["name": .string(shownName)]) { _, name in name }
        }
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
            Entity(component: "button", object: "next", name: untranslated("Next photo"), fields: [
                "icon": "mdi:skip-next",
                "command_topic": command, "payload_press": "next",
            ]),
            Entity(component: "button", object: "previous", name: untranslated("Previous photo"), fields: [
                "icon": "mdi:skip-previous",
                "command_topic": command, "payload_press": "previous",
            ]),
            Entity(component: "button", object: "reload", name: untranslated("Reload"), fields: [
                "icon": "mdi:refresh",
                "command_topic": command, "payload_press": "reload",
                "entity_category": "config",
            ]),
            Entity(component: "switch", object: "display", name: untranslated("Display"), fields: [
                "icon": "mdi:monitor",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('display') == 'on' else 'OFF' }}",
                "command_topic": .string(topics.displaySet),
                "payload_on": "ON", "payload_off": "OFF", "state_on": "ON", "state_off": "OFF",
            ]),
            Entity(component: "switch", object: "pause", name: untranslated("Pause"), fields: [
                "icon": "mdi:pause",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('paused') else 'OFF' }}",
                "command_topic": command,
                "payload_on": "pause", "payload_off": "play", "state_on": "ON", "state_off": "OFF",
            ]),
            Entity(component: "select", object: "mode", name: untranslated("Mode"), fields: [
                "icon": "mdi:view-dashboard",
                "state_topic": state, "value_template": "{{ value_json.get('mode', 'wall') }}",
                "command_topic": .string(topics.modeSet),
                "options": .array(["wall", "slideshow"]),
            ]),
            Entity(component: "number", object: "interval", name: untranslated("Interval"), fields: [
                "icon": "mdi:timer-outline",
                "state_topic": state, "value_template": "{{ value_json.get('interval', 0) }}",
                "command_topic": command, "command_template": "interval:{{ value }}",
                // The vocabulary's range: a value outside the entity's own would be an error in Home Assistant's log.
                "min": .number(Int(CommandNames.intervalRange.lowerBound)),
                "max": .number(Int(CommandNames.intervalRange.upperBound)),
                "step": 1, "mode": "box", "unit_of_measurement": "s", "device_class": "duration",
                "entity_category": "config",
            ]),
            Entity(component: "sensor", object: "now_showing", name: untranslated("Now showing"), fields: [
                "icon": "mdi:image-frame",
                "state_topic": state,
                // A state is at most 255 characters in Home Assistant; the caption, else the author, else the id.
                "value_template": .string(HomeAssistantDiscovery.nowShowingTemplate(
                    // Translators: Home Assistant's "Now showing" when no photo shows.
                    nothing: tr("nothing", context: "no photo shows"))),
                "json_attributes_topic": state,
                "json_attributes_template": "{{ (value_json.get('photo') or {}) | tojson }}",
            ]),
            Entity(component: "sensor", object: "photos", name: untranslated("Photos in the feed"), fields: [
                "icon": "mdi:image-multiple",
                "state_topic": state, "value_template": "{{ value_json.get('photos', 0) }}",
                // The unit stays English: Home Assistant keeps a measurement's history per unit, and a unit that
                // changed with the frame's language would start a new one (and warn).
                "state_class": "measurement", "unit_of_measurement": "photos",
                "entity_category": "diagnostic",
            ]),
            Entity(component: "binary_sensor", object: "online", name: untranslated("Online"), fields: [
                "device_class": "connectivity",
                "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('online') else 'OFF' }}",
                "payload_on": "ON", "payload_off": "OFF",
                "entity_category": "diagnostic",
            ]),
            Entity(component: "image", object: "photo", name: untranslated("Photo"), fields: [
                "image_topic": .string(topics.photo), "content_type": "image/jpeg",
            ]),
            // The whole screen as the panel shows it (overlays included), and buttons to refresh it and to tell
            // which frame on the wall this is.
            Entity(component: "image", object: "screen", name: untranslated("Screen"), fields: [
                "image_topic": .string(topics.screen), "content_type": "image/jpeg",
            ]),
            Entity(component: "button", object: "screenshot", name: untranslated("Take screenshot"), fields: [
                "icon": "mdi:monitor-screenshot",
                "command_topic": command, "payload_press": .string(MQTTCommand.screenshot),
            ]),
            Entity(component: "button", object: "identify", name: untranslated("Identify"), fields: [
                "icon": "mdi:card-account-details-outline",
                "command_topic": command, "payload_press": "identify",
            ]),
        ]
        if !sources.isEmpty {
            entities.append(Entity(component: "select", object: "source", name: untranslated("Source"), fields: [
                "icon": "mdi:folder-multiple-image",
                "state_topic": state,
                "value_template": "{{ (value_json.get('source') or {}).get('name', '') }}",
                "command_topic": command, "command_template": "source:{{ value }}",
                "options": .array(sources.map(JSONValue.string)),
            ]))
        }
        return entities + healthEntities + overlays.map(overlaySwitch)
    }

    /// An overlay's switch: ON while the state says it is on (an overlay the state does not name is on), and
    /// `overlay-on:NAME` / `overlay-off:NAME` on the command topic.
    func overlaySwitch(_ name: String) -> Entity {
        Entity(component: "switch", object: "overlay_\(name.replacingOccurrences(of: "-", with: "_"))",
               // The id from the registry's name, as before titles: `switch.hall_values_overlay` stays.
               englishName: name.replacingOccurrences(of: "-", with: " ") + " overlay",
               // Translators: a Home Assistant switch showing or hiding an overlay on the photos; {name} is the
               // overlay's name ("Clock", "Weather").
               shownName: tr("{name} overlay", ["name": OverlayTitles.title(of: name, in: Words.book)]), fields: [
            "icon": "mdi:layers-outline",
            "state_topic": .string(topics.state),
            "value_template": .string("{{ 'ON' if ((value_json.get('overlays') or {}).get('\(name)') or {}).get('on', true) "
                                      + "else 'OFF' }}"),
            "command_topic": .string(topics.command),
            "payload_on": .string("overlay-on:\(name)"), "payload_off": .string("overlay-off:\(name)"),
            "state_on": "ON", "state_off": "OFF",
        ])
    }

    /// `nothing`, in the frame's language, goes into a Jinja string literal: its quotes and backslashes escaped.
    static func nowShowingTemplate(nothing: String) -> String {
        let quoted = nothing.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        return "{% set p = value_json.get('photo') or {} %}"
            + "{{ (p.get('caption') or p.get('title') or p.get('author') or p.get('id') or '\(quoted)')[:255] }}"
    }

    /// The device every entity belongs to.
    public var device: JSONValue {
        .object([
            "identifiers": .array([.string("tessera_\(topics.frameID.value)")]),
            "name": .string(deviceName),
            "manufacturer": "Tessera",
            "model": .string(tr("Tessera photo frame")),
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
        // The entity id Home Assistant makes (slugified): from the English, never the shown name. `object_id` is what
        // Home Assistant 2025.4 reads (2025.10 adds `default_entity_id` and still honours this one).
        fields["object_id"] = .string("\(deviceName) \(entity.englishName)")
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
