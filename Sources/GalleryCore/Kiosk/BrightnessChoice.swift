import Foundation

/// `--brightness`: the way a frame's brightness is set for its dim spells. `auto` takes the first way the machine
/// offers; the others are the owner's choice, used alone (and said when they cannot act); `none` dims by drawing.
public enum BrightnessWay: String, CaseIterable, Sendable {
    case auto, logind, backlight, ddc, command, none

    /// The option's words, for `--help` and its refusal.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A backlight as the kernel lists it (`/sys/class/backlight/NAME`).
public struct Backlight: Equatable, Sendable {
    /// Its name in the class (`intel_backlight`, `rpi_backlight`, `acpi_video0`): logind's `SetBrightness` takes it.
    public var name: String
    /// Its folder: `brightness` and `max_brightness` are in it.
    public var path: String
    /// `max_brightness`: the device's range is 0 through this.
    public var maxBrightness: Int
    /// Its `type` file: `firmware`, `platform` or `raw` (the kernel's order of preference).
    public var type: String
    /// Whether this process may write its `brightness` file (a udev rule, a group, root).
    public var writable: Bool

    public init(name: String, path: String, maxBrightness: Int, type: String = "raw", writable: Bool = false) {
        self.name = name; self.path = path; self.maxBrightness = maxBrightness; self.type = type; self.writable = writable
    }

    /// The one to use of several: firmware before platform before raw (as the kernel's documentation advises: a raw
    /// interface may be one of several driving the same panel), then by name, so the choice is the same every start.
    /// Those whose `max_brightness` is not a positive number have no range to set and are left out.
    public static func preferred(_ all: [Backlight]) -> Backlight? {
        let rank = ["firmware": 0, "platform": 1, "raw": 2]
        return all.filter { $0.maxBrightness > 0 }
            .min { (rank[$0.type] ?? 3, $0.name) < (rank[$1.type] ?? 3, $1.name) }
    }

    /// `max_brightness` as sysfs writes it ("255\n"); nil for anything else (bytes from a file are not trusted).
    public static func number(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 10, trimmed.allSatisfy(\.isASCII), let value = Int(trimmed), value >= 0 else {
            return nil
        }
        return value
    }
}

/// One means of setting the brightness, as the app has them.
public enum BrightnessMeans: Equatable, Sendable, CustomStringConvertible {
    /// `--brightness-command`, its `{}` replaced by the level in percent.
    case command
    /// systemd-logind's `SetBrightness` on the session (no root needed) for this backlight.
    case logind(Backlight)
    /// The backlight's `brightness` file, written directly.
    case backlightFile(Backlight)
    /// An external monitor's DDC/CI (VCP feature 0x10) through `ddcutil`, on the display `ddcutil detect` found.
    case ddc(DDCDisplay)

    public var description: String {
        switch self {
        case .command: return "the brightness command given (--brightness-command)"
        case .logind(let light): return "systemd-logind's SetBrightness on the backlight \(light.name) (0-\(light.maxBrightness))"
        case .backlightFile(let light): return "\(light.path)/brightness (0-\(light.maxBrightness))"
        case .ddc(let display): return "DDC/CI through ddcutil (display \(display.number), \(display.monitor))"
        }
    }

    /// The device's level for `percent` (clamped to 0-100): its range 0...`maximum` scaled and rounded, with a floor of
    /// 1 for any percent above 0, since many panels go black at 0: black only when 0 % is asked for.
    public static func level(percent: Int, maximum: Int) -> Int {
        let percent = min(max(percent, 0), 100)
        guard maximum > 0, percent > 0 else { return 0 }
        return max(1, (percent * maximum + 50) / 100)
    }

    /// The shell line for `--brightness-command`: every `{}` replaced by the level in percent (clamped to 0-100), as
    /// plain decimal digits. Digits need no quoting in any shell context (bare, inside the owner's own single or double
    /// quotes), so the line can never be made to say more than the owner wrote. Without `{}` the level is appended
    /// as the last word.
    public static func commandLine(_ template: String, percent: Int) -> String {
        let level = String(min(max(percent, 0), 100))
        return template.contains("{}") ? template.replacingOccurrences(of: "{}", with: level) : template + " " + level
    }
}

/// What the machine offers for setting brightness. The costly questions (logind over the system bus, `ddcutil detect`,
/// which takes seconds on a machine with monitors) are closures, asked only when the choice comes to them.
public struct BrightnessFacts {
    /// Whether `--brightness-command` was given.
    public var commandGiven: Bool
    /// The backlights in /sys/class/backlight (read first: a directory listing and two small files each).
    public var backlights: [Backlight]
    /// Nil when logind can set this backlight for this process's session, else why not.
    public var logind: (Backlight) -> String?
    /// Whether `ddcutil` is installed.
    public var ddcTool: Bool
    /// The first display `ddcutil detect --brief` finds that answers DDC/CI, or why none.
    public var ddcDisplay: () -> Result<DDCDisplay, BrightnessPlan.Refusal>

