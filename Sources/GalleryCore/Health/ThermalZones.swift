import Foundation

/// The CPU's temperature among the kernel's thermal zones (`/sys/class/thermal/thermal_zone*/type` and `temp`, the
/// latter in millidegrees Celsius): the zone a CPU reports under (`x86_pkg_temp` on Intel, `cpu-thermal` on a
/// Raspberry Pi, `soc_thermal` on other boards), else the first zone that reads.
public enum ThermalZones {
    /// A zone as read: its folder's name (`thermal_zone0`), its type, its `temp` file's text.
    public struct Zone: Equatable, Sendable {
        public var name: String
        public var type: String
        public var temp: String
        public init(name: String, type: String, temp: String) { self.name = name; self.type = type; self.temp = temp }
    }

    /// The CPU's zone types, most telling first.
    public static let cpuTypes = ["x86_pkg_temp", "cpu-thermal", "cpu_thermal", "soc_thermal"]

    /// The CPU's temperature in °C to a tenth, nil where no zone reads (a machine without zones, a broken file).
    public static func cpuTemperature(_ zones: [Zone]) -> Double? {
        let readable = zones.compactMap { zone in celsius(zone.temp).map { (zone, $0) } }
            .sorted { number($0.0.name) < number($1.0.name) }
        for type in cpuTypes {
            if let hit = readable.first(where: { $0.0.type.trimmingCharacters(in: .whitespacesAndNewlines) == type }) {
                return hit.1
            }
        }
        return readable.first?.1
    }

    /// A `temp` file's millidegrees as °C to a tenth; nil for what is not a plausible reading.
    public static func celsius(_ text: String) -> Double? {
        guard let milli = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), (-100_000...200_000).contains(milli)
        else { return nil }
        return (Double(milli) / 100).rounded() / 10
    }

    /// `thermal_zone12` → 12, so zone 2 comes before zone 10.
    private static func number(_ name: String) -> Int { Int(name.filter(\.isNumber)) ?? Int.max }
}

/// The process's resident memory from `/proc/self/statm` (pages: size, resident, …).
public enum ProcessMemory {
    /// Resident bytes from statm's text and the page size; nil for anything else.
    public static func residentBytes(statm: String, pageSize: Int) -> Int? {
        let fields = statm.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)),
              pages >= 0, pageSize > 0 else { return nil }
        return pages * pageSize
    }
}
