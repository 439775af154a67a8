import Foundation
import GalleryCore
import SystemdKit
import XCTest
@testable import TesseraApp

/// `BrightnessSwitch`: each way reaches its device with the right level: a backlight's file under a stand-in /sys,
/// a stand-in `ddcutil` first on PATH that writes down what it was asked, the owner's command.
final class BrightnessSwitchTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tessera-brightness-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A stand-in /sys with one backlight, `name`, of range 0...`maximum`.
    private func backlight(_ name: String, maximum: String, type: String = "raw") throws -> String {
        let path = "\(folder)/sys/class/backlight/\(name)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try maximum.write(toFile: path + "/max_brightness", atomically: true, encoding: .utf8)
        try type.write(toFile: path + "/type", atomically: true, encoding: .utf8)
        try "0\n".write(toFile: path + "/brightness", atomically: true, encoding: .utf8)
        return path + "/brightness"
    }

    private func environment(path: String? = nil) -> [String: String] {
        ["TESSERA_SYSFS_ROOT": folder + "/sys", "PATH": path ?? folder + "/bin"]
    }

    private func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func testTheBacklightsFileReceivesTheLevelInItsRange() throws {
        let file = try backlight("panel", maximum: "937\n")
        let light = BrightnessSwitch(way: .backlight, command: nil, environment: environment())
        light.settle()
        XCTAssertTrue(light.canSet, "\(light.plan)")
        XCTAssertEqual("\(light.plan)", "\(folder)/sys/class/backlight/panel/brightness (0-937)")
        XCTAssertNil(light.set(percent: 30))
        light.settle()
        XCTAssertEqual(read(file), "281\n")
        XCTAssertNil(light.set(percent: 1))
        light.settle()
        XCTAssertEqual(read(file), "9\n")
        XCTAssertEqual(light.percent, 1)
        light.set(percent: 0)
        light.settle()
        XCTAssertEqual(read(file), "0\n", "black when asked")
    }

    /// A frame stopped during a dim spell puts the panel back as it found it: a backlight to its own level, another
    /// way (a command, DDC) to full light; nothing when it never set the brightness.
    func testTheLevelIsPutBackAtTheFramesExit() throws {
        let file = try backlight("panel", maximum: "937\n")
        try "500\n".write(toFile: file, atomically: true, encoding: .utf8)
        let light = BrightnessSwitch(way: .backlight, command: nil, environment: environment())
        light.set(percent: 30)
        light.settle()
        XCTAssertEqual(read(file), "281\n")
        light.restore()
        XCTAssertEqual(read(file), "500\n", "the panel's own level back")

        let log = folder + "/levels"
        let command = BrightnessSwitch(way: .auto, command: "echo {} >> '\(log)'", environment: environment())
        command.restore()
        XCTAssertEqual(read(log), "", "never set: nothing sent at exit")
        command.set(percent: 20)
        command.restore()
        XCTAssertEqual(read(log), "20\n100\n", "a command cannot be read: full light at exit")
    }

    func testAutoWritesTheFileWhereLogindIsNotThere() throws {
        let file = try backlight("panel", maximum: "100")
        let old = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=\(folder)/no-bus", 1)
        defer { if let old { setenv("DBUS_SYSTEM_BUS_ADDRESS", old, 1) } else { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") } }
        let light = BrightnessSwitch(way: .auto, command: nil, environment: environment())
        XCTAssertEqual(light.plan.means.map { "\($0)" }, "\(folder)/sys/class/backlight/panel/brightness (0-100)")
        light.set(percent: 45)
        light.settle()
        XCTAssertEqual(read(file), "45\n")
    }

    func testABrokenBacklightIsLeftOutAndNothingIsWritten() throws {
        _ = try backlight("broken", maximum: "lots")
        let light = BrightnessSwitch(way: .backlight, command: nil, environment: environment())
        light.settle()
        XCTAssertFalse(light.canSet)
        XCTAssertEqual(light.set(percent: 50), "nothing sets the brightness: --brightness backlight: there is no backlight (/sys/class/backlight is empty)")
        XCTAssertNil(light.percent)
    }

    func testTheCommandReceivesTheLevelsInPercent() throws {
        let log = folder + "/levels"
        let light = BrightnessSwitch(way: .auto, command: "echo {} >> '\(log)'", environment: environment())
        XCTAssertEqual(light.plan.means, .command)
        for percent in [30, 30, 100, 250, 0] {
            XCTAssertNil(light.set(percent: percent))
            light.settle()
        }
        XCTAssertEqual(read(log), "30\n100\n0\n", "a level asked again sends nothing (250 % is 100 %, already there)")
        light.set(percent: 0, again: true)
        light.settle()
        XCTAssertEqual(read(log), "30\n100\n0\n0\n", "unless it is to be sent again (a display back on)")
    }

    /// A stand-in `ddcutil`: lists one display (after one that does not answer), says its brightness goes to 200,
    /// writes down each call's arguments.
    private func fakeDDCUtil() throws -> String {
        let calls = folder + "/calls"
        let script = """
        #!/bin/sh
        echo "$*" >> '\(calls)'
        case "$*" in
          "detect --brief") printf 'Invalid display\\n   Monitor: BAD:Bad:0\\n\\nDisplay 3\\n   I2C bus: /dev/i2c-9\\n   Monitor: FAK:Fake 27:42\\n' ;;
          *getvcp*) echo "VCP 10 C 50 200" ;;
        esac
        """
        let path = folder + "/bin/ddcutil"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return calls
    }

    func testDDCUtilDetectsOnceAndSetsTheLevelInTheMonitorsRange() throws {
        let calls = try fakeDDCUtil()
        let light = BrightnessSwitch(way: .auto, command: nil, environment: environment())
        XCTAssertEqual("\(light.plan)", "DDC/CI through ddcutil (display 3, FAK:Fake 27:42)")
        light.set(percent: 10)
        light.settle()
        light.set(percent: 40)
        light.settle()
        XCTAssertEqual(read(calls).split(separator: "\n"), [
            "detect --brief", "--display 3 getvcp 10 --brief", "--display 3 setvcp 10 20", "--display 3 setvcp 10 80",
        ])
        XCTAssertEqual(light.percent, 40)
    }

    /// Choosing the way (here a `ddcutil detect` that takes 3 s) runs on the switch's queue: the switch is made at
    /// once (the frame keeps turning), `canSet` is false meanwhile, and a level asked before the way is known arrives.
    func testChoosingDoesNotHoldUpTheCallerAndTheLevelStillArrives() throws {
        let calls = try fakeDDCUtil()
        let script = try String(contentsOfFile: folder + "/bin/ddcutil", encoding: .utf8)
            .replacingOccurrences(of: "\"detect --brief\") ", with: "\"detect --brief\") sleep 3; ")
        try script.write(toFile: folder + "/bin/ddcutil", atomically: true, encoding: .utf8)
        chmod(folder + "/bin/ddcutil", 0o755)
        let started = Date()
        let light = BrightnessSwitch(way: .auto, command: nil, environment: environment())
        XCTAssertFalse(light.canSet, "not known yet: drawn darker")
        XCTAssertNil(light.set(percent: 10))
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
        light.settle()
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 2.9, "the stand-in's detect did run")
        XCTAssertTrue(light.canSet)
        XCTAssertEqual(read(calls).split(separator: "\n"), [
            "detect --brief", "--display 3 getvcp 10 --brief", "--display 3 setvcp 10 20",
        ])
    }

    /// Levels asked while one is on its way (ddcutil takes a second or more): only the latest is sent next.
    func testLevelsAskedWhileOneIsOnItsWayAreCoalesced() {
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let sent = LockedLines()
        let light = BrightnessSwitch(plan: BrightnessPlan(means: .ddc(DDCDisplay(number: 1, monitor: "m"))), ddcutil: "ddcutil") { arguments in
            if arguments.contains("setvcp") {
                sent.append(arguments.joined(separator: " "))
                if sent.count == 1 { started.signal(); gate.wait() }
            }
            return HDMICEC.Output(status: arguments.contains("getvcp") ? 1 : 0, text: "")
        }
        light.set(percent: 10)
        started.wait()
        light.set(percent: 20)
        light.set(percent: 30)
        light.set(percent: 40)
        gate.signal()
        light.settle()
        XCTAssertEqual(sent.lines, ["ddcutil --display 1 setvcp 10 10", "ddcutil --display 1 setvcp 10 40"],
                       "an unreadable maximum is taken as 100")
    }

    func testDDCNeedsADisplayThatAnswers() throws {
        try "#!/bin/sh\necho 'No displays found.'\n".write(toFile: folder + "/bin/ddcutil", atomically: true, encoding: .utf8)
        chmod(folder + "/bin/ddcutil", 0o755)
        let light = BrightnessSwitch(way: .ddc, command: nil, environment: environment())
        XCTAssertEqual(light.plan.why, "--brightness ddc: ddcutil detect finds no display that answers DDC/CI")
    }

    final class LockedLines: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String] = []
        func append(_ line: String) { lock.withLock { kept.append(line) } }
        var count: Int { lock.withLock { kept.count } }
        var lines: [String] { lock.withLock { kept } }
    }

    /// The sd-bus wrapper: a system bus that is not there is a typed error, never a crash (SetBrightness over a bus
    /// with a stand-in logind: `LogindBrightnessTests`).
    func testTheSystemBusThatIsNotThereIsATypedError() {
        let old = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=\(folder)/no-bus", 1)
        defer { if let old { setenv("DBUS_SYSTEM_BUS_ADDRESS", old, 1) } else { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") } }
        XCTAssertThrowsError(try SystemBus()) { error in
            guard let error = error as? SystemdError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.call, "sd_bus_open_system")
            XCTAssertLessThan(error.code, 0)
            XCTAssertFalse(error.message.isEmpty)
        }
    }
}
