import Foundation
import GalleryCore

/// Reads what the kernel says of the process and the machine for the health (`/proc/self/statm`, the thermal zones,
/// a Raspberry Pi's throttling); the core parses it. Every path is under `root` (`TESSERA_SYS_ROOT`, default "/"),
/// so a test gives a fake thermal zone and a fake `get_throttled`. Small files, read whole (4 KB at most).
struct SystemReadings {
    let root: String

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        root = environment["TESSERA_SYS_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    }

    static let throttledPath = "/sys/devices/platform/soc/soc:firmware/get_throttled"
    static let thermalFolder = "/sys/class/thermal"

    /// The process's resident bytes.
    var memory: Int? {
        text("/proc/self/statm").flatMap { ProcessMemory.residentBytes(statm: $0, pageSize: Int(sysconf(Int32(_SC_PAGESIZE)))) }
    }

    /// The CPU's temperature in °C (`ThermalZones.cpuTemperature`).
    var temperature: Double? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(SystemReadings.thermalFolder))) ?? []
        let zones = names.filter { $0.hasPrefix("thermal_zone") }.prefix(64).compactMap { name -> ThermalZones.Zone? in
            let folder = SystemReadings.thermalFolder + "/" + name
            guard let temp = text(folder + "/temp") else { return nil }
            return ThermalZones.Zone(name: name, type: text(folder + "/type") ?? "", temp: temp)
        }
        return ThermalZones.cpuTemperature(zones)
    }

    /// A Raspberry Pi's throttling, nil where the firmware's file is not there.
    var throttled: ThrottledBits? { text(SystemReadings.throttledPath).flatMap(ThrottledBits.parse) }

    private func path(_ absolute: String) -> String {
        root == "/" ? absolute : (root.hasSuffix("/") ? String(root.dropLast()) : root) + absolute
    }

    private func text(_ absolute: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path(absolute)) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
