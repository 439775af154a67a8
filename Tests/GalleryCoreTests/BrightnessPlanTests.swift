import XCTest
@testable import GalleryCore

/// `--brightness`: the way chosen from what the machine offers, and every refusal's words.
final class BrightnessPlanTests: XCTestCase {
    private let panel = Backlight(name: "intel_backlight", path: "/sys/class/backlight/intel_backlight", maxBrightness: 19_393,
                                  type: "raw", writable: true)
    private let monitor = DDCDisplay(number: 1, monitor: "DEL:DELL U2415:7MT0160")

    private func facts(command: Bool = false, backlights: [Backlight] = [], logind: String? = "no system bus",
                       ddcTool: Bool = false, ddc: Result<DDCDisplay, BrightnessPlan.Refusal>? = nil,
                       asked: Asked = Asked()) -> BrightnessFacts {
        BrightnessFacts(
            commandGiven: command, backlights: backlights,
            logind: { asked.logind += 1; _ = $0; return logind },
            ddcTool: ddcTool,
            ddcDisplay: { asked.ddc += 1; return ddc ?? .failure(.init("ddcutil detect finds no display that answers DDC/CI")) })
    }

    final class Asked { var logind = 0, ddc = 0 }

    func testAutoTakesTheCommandFirstAndAsksNothingCostly() {
        let asked = Asked()
        let plan = BrightnessPlan.choose(.auto, facts(command: true, backlights: [panel], logind: nil, ddcTool: true, asked: asked))
        XCTAssertEqual(plan.means, .command)
        XCTAssertEqual("\(plan)", "the brightness command given (--brightness-command)")
        XCTAssertEqual(asked.logind + asked.ddc, 0)
    }

    func testAutoTakesLogindOnABacklightBeforeItsFile() {
        let asked = Asked()
        let plan = BrightnessPlan.choose(.auto, facts(backlights: [panel], logind: nil, ddcTool: true, asked: asked))
        XCTAssertEqual(plan.means, .logind(panel))
        XCTAssertEqual("\(plan)", "systemd-logind's SetBrightness on the backlight intel_backlight (0-19393)")
        XCTAssertEqual(asked.ddc, 0, "ddcutil detect is slow: not run when a backlight answers")
    }

    func testAutoWritesTheFileWhenLogindCannot() {
        let plan = BrightnessPlan.choose(.auto, facts(backlights: [panel]))
        XCTAssertEqual(plan.means, .backlightFile(panel))
        XCTAssertEqual("\(plan)", "/sys/class/backlight/intel_backlight/brightness (0-19393)")
    }

    func testAutoTurnsToDDCWithoutABacklight() {
        let plan = BrightnessPlan.choose(.auto, facts(ddcTool: true, ddc: .success(monitor)))
        XCTAssertEqual(plan.means, .ddc(monitor))
        XCTAssertEqual("\(plan)", "DDC/CI through ddcutil (display 1, DEL:DELL U2415:7MT0160)")
    }

    func testAutoWithNothingDrawsDarkerAndSaysEveryReason() {
        var unwritable = panel
        unwritable.writable = false
        let plan = BrightnessPlan.choose(.auto, facts(backlights: [unwritable], ddcTool: true))
        XCTAssertNil(plan.means)
        XCTAssertFalse(plan.canSet)
        XCTAssertEqual("\(plan)", "drawn darker, not set (systemd-logind cannot set intel_backlight: no system bus, "
                       + "/sys/class/backlight/intel_backlight/brightness is not writable by this user (a udev rule or the video group would allow it), "
                       + "ddcutil detect finds no display that answers DDC/CI)")
        let bare = BrightnessPlan.choose(.auto, facts())
        XCTAssertEqual(bare.why, "there is no backlight (/sys/class/backlight is empty), ddcutil is not installed (for an external monitor's DDC/CI)")
    }

    func testEachWayAskedAloneSaysWhyItCannot() {
        XCTAssertEqual(BrightnessPlan.choose(.command, facts()).why, "--brightness command: no --brightness-command given")
        XCTAssertEqual(BrightnessPlan.choose(.logind, facts()).why, "--brightness logind: there is no backlight (/sys/class/backlight is empty)")
        XCTAssertEqual(BrightnessPlan.choose(.logind, facts(backlights: [panel], logind: "Session is not in foreground")).why,
                       "--brightness logind: systemd-logind cannot set intel_backlight: Session is not in foreground")
        var dark = panel
        dark.maxBrightness = 0
        XCTAssertEqual(BrightnessPlan.choose(.backlight, facts(backlights: [dark])).why,
                       "--brightness backlight: no backlight has a max_brightness above 0")
        dark.maxBrightness = 10
        dark.writable = false
        XCTAssertEqual(BrightnessPlan.choose(.backlight, facts(backlights: [dark])).why,
                       "--brightness backlight: /sys/class/backlight/intel_backlight/brightness is not writable by this user (a udev rule or the video group would allow it)")
        XCTAssertEqual(BrightnessPlan.choose(.ddc, facts()).why, "--brightness ddc: ddcutil is not installed (for an external monitor's DDC/CI)")
        XCTAssertEqual(BrightnessPlan.choose(.ddc, facts(ddcTool: true)).why, "--brightness ddc: ddcutil detect finds no display that answers DDC/CI")
        XCTAssertEqual(BrightnessPlan.choose(.none, facts(command: true, backlights: [panel], logind: nil)).why, "--brightness none")
        XCTAssertNil(BrightnessPlan.choose(.none, facts(command: true)).means)
    }

