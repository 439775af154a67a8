import Foundation
import GalleryCore
import SystemdKit

/// Sets the display's brightness for a dim spell by the way `--brightness` names (`auto`: the first the machine
/// offers, `BrightnessPlan`), named once in the log: the owner's `--brightness-command`, a backlight through
/// systemd-logind's `SetBrightness` (no root needed) or its sysfs `brightness` file where that is writable, an external
/// monitor's DDC/CI through `ddcutil`. Where none works the frame dims by drawing darker (`canSet` is false).
///
/// Every way runs on one serial queue off the main loop (ddcutil takes a second or more per call, a D-Bus call or a
/// command may stall), and only the latest level asked for is sent: levels asked while one is being set are
/// coalesced, so a fade cannot queue up a minute of DDC traffic. Choosing the way runs there too (`ddcutil detect`
/// may take ten seconds, a D-Bus call may stall): the switch is made at once on the main thread, and until the way is
/// known `canSet` is false (the frame draws darker); levels asked meanwhile wait there, the latest sent once known.
/// A send that fails makes `canSet` false too, so the week's dim falls back to drawing darker.
final class BrightnessSwitch: @unchecked Sendable {
    /// The way chosen, once known (under `lock`).
    private var known: BrightnessPlan?
    /// Set when a send failed (under `lock`): the frame draws darker from then on.
    private var failed = false
    /// The system bus, for `.logind`: used on `helpers` alone.
    private var bus: SystemBus?
    /// `--brightness-command`'s line, `{}` for the level in percent.
    private let command: String
    /// The `ddcutil` to run, for `.ddc` (set on `helpers` alone).
    private var ddcutil: String
    /// Runs a helper to its end and returns its exit status and words (`DisplaySwitch.capture`; a test's stand-in).
    private let run: ([String]) -> HDMICEC.Output

    /// Helpers run one after another, off the main loop.
    private let helpers = DispatchQueue(label: "tessera.brightness")
    /// The level waiting to be sent (nil: none), and whether a drain is queued on `helpers`; under `lock`.
    private var waiting: Int?
    private var draining = false
    /// The last level asked for, in percent (nil before the first): the remote's state shows it.
    private var asked: Int?
    /// The monitor's top of VCP 0x10, read once (`ddcutil getvcp 10`) on `helpers`; 100 where it cannot be read.
    private var ddcMaximum: Int?
    /// What the panel had before the frame first set it (on `helpers`): a backlight's own level, read from its
    /// `brightness` file; `.some(nil)` where it cannot be read (DDC, a command: full light is put back); nil before
    /// the first send.
    private var before: Int??
    private let lock = NSLock()

    /// Whether it sets anything (else the frame draws darker): false until the way is known, and after a send failed.
    /// Never waits: the main loop reads it each turn.
    var canSet: Bool { lock.withLock { known?.canSet == true && !failed } }

    /// Whether a send failed (the frame draws darker instead).
    var sendFailed: Bool { lock.withLock { failed } }

    /// The way chosen; WAITS until it is known (tests, the log): the main loop reads `canSet` instead.
    var plan: BrightnessPlan {
        helpers.sync {}
        return lock.withLock { known ?? BrightnessPlan(means: nil, why: "not chosen") }
    }

    /// The last level asked for, in percent; nil before the first (and when nothing sets the brightness).
    var percent: Int? { lock.withLock { asked } }

    init(plan: BrightnessPlan, command: String = "", bus: SystemBus? = nil, ddcutil: String = "ddcutil",
         run: @escaping ([String]) -> HDMICEC.Output = DisplaySwitch.capture) {
        self.known = plan
        self.command = command
        self.bus = bus
        self.ddcutil = ddcutil
        self.run = run
    }

    /// The way this machine's brightness is set: `way` as asked, with what the machine offers (`BrightnessProbe`).
    /// Logs "brightness: …" once. Returns at once: the asking (it may run `ddcutil detect`, seconds, or call the
    /// system bus) runs on the switch's own queue, before any level is sent.
    convenience init(way: BrightnessWay, command: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(plan: BrightnessPlan(means: nil, why: "not chosen yet"), command: command ?? "")
        lock.withLock { known = nil }
        helpers.async {
            let probe = BrightnessProbe(environment: environment)
            let plan = BrightnessPlan.choose(way, probe.facts(commandGiven: !(command ?? "").isEmpty))
            Log.info("brightness: \(plan)")
            if case .logind = plan.means { self.bus = probe.bus }
            self.ddcutil = probe.ddcutil ?? "ddcutil"
            self.lock.withLock { self.known = plan }
        }
    }

