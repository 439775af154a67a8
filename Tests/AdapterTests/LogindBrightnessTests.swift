import FakeLogind
import Foundation
import GalleryCore
import SystemdKit
import XCTest
@testable import TesseraApp

/// The logind way end to end over a real D-Bus: a private `dbus-daemon` stands in for the system bus and `FakeLogind`
/// for systemd-logind (the test machine has neither a system bus nor a seat). `SystemBus` reads the session's Active
/// property and calls SetBrightness through sd-bus; the stand-in writes down what it was asked.
final class LogindBrightnessTests: XCTestCase {
    private var folder = ""
    private var daemon: Process?
    private var oldAddress: String?

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else { throw XCTSkip("no dbus-daemon") }
        folder = NSTemporaryDirectory() + "tessera-logind-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <listen>unix:path=\(folder)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default"><allow send_destination="*"/><allow receive_sender="*"/><allow own="*"/></policy>
        </busconfig>
        """
        try config.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address"]
        let printed = Pipe()
        process.standardOutput = printed
        try process.run()
        daemon = process
        // The daemon prints its address once it listens: read up to that line.
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = printed.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        XCTAssertTrue(String(decoding: said, as: UTF8.self).hasPrefix("unix:"), "dbus-daemon: \(String(decoding: said, as: UTF8.self))")
        oldAddress = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=\(folder)/bus", 1)
    }

    override func tearDown() {
        if let oldAddress { setenv("DBUS_SYSTEM_BUS_ADDRESS", oldAddress, 1) } else { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") }
        daemon?.terminate()
        daemon?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A stand-in /sys with one backlight whose file this test may write (logind is still preferred).
    private func backlight() throws {
        let path = "\(folder)/sys/class/backlight/panel"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "937\n".write(toFile: path + "/max_brightness", atomically: true, encoding: .utf8)
        try "0\n".write(toFile: path + "/brightness", atomically: true, encoding: .utf8)
    }

    private func lastCall(_ fake: OpaquePointer) -> (calls: Int32, subsystem: String, name: String, value: UInt32) {
        var subsystem = [CChar](repeating: 0, count: 64), name = [CChar](repeating: 0, count: 64)
        var value: UInt32 = 0
        let calls = fake_logind_calls(fake, &subsystem, 64, &name, 64, &value)
        return (calls, String(cString: subsystem), String(cString: name), value)
    }

    func testAutoSetsTheBacklightThroughLogindsSetBrightness() throws {
        try backlight()
        let fake = try XCTUnwrap(fake_logind_start("unix:path=\(folder)/bus", 1))
        defer { fake_logind_stop(fake) }
        let light = BrightnessSwitch(way: .auto, command: nil,
                                     environment: ["TESSERA_SYSFS_ROOT": folder + "/sys", "PATH": folder])
        XCTAssertEqual("\(light.plan)", "systemd-logind's SetBrightness on the backlight panel (0-937)")
        XCTAssertNil(light.set(percent: 30))
        light.settle()
        let call = lastCall(fake)
        XCTAssertEqual(call.calls, 1)
        XCTAssertEqual(call.subsystem, "backlight")
        XCTAssertEqual(call.name, "panel")
        XCTAssertEqual(call.value, 281, "30 % of 0-937")
        XCTAssertEqual(try String(contentsOfFile: folder + "/sys/class/backlight/panel/brightness", encoding: .utf8), "0\n",
                       "logind sets it, not the file")
    }

    func testASessionNotInFrontIsRefusedInWords() throws {
        try backlight()
        let fake = try XCTUnwrap(fake_logind_start("unix:path=\(folder)/bus", 0))
        defer { fake_logind_stop(fake) }
        let light = BrightnessSwitch(way: .logind, command: nil,
                                     environment: ["TESSERA_SYSFS_ROOT": folder + "/sys", "PATH": folder])
        XCTAssertEqual(light.plan.why, "--brightness logind: systemd-logind cannot set panel: this session is not the active one on its seat")
    }

    func testNoLogindOnTheBusIsATypedError() throws {
        let bus = try SystemBus()
        XCTAssertThrowsError(try bus.sessionIsActive()) { error in
            XCTAssertEqual((error as? SystemdError)?.call, "sd_bus_get_property_trivial(Active)", "\(error)")
        }
        XCTAssertThrowsError(try bus.setBrightness(subsystem: "backlight", name: "panel", value: 1)) { error in
            XCTAssertEqual((error as? SystemdError)?.call, "SetBrightness", "\(error)")
            XCTAssertFalse((error as? SystemdError)?.message.isEmpty ?? true)
        }
    }
}
