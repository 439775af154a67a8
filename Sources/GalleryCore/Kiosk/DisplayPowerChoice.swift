/// `--display-power`: the way a frame's display is switched off and on outside its hours. `auto` takes the first
/// way the display stack offers, with HDMI-CEC beside a way that only cuts the signal; the others are the owner's
/// choice, used alone (and said when they cannot act).
public enum DisplayPowerWay: String, CaseIterable, Sendable {
    case auto, dpms, kms, wlr, cec, command

    /// The option's words, for `--help` and its refusal.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// One means of switching the display, as the app has them.
public enum DisplayPowerMeans: Equatable, Sendable, CustomStringConvertible {
    /// `--display-off-command` and `--display-on-command`.
    case commands
    /// X11 DPMS (libXext).
    case x11DPMS
    /// A wlroots compositor's output power (wlr-output-power-management).
    case wlr
    /// The KMS connectors' DPMS property on SDL's DRM descriptor.
    case kms
    /// A TV's HDMI-CEC through `cec-ctl` on this adapter.
    case cec(device: String)

    /// Whether it only cuts the signal: many TVs then stay lit on "no signal", so HDMI-CEC goes with it.
    public var cutsSignalOnly: Bool {
        switch self {
        case .x11DPMS, .wlr, .kms: return true
        case .commands, .cec: return false
        }
    }

    public var description: String {
        switch self {
        case .commands: return "the display commands given (--display-off-command, --display-on-command)"
        case .x11DPMS: return "X11 DPMS"
        case .wlr: return "the Wayland compositor's output power (wlr-output-power-management)"
        case .kms: return "the KMS connectors' DPMS property"
        case .cec(let device): return "HDMI-CEC (cec-ctl, \(device))"
        }
    }
}

/// What a display stack offers for switching its display. The costly questions (a Wayland connection, DPMS on the
/// X server, the DRM connectors) are closures, asked only when the choice comes to them.
public struct DisplayPowerFacts {
    /// Whether `--display-off-command` was given.
    public var commandsGiven: Bool
    /// SDL's video driver as SDL names it ("x11", "wayland", "KMSDRM", "offscreen"), nil before SDL started.
    public var driver: String?
    /// Whether X11 runs inside a Wayland session (XWayland, which has no DPMS).
    public var underWayland: Bool
    /// Nil when the X server has DPMS, else why not.
    public var x11DPMS: () -> String?
    /// Nil when the compositor offers output power (and the app now holds its connection), else why not.
    public var wlr: () -> String?
    /// Nil when SDL's DRM device shows a connected connector with a DPMS property, else why not.
    public var kms: () -> String?
    /// The first `/dev/cec*`, if any.
    public var cecDevice: String?
    /// Whether `cec-ctl` (v4l-utils) is installed.
    public var cecTool: Bool

    public init(commandsGiven: Bool, driver: String?, underWayland: Bool = false,
                x11DPMS: @escaping () -> String? = { "the X server has no DPMS extension" },
                wlr: @escaping () -> String? = { "there is no Wayland compositor" },
                kms: @escaping () -> String? = { "SDL's DRM device shows no connected display with a DPMS property" },
                cecDevice: String? = nil, cecTool: Bool = false) {
        self.commandsGiven = commandsGiven; self.driver = driver; self.underWayland = underWayland
        self.x11DPMS = x11DPMS; self.wlr = wlr; self.kms = kms; self.cecDevice = cecDevice; self.cecTool = cecTool
    }

    /// The HDMI-CEC adapter, or why there is none to use.
    var cec: Result<DisplayPowerMeans, DisplayPowerPlan.Refusal> {
        guard let device = cecDevice else { return .failure(.init("there is no HDMI-CEC device (/dev/cec*)")) }
        guard cecTool else { return .failure(.init("\(device) is there but cec-ctl is not (install v4l-utils)")) }
        return .success(.cec(device: device))
    }
}

/// The means used together (switched on in this order, off in the reverse), or nothing, and why.
public struct DisplayPowerPlan: Equatable, Sendable, CustomStringConvertible {
    public var means: [DisplayPowerMeans]
    /// Why nothing switches the display (said once, in the log and the header by day); empty when something does.
    public var why: String