    func testEachWayAskedAloneIsUsedWhenItCan() {
        XCTAssertEqual(BrightnessPlan.choose(.command, facts(command: true)).means, .command)
        XCTAssertEqual(BrightnessPlan.choose(.logind, facts(backlights: [panel], logind: nil)).means, .logind(panel))
        // The file, though logind could: the owner asked for it.
        XCTAssertEqual(BrightnessPlan.choose(.backlight, facts(backlights: [panel], logind: nil)).means, .backlightFile(panel))
        XCTAssertEqual(BrightnessPlan.choose(.ddc, facts(command: true, backlights: [panel], ddcTool: true, ddc: .success(monitor))).means,
                       .ddc(monitor))
    }

    func testTheFirmwareBacklightIsPreferredOverARawOne() {
        let raw = Backlight(name: "amdgpu_bl0", path: "/x/amdgpu_bl0", maxBrightness: 255, type: "raw")
        let firmware = Backlight(name: "acpi_video0", path: "/x/acpi_video0", maxBrightness: 100, type: "firmware")
        let platform = Backlight(name: "dell_backlight", path: "/x/dell_backlight", maxBrightness: 15, type: "platform")
        XCTAssertEqual(Backlight.preferred([raw, platform, firmware]), firmware)
        XCTAssertEqual(Backlight.preferred([raw, platform]), platform)
        XCTAssertEqual(Backlight.preferred([Backlight(name: "b", path: "", maxBrightness: 5), Backlight(name: "a", path: "", maxBrightness: 5)])?.name, "a")
        XCTAssertNil(Backlight.preferred([]))
    }

    func testLevelsMapOntoTheDevicesRangeWithAFloorAboveBlack() {
        XCTAssertEqual(BrightnessMeans.level(percent: 100, maximum: 255), 255)
        XCTAssertEqual(BrightnessMeans.level(percent: 50, maximum: 255), 128)
        XCTAssertEqual(BrightnessMeans.level(percent: 30, maximum: 19_393), 5818)
        XCTAssertEqual(BrightnessMeans.level(percent: 1, maximum: 7), 1, "a dim level never rounds to black")
        XCTAssertEqual(BrightnessMeans.level(percent: 0, maximum: 255), 0, "black only when asked")
        XCTAssertEqual(BrightnessMeans.level(percent: 150, maximum: 255), 255)
        XCTAssertEqual(BrightnessMeans.level(percent: -5, maximum: 255), 0)
        XCTAssertEqual(BrightnessMeans.level(percent: 40, maximum: 0), 0)
    }

    func testTheCommandLineHasTheLevelInPercentAsDigitsOnly() {
        XCTAssertEqual(BrightnessMeans.commandLine("ddcutil setvcp 10 {}", percent: 30), "ddcutil setvcp 10 30")
        XCTAssertEqual(BrightnessMeans.commandLine("brightnessctl set '{}%' && echo \"{}\"", percent: 5), "brightnessctl set '5%' && echo \"5\"")
        XCTAssertEqual(BrightnessMeans.commandLine("light -S", percent: 140), "light -S 100")
        XCTAssertEqual(BrightnessMeans.commandLine("x {}", percent: -1), "x 0")
    }

    func testSysfsNumbersAreReadStrictly() {
        XCTAssertEqual(Backlight.number("255\n"), 255)
        XCTAssertNil(Backlight.number(""))
        XCTAssertNil(Backlight.number("-3"))
        XCTAssertNil(Backlight.number("12 34"))
        XCTAssertNil(Backlight.number("99999999999999999999"))
        XCTAssertNil(Backlight.number("\u{0663}"), "an Arabic-Indic digit is not a sysfs number")
    }

    func testDDCDetectListsTheDisplaysThatAnswer() {
        let text = """
        Display 1
           I2C bus:  /dev/i2c-4
           Monitor:  DEL:DELL U2415:7MT0160

        Invalid display
           I2C bus:  /dev/i2c-6
           Monitor:  BNQ:BenQ GW2765:ETF4

        Display 2
           I2C bus:  /dev/i2c-7

        """
        XCTAssertEqual(DDCDetect.displays(text), [monitor, DDCDisplay(number: 2, monitor: "unnamed")])
        XCTAssertEqual(DDCDetect.displays("No displays found.\n"), [])
        XCTAssertEqual(DDCDetect.displays(String(repeating: "Display x\n   Monitor: \u{0}\n", count: 10_000)), [])
        XCTAssertEqual(DDCDetect.displays("Display 99999\nDisplay -1\n"), [])
    }

    func testDDCBrightnessMaximumIsReadFromGetvcp() {
        XCTAssertEqual(DDCDetect.brightnessMaximum("VCP 10 C 50 100\n"), 100)
        XCTAssertEqual(DDCDetect.brightnessMaximum("VCP 10 C 12 255"), 255)
        XCTAssertNil(DDCDetect.brightnessMaximum("VCP 10 ERR\n"))
        XCTAssertNil(DDCDetect.brightnessMaximum("VCP 10 C 50 0"))
        XCTAssertNil(DDCDetect.brightnessMaximum("garbage"))
    }
}