    /// Asks for `percent` (clamped to 0-100; 0 is black on many panels, any level above it at least the device's
    /// lowest step). Cheap to call every turn: a level already asked for sends nothing, unless `again` (a display
    /// switched back on may have forgotten it). Returns nil when the level is on its way (what the helper answers
    /// goes to the log), else why nothing sets the brightness.
    @discardableResult
    func set(percent: Int, again: Bool = false) -> String? {
        let percent = min(max(percent, 0), 100)
        var refused: String?
        let start: Bool = lock.withLock {
            // Unknown yet: the level waits on the queue, behind the choosing.
            if let known, !known.canSet { refused = "nothing sets the brightness: \(known.why)"; return false }
            guard asked != percent || again else { return false }
            asked = percent
            waiting = percent
            defer { draining = true }
            return !draining
        }
        if let refused { return refused }
        if start { helpers.async { self.drain() } }
        return nil
    }

    /// Waits until every level asked for so far has been sent (tests; the frame's exit).
    func settle() { helpers.sync {} }

    /// Sends the waiting level, then any asked meanwhile, until none waits.
    private func drain() {
        while true {
            let next: Int? = lock.withLock {
                defer { waiting = nil }
                if waiting == nil { draining = false }
                return waiting
            }
            guard let next else { return }
            if let why = send(next) {
                Log.warn("brightness \(next) %: \(why); drawn darker from now on")
                lock.withLock { failed = true }
            }
        }
    }

    /// Puts the panel back as the frame found it, if the frame set it at all: a backlight to its own level from
    /// before, anything else to full light. Waits at most `patience` seconds (the frame's exit): a frame stopped
    /// during a dim spell or the night clock must not leave the panel dim until someone restarts it.
    func restore(patience: Double = 2) {
        let done = DispatchSemaphore(value: 0)
        helpers.async {
            defer { done.signal() }
            guard let before = self.before, self.lock.withLock({ self.known?.canSet == true }) else { return }
            let why: String?
            switch (self.lock.withLock { self.known?.means }, before) {
            case (.backlightFile(let light)?, let level?): why = BacklightFile.write(level, to: light.path + "/brightness")
            case (.logind(let light)?, let level?):
                do { try self.bus?.setBrightness(subsystem: "backlight", name: light.name, value: UInt32(clamping: level)); why = nil } catch {
                    why = "systemd-logind: \(error)"
                }
            default: why = self.send(100)
            }
            if let why { Log.warn("the brightness was not put back: \(why)") } else { Log.info("brightness: put back") }
        }
        if done.wait(timeout: .now() + patience) == .timedOut { Log.warn("the brightness was not put back in \(patience) s") }
    }

    /// Sets `percent` by the plan's means (on `helpers`); nil when it took, else why not.
    private func send(_ percent: Int) -> String? {
        guard let plan = lock.withLock({ known }) else { return "not chosen" }
        if before == nil {
            switch plan.means {
            case .backlightFile(let light)?, .logind(let light)?: before = .some(BacklightFile.read(light.path + "/brightness"))
            default: before = .some(nil)
            }
        }
        switch plan.means {
        case nil:
            return plan.why
        case .command:
            let line = BrightnessMeans.commandLine(command, percent: percent)
            let answer = run(["/bin/sh", "-c", line])
            return answer.status == 0 ? nil : "the brightness command \(line) exited with \(answer.status)"
        case .logind(let light):
            guard let bus else { return "there is no system bus" }
            let level = BrightnessMeans.level(percent: percent, maximum: light.maxBrightness)
            do { try bus.setBrightness(subsystem: "backlight", name: light.name, value: UInt32(clamping: level)) } catch {
                return "systemd-logind: \(error)"
            }
            return nil
        case .backlightFile(let light):
            return BacklightFile.write(BrightnessMeans.level(percent: percent, maximum: light.maxBrightness),
                                       to: light.path + "/brightness")
        case .ddc(let display):
            let maximum = ddcMaximum ?? {
                let answer = run([ddcutil, "--display", String(display.number), "getvcp", "10", "--brief"])
                let read = answer.status == 0 ? DDCDetect.brightnessMaximum(answer.text) ?? 100 : 100
                ddcMaximum = read
                return read
            }()
            let level = BrightnessMeans.level(percent: percent, maximum: maximum)
            let answer = run([ddcutil, "--display", String(display.number), "setvcp", "10", String(level)])
            return answer.status == 0 ? nil
                : "ddcutil setvcp 10 \(level) exited with \(answer.status): \(answer.text.prefix(200))"
        }
    }
}

/// A backlight's `brightness` file, written in place (sysfs takes the decimal level and a newline).
enum BacklightFile {
    /// The level it holds now (a decimal and a newline, a few bytes), nil when it cannot be read.
    static func read(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 32 else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes `level` to `path` (`open(2)` with `O_TRUNC`, as a shell's `echo 5 > brightness` does, and one `write(2)`:
    /// a sysfs attribute is set in place, never replaced through a temporary file); nil when it took, else why not.
    static func write(_ level: Int, to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return "\(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        let bytes = Array("\(level)\n".utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : "\(path): \(String(cString: strerror(errno)))"
    }
}
