import Foundation
import GalleryCore
import SystemdKit

/// What this machine offers for setting brightness, asked for `BrightnessPlan.choose`: the backlights in sysfs (under
/// `TESSERA_SYSFS_ROOT` in place of /sys, for tests), systemd-logind on the system bus, `ddcutil` on `PATH`.
final class BrightnessProbe {
    private let environment: [String: String]
    /// The system bus, once logind was asked (kept for `.logind`).
    private(set) var bus: SystemBus?
    /// `ddcutil`'s path, if installed.
    let ddcutil: String?

    init(environment: [String: String]) {
        self.environment = environment
        ddcutil = Executables.find("ddcutil", environment: environment)
    }

    /// The facts; the system bus and `ddcutil detect` are asked only when the choice comes to them.
    func facts(commandGiven: Bool) -> BrightnessFacts {
        BrightnessFacts(
            commandGiven: commandGiven, backlights: backlights(),
            logind: { [self] _ in logindWhyNot() },
            ddcTool: ddcutil != nil,
            ddcDisplay: { [self] in detectDisplay() })
    }

    /// The folder the kernel lists backlights in.
    var backlightClass: String { (environment["TESSERA_SYSFS_ROOT"] ?? "/sys") + "/class/backlight" }

    /// Each backlight with a readable `max_brightness` (bounded reads: sysfs, or whatever stands in its place).
    func backlights() -> [Backlight] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: backlightClass)) ?? []
        return names.sorted().prefix(64).compactMap { name in
            let path = backlightClass + "/" + name
            guard let maximum = Self.small(path + "/max_brightness").flatMap(Backlight.number) else { return nil }
            let type = Self.small(path + "/type")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "raw"
            return Backlight(name: name, path: path, maxBrightness: maximum, type: type,
                             writable: access(path + "/brightness", W_OK) == 0)
        }
    }

    /// Nil when logind has an active session for this process (`SystemBus.sessionIsActive`), else why not.
    private func logindWhyNot() -> String? {
        do {
            let bus = try self.bus ?? SystemBus()
            self.bus = bus
            return try bus.sessionIsActive() ? nil : "this session is not the active one on its seat"
        } catch {
            return "\(error)"
        }
    }

    /// The first display `ddcutil detect --brief` lists as answering DDC/CI.
    private func detectDisplay() -> Result<DDCDisplay, BrightnessPlan.Refusal> {
        guard let ddcutil else { return .failure(.init("ddcutil is not installed")) }
        let answer = DisplaySwitch.capture([ddcutil, "detect", "--brief"])
        guard answer.status == 0 else {
            return .failure(.init("ddcutil detect exited with \(answer.status) (\(answer.text.prefix(120)))"))
        }
        return DDCDetect.displays(answer.text).first.map { .success($0) }
            ?? .failure(.init("ddcutil detect finds no display that answers DDC/CI"))
    }

    /// The first 64 bytes of a small file, as text; nil when it cannot be read.
    private static func small(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 64) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