    public struct Refusal: Error, Equatable { public var why: String; init(_ why: String) { self.why = why } }

    public init(means: [DisplayPowerMeans], why: String = "") { self.means = means; self.why = why }

    /// Whether it switches anything (a black screen does not).
    public var canSwitch: Bool { !means.isEmpty }

    /// The HDMI-CEC adapter used, if any.
    public var cecDevice: String? {
        for case .cec(let device) in means { return device }
        return nil
    }

    /// The log's words: "display power: \(plan)".
    public var description: String {
        means.isEmpty ? "black, not off (\(why))" : means.map(\.description).joined(separator: " and ")
    }

    /// The way to switch this display: `way` as asked, with what `facts` offers.
    public static func choose(_ way: DisplayPowerWay, _ facts: DisplayPowerFacts) -> DisplayPowerPlan {
        func one(_ answer: String?, _ means: DisplayPowerMeans) -> DisplayPowerPlan {
            answer.map { DisplayPowerPlan(means: [], why: "--display-power \(way.rawValue): \($0)") } ?? DisplayPowerPlan(means: [means])
        }
        switch way {
        case .auto:
            return automatic(facts)
        case .command:
            return one(facts.commandsGiven ? nil : "no --display-off-command given", .commands)
        case .dpms:
            return one(facts.driver == "x11" ? facts.x11DPMS() : "the video driver is \(facts.driver ?? "none"), not X11", .x11DPMS)
        case .wlr:
            let wayland = facts.driver == "wayland" || (facts.driver == "x11" && facts.underWayland)
            return one(wayland ? facts.wlr() : "the video driver is \(facts.driver ?? "none"), not Wayland", .wlr)
        case .kms:
            return one(facts.driver == "KMSDRM" ? facts.kms() : "the video driver is \(facts.driver ?? "none"), not KMSDRM", .kms)
        case .cec:
            switch facts.cec {
            case .success(let means): return DisplayPowerPlan(means: [means])
            case .failure(let refusal): return DisplayPowerPlan(means: [], why: "--display-power cec: \(refusal.why)")
            }
        }
    }

    /// The commands if given, else what the video driver has (X11 DPMS, the compositor's output power, KMS DPMS),
    /// with HDMI-CEC beside it where an adapter is; else HDMI-CEC alone; else nothing, and why.
    private static func automatic(_ facts: DisplayPowerFacts) -> DisplayPowerPlan {
        if facts.commandsGiven { return DisplayPowerPlan(means: [.commands]) }
        var why: [String] = []
        var found: DisplayPowerMeans?
        let driver = facts.driver ?? ""
        if driver == "x11" {
            if let no = facts.x11DPMS() { why.append(no) } else { found = .x11DPMS }
        }
        // Natively on Wayland, or through XWayland (which has no DPMS): the compositor's own output power.
        if found == nil, driver == "wayland" || (driver == "x11" && facts.underWayland) {
            if let no = facts.wlr() { why.append(no) } else { found = .wlr }
        }
        if driver == "KMSDRM" {
            if let no = facts.kms() { why.append(no) } else { found = .kms }
        } else if !["x11", "wayland"].contains(driver) {
            why.append("the \(facts.driver ?? "unknown") video driver offers no way to switch the display")
        }
        switch (found, facts.cec) {
        case let (means?, .success(cec)): return DisplayPowerPlan(means: [means, cec])
        case let (means?, .failure): return DisplayPowerPlan(means: [means])
        case let (nil, .success(cec)): return DisplayPowerPlan(means: [cec])
        case let (nil, .failure(refusal)):
            return DisplayPowerPlan(means: [], why: (why + [refusal.why]).joined(separator: ", "))
        }
    }
}