    public init(commandGiven: Bool, backlights: [Backlight] = [],
                logind: @escaping (Backlight) -> String? = { _ in "there is no system bus" },
                ddcTool: Bool = false,
                ddcDisplay: @escaping () -> Result<DDCDisplay, BrightnessPlan.Refusal> = { .failure(.init("no display answers DDC/CI")) }) {
        self.commandGiven = commandGiven; self.backlights = backlights; self.logind = logind
        self.ddcTool = ddcTool; self.ddcDisplay = ddcDisplay
    }
}

/// The means that sets the brightness, or nothing (the frame then dims by drawing darker), and why.
public struct BrightnessPlan: Equatable, Sendable, CustomStringConvertible {
    public var means: BrightnessMeans?
    /// Why nothing sets the brightness (said once in the log); empty when something does.
    public var why: String

    public struct Refusal: Error, Equatable, Sendable {
        public var why: String
        public init(_ why: String) { self.why = why }
    }

    public init(means: BrightnessMeans?, why: String = "") { self.means = means; self.why = why }

    /// Whether it sets anything (dimming by drawing does not).
    public var canSet: Bool { means != nil }

    /// The log's words: "brightness: \(plan)".
    public var description: String {
        means.map(\.description) ?? "drawn darker, not set (\(why))"
    }

    /// The way to set this machine's brightness: `way` as asked, with what `facts` offers.
    public static func choose(_ way: BrightnessWay, _ facts: BrightnessFacts) -> BrightnessPlan {
        func answer(_ result: Result<BrightnessMeans, Refusal>) -> BrightnessPlan {
            switch result {
            case .success(let means): return BrightnessPlan(means: means)
            case .failure(let refusal): return BrightnessPlan(means: nil, why: "--brightness \(way.rawValue): \(refusal.why)")
            }
        }
        switch way {
        case .auto: return automatic(facts)
        case .none: return BrightnessPlan(means: nil, why: "--brightness none")
        case .command: return answer(facts.commandGiven ? .success(.command) : .failure(.init("no --brightness-command given")))
        case .logind: return answer(logind(facts))
        case .backlight: return answer(file(facts))
        case .ddc: return answer(ddc(facts))
        }
    }

    /// The command if given, else logind on a backlight, else the backlight's file where it is writable, else DDC/CI
    /// where `ddcutil` finds a display; else nothing, and every reason.
    private static func automatic(_ facts: BrightnessFacts) -> BrightnessPlan {
        if facts.commandGiven { return BrightnessPlan(means: .command) }
        var why: [String] = []
        for way in [logind, file, ddc] {
            switch way(facts) {
            case .success(let means): return BrightnessPlan(means: means)
            case .failure(let refusal): if !why.contains(refusal.why) { why.append(refusal.why) }
            }
        }
        return BrightnessPlan(means: nil, why: why.joined(separator: ", "))
    }

    private static func backlight(_ facts: BrightnessFacts) -> Result<Backlight, Refusal> {
        Backlight.preferred(facts.backlights).map { .success($0) }
            ?? .failure(.init(facts.backlights.isEmpty ? "there is no backlight (/sys/class/backlight is empty)"
                                                       : "no backlight has a max_brightness above 0"))
    }

    private static func logind(_ facts: BrightnessFacts) -> Result<BrightnessMeans, Refusal> {
        backlight(facts).flatMap { light in
            facts.logind(light).map { .failure(.init("systemd-logind cannot set \(light.name): \($0)")) } ?? .success(.logind(light))
        }
    }

    private static func file(_ facts: BrightnessFacts) -> Result<BrightnessMeans, Refusal> {
        backlight(facts).flatMap { light in
            light.writable ? .success(.backlightFile(light))
                : .failure(.init("\(light.path)/brightness is not writable by this user (a udev rule or the video group would allow it)"))
        }
    }

    private static func ddc(_ facts: BrightnessFacts) -> Result<BrightnessMeans, Refusal> {
        guard facts.ddcTool else { return .failure(.init("ddcutil is not installed (for an external monitor's DDC/CI)")) }
        return facts.ddcDisplay().map { .ddc($0) }
    }
}
