/// The frame's health as Home Assistant's diagnostic entities: when the photo last changed, since when the frame
/// runs, its temperature, memory, caches, source, pass and display, and a Stalled problem sensor. Each reads the
/// retained state (`FrameState.health`, `last_advanced`, `stalled`) with `.get` and a fallback; a value the frame
/// does not report (no thermal zone, no photo yet) renders `None`, which Home Assistant's MQTT sensor takes for
/// "unknown". Units stay English (see the `photos` sensor), as do the entity ids.
extension HomeAssistantDiscovery {
    var healthEntities: [Entity] {
        let state = JSONValue.string(topics.state)
        let health = "{% set h = value_json.get('health') or {} %}"
        func sensor(_ object: String, _ name: String, icon: String, template: String,
                    more: [String: JSONValue] = [:]) -> Entity {
            Entity(component: "sensor", object: object, name: name, fields: [
                "icon": .string(icon), "state_topic": state, "value_template": .string(template),
                "entity_category": "diagnostic",
            ].merging(more) { _, given in given })
        }
        // Bytes as megabytes to a tenth, None where the frame says none.
        func megabytes(_ path: String) -> String {
            health + "{% set b = \(path) %}{{ (b / 1000000) | round(1) if b is number else None }}"
        }
        let size: [String: JSONValue] = ["device_class": "data_size", "unit_of_measurement": "MB",
                                         "state_class": "measurement"]
        return [
            sensor("last_advanced", untranslated("Last advanced"), icon: "mdi:image-refresh",
                   template: "{{ value_json.get('last_advanced') or None }}", more: ["device_class": "timestamp"]),
            sensor("started", untranslated("Started"), icon: "mdi:restart",
                   template: health + "{{ h.get('started') or None }}", more: ["device_class": "timestamp"]),
            sensor("temperature", untranslated("Temperature"), icon: "mdi:thermometer",
                   template: health + "{% set t = h.get('temperature') %}{{ t if t is number else None }}",
                   more: ["device_class": "temperature", "unit_of_measurement": "°C", "state_class": "measurement",
                          "suggested_display_precision": 1]),
            sensor("memory", untranslated("Memory"), icon: "mdi:memory", template: megabytes("h.get('memory')"),
                   more: size),
            sensor("cache_size", untranslated("Cache size"), icon: "mdi:database",
                   template: megabytes("(h.get('cache') or {}).get('bytes')"), more: size),
            sensor("cache_hit_rate", untranslated("Cache hit rate"), icon: "mdi:database-check",
                   template: health + "{% set r = (h.get('cache') or {}).get('hit_rate') %}"
                       + "{{ (r * 100) | round(0) if r is number else None }}",
                   more: ["unit_of_measurement": "%", "state_class": "measurement"]),
            // The source's last error (English, as the frame logs it), else online or offline.
            sensor("source_status", untranslated("Source status"), icon: "mdi:cloud-check-outline",
                   template: health + "{% set s = h.get('source') or {} %}"
                       + "{{ (s.get('error') or ('online' if s.get('online', value_json.get('online', true)) else 'offline'))[:255] }}"),
            sensor("pass", untranslated("Photos this pass"), icon: "mdi:progress-check",
                   template: health + "{% set p = h.get('pass') or {} %}"
                       + "{{ (100 * p.get('shown', 0) / p.get('total')) | round(0) if p.get('total') else None }}",
                   more: ["unit_of_measurement": "%", "state_class": "measurement"]),
            sensor("display_reason", untranslated("Display reason"), icon: "mdi:monitor-eye",
                   template: health + "{{ h.get('display_reason') or None }}"),
            Entity(component: "binary_sensor", object: "stalled", name: untranslated("Stalled"), fields: [
                "device_class": "problem", "state_topic": state,
                "value_template": "{{ 'ON' if value_json.get('stalled') else 'OFF' }}",
                "payload_on": "ON", "payload_off": "OFF", "entity_category": "diagnostic",
            ]),
        ]
    }
}
