import XCTest
@testable import GalleryCore

/// `--display-power`: the way chosen from the option and what the machine has (the costly questions substituted).
final class DisplayPowerChoiceTests: XCTestCase {
    /// A console with a connector and an HDMI-CEC adapter, asked nothing it does not need.
    private func facts(driver: String?, commands: Bool = false, underWayland: Bool = false, dpms: Bool = false,
                       wlr: Bool = false, kms: Bool = false, cec: String? = nil, cecTool: Bool = true,
                       asked: @escaping (String) -> Void = { _ in }) -> DisplayPowerFacts {
        DisplayPowerFacts(commandsGiven: commands, driver: driver, underWayland: underWayland,
                          x11DPMS: { asked("dpms"); return dpms ? nil : "the X server has no DPMS extension" },
                          wlr: { asked("wlr"); return wlr ? nil : "the Wayland compositor has no output power protocol" },
                          kms: { asked("kms"); return kms ? nil : "SDL's DRM device shows no connected display with a DPMS property" },
                          cecDevice: cec, cecTool: cecTool)
    }

    func testAutoPutsHDMICECBesideAWayThatOnlyCutsTheSignal() {
        let console = DisplayPowerPlan.choose(.auto, facts(driver: "KMSDRM", kms: true, cec: "/dev/cec0"))
        XCTAssertEqual(console.means, [.kms, .cec(device: "/dev/cec0")])
        XCTAssertEqual(console.description, "the KMS connectors' DPMS property and HDMI-CEC (cec-ctl, /dev/cec0)")
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "x11", dpms: true, cec: "/dev/cec1")).means,
                       [.x11DPMS, .cec(device: "/dev/cec1")])
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "wayland", wlr: true, cec: "/dev/cec0")).means,
                       [.wlr, .cec(device: "/dev/cec0")])
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "KMSDRM", kms: true)).means, [.kms],
                       "no /dev/cec*: today's choice alone")
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "KMSDRM", kms: true, cec: "/dev/cec0", cecTool: false)).means,
                       [.kms], "no cec-ctl: today's choice alone")
    }

    func testAutoKeepsTheOwnersCommandsAloneAndFallsBackToHDMICECThenBlack() {
        var asked: [String] = []
        let commands = DisplayPowerPlan.choose(.auto, facts(driver: "x11", commands: true, dpms: true, cec: "/dev/cec0") { asked.append($0) })
        XCTAssertEqual(commands.means, [.commands])
        XCTAssertEqual(asked, [], "nothing else asked when the owner gave commands")
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "offscreen", cec: "/dev/cec0")).means, [.cec(device: "/dev/cec0")])
        let xvfb = DisplayPowerPlan.choose(.auto, facts(driver: "x11"))
        XCTAssertFalse(xvfb.canSwitch)
        XCTAssertEqual(xvfb.description, "black, not off (the X server has no DPMS extension, there is no HDMI-CEC device (/dev/cec*))")
        let noTool = DisplayPowerPlan.choose(.auto, facts(driver: "offscreen", cec: "/dev/cec0", cecTool: false))
        XCTAssertEqual(noTool.why, "the offscreen video driver offers no way to switch the display, "
                       + "/dev/cec0 is there but cec-ctl is not (install v4l-utils)")
        // XWayland has no DPMS: the compositor's own output power.
        XCTAssertEqual(DisplayPowerPlan.choose(.auto, facts(driver: "x11", underWayland: true, wlr: true)).means, [.wlr])
    }

    func testAnExplicitWayIsUsedAloneOrSaysWhyItCannot() {
        let all = facts(driver: "KMSDRM", commands: true, kms: true, cec: "/dev/cec0")
        XCTAssertEqual(DisplayPowerPlan.choose(.kms, all).means, [.kms])
        XCTAssertEqual(DisplayPowerPlan.choose(.cec, all).means, [.cec(device: "/dev/cec0")])
        XCTAssertEqual(DisplayPowerPlan.choose(.command, all).means, [.commands])
        let dpms = DisplayPowerPlan.choose(.dpms, all)
        XCTAssertEqual(dpms.means, [])
        XCTAssertEqual(dpms.why, "--display-power dpms: the video driver is KMSDRM, not X11")
        XCTAssertEqual(DisplayPowerPlan.choose(.wlr, all).why, "--display-power wlr: the video driver is KMSDRM, not Wayland")
        XCTAssertEqual(DisplayPowerPlan.choose(.cec, facts(driver: "KMSDRM")).why,
                       "--display-power cec: there is no HDMI-CEC device (/dev/cec*)")
        XCTAssertEqual(DisplayPowerPlan.choose(.kms, facts(driver: "KMSDRM")).why,
                       "--display-power kms: SDL's DRM device shows no connected display with a DPMS property")
        XCTAssertEqual(DisplayPowerPlan.choose(.dpms, facts(driver: "x11", dpms: true)).means, [.x11DPMS])
        XCTAssertEqual(DisplayPowerPlan.choose(.command, facts(driver: "x11")).why, "--display-power command: no --display-off-command given")
        XCTAssertEqual(DisplayPowerWay.names, "auto, dpms, kms, wlr, cec, command")
    }
}

/// The header's note of why the display cannot be switched: only while it matters, then cleared in the day; and the
/// log's words for a change by the schedule or by hand.
final class DisplayNoteTimeTests: XCTestCase {
    func testTheNoteClearsAfterAWhileInTheDay() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: Kiosk(), asksName: false)
        let kiosk = model.kiosk!
        let note = { HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: true,
                                     storeProblem: nil).note }
        kiosk.noteDisplay("The display stayed lit last night, black: the X server has no DPMS extension", from: 100)
        kiosk.advance(model, now: 100 + Kiosk.displayNoteLasts - 1, dt: 1)
        XCTAssertEqual(note(), "The display stayed lit last night, black: the X server has no DPMS extension")
        kiosk.advance(model, now: 100 + Kiosk.displayNoteLasts, dt: 1)
        XCTAssertNil(note(), "cleared once it has been up for a while")
    }

    func testANoteMadeAtNightCountsFromWhenTheDisplayComesOn() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: Kiosk(), asksName: false)
        let kiosk = model.kiosk!
        kiosk.noteDisplay("The display did not switch off at night (DPMS reads back on): it was black instead", from: nil)
        kiosk.advance(model, now: 50_000, dt: 1)
        XCTAssertNotNil(kiosk.displayNote, "held through the night")
        kiosk.displayCameOn(at: 60_000)
        kiosk.advance(model, now: 60_000 + Kiosk.displayNoteLasts - 1, dt: 1)
        XCTAssertNotNil(kiosk.displayNote)
        kiosk.advance(model, now: 60_000 + Kiosk.displayNoteLasts + 1, dt: 1)
        XCTAssertNil(kiosk.displayNote)
    }

    func testTheLogSaysTheScheduleOnlyWhenThereIsOne() {
        let free = Kiosk()
        free.setDisplay(on: false, at: utcMinute(600), in: utc)
        XCTAssertEqual(free.displayChangeWords(lit: false), "switched off from afar: the display off until switched on")
        let scheduled = Kiosk(schedule: Schedule(parsing: "07:00-23:00"))
        XCTAssertEqual(scheduled.displayChangeWords(lit: false), "outside the schedule's hours: the display off until they start")
        XCTAssertEqual(scheduled.displayChangeWords(lit: true), "the schedule's hours start (or a touch): the display on")
        scheduled.setDisplay(on: false, at: utcMinute(600), in: utc)
        XCTAssertEqual(scheduled.displayChangeWords(lit: false), "switched off from afar: the display off until switched on")
    }
}
