import XCTest
@testable import GalleryCore

/// cec-ctl's words (v4l-utils 1.22.1 on vivid's emulated HDMI-CEC, copied from a run in a VM) read, and the steps
/// a frame takes with its TV, with cec-ctl substituted.
final class HDMICECTests: XCTestCase {
    static let unconfigured = """
        Driver Info:
        \tDriver Name                : vivid
        \tAdapter Name               : vivid-000-vid-out0
        \tCapabilities               : 0x000000be
        \t\tLogical Addresses
        \t\tTransmit
        \tDriver version             : 6.1.192
        \tAvailable Logical Addresses: 4
        \tConnector Info             : None
        \tPhysical Address           : 1.0.0.0
        \tLogical Address Mask       : 0x0000
        \tCEC Version                : 2.0
        \tOSD Name                   : ''
        \tLogical Addresses          : 0 
        """
    static func configured(name: String = "Frame", physical: String = "1.0.0.0") -> String { """
        Driver Info:
        \tDriver Name                : vivid
        \tAdapter Name               : vivid-000-vid-out0
        \tPhysical Address           : \(physical)
        \tLogical Address Mask       : 0x0010
        \tCEC Version                : 2.0
        \tVendor ID                  : 0x000c03 (HDMI)
        \tOSD Name                   : '\(name)'
        \tLogical Addresses          : 1 (Allow RC Passthrough)

        \t  Logical Address          : 4 (Playback Device 1)
        \t    Primary Device Type    : Playback
        \t    Logical Address Type   : Playback
        \t    All Device Types       : Playback
        \t    RC TV Profile          : None
        \t    Device Features        :
        \t\tNone

        """
    }
    static let notConfiguredYet = "\nAdapter is unconfigured, please configure it first.\n"
    static let standbySent = """

        Transmit from Playback Device 1 to TV (4 to 0):
        STANDBY (0x36)
        \tSequence: 5 Tx Timestamp: 17.061s
        """
    static let nobodyThere = """

        Transmit from Playback Device 1 to Audio System (4 to 5):
        GIVE_DEVICE_POWER_STATUS (0x8f)
        \tSequence: 20 Tx Timestamp: 33.790s
        \tTx, Not Acknowledged (4), Max Retries
        """
    static func power(_ state: String, _ code: Int) -> String { """

        Transmit from Playback Device 1 to TV (4 to 0):
        GIVE_DEVICE_POWER_STATUS (0x8f)
            Received from TV (0):
            REPORT_POWER_STATUS (0x90):
        \tpwr-state: \(state) (0x0\(code))
        \tSequence: 6 Tx Timestamp: 17.446s Rx Timestamp: 17.535s
        \tApproximate response time: 17 ms
        """
    }
    static let refused = """

        Transmit from Playback Device 1 to TV (4 to 0):
        GIVE_DEVICE_POWER_STATUS (0x8f)
            Received from TV (0):
            FEATURE_ABORT (0x00):
        \tabort-msg: 143 (0x8f, GIVE_DEVICE_POWER_STATUS)
        \treason: unrecognized-op (0x00)
        \tSequence: 6 Tx Timestamp: 17.446s Rx Timestamp: 17.535s
        """

    func testTheAdapterReport() {
        let fresh = CECReport.adapter(Self.unconfigured)
        XCTAssertFalse(fresh.configured, "'Logical Addresses : 0' and no address line")
        XCTAssertEqual(fresh.physicalAddress, "1.0.0.0")
        XCTAssertTrue(fresh.connected)
        XCTAssertEqual(fresh.osdName, "")
        let ready = CECReport.adapter(Self.configured())
        XCTAssertEqual(ready.logicalAddresses, [4], "the mask and the counts are not addresses")
        XCTAssertEqual(ready.osdName, "Frame")
        XCTAssertFalse(CECReport.adapter(Self.configured(physical: "f.f.f.f")).connected)
        XCTAssertEqual(CECReport.adapter("garbage\n: :\nLogical Address : 99 (x)\n"), CECReport.Adapter())
    }

    func testATransmissionThatReachedNobodyIsNotASuccessWhateverTheStatus() {
        XCTAssertEqual(CECReport.transmitProblem(Self.notConfiguredYet, status: 0),
                       "the adapter is unconfigured (it has no logical address)", "cec-ctl exits 0 having sent nothing")
        XCTAssertNil(CECReport.transmitProblem(Self.standbySent, status: 0))
        XCTAssertEqual(CECReport.transmitProblem(Self.nobodyThere, status: 0),
                       "not acknowledged by the TV (Tx, Not Acknowledged (4), Max Retries)")
        XCTAssertEqual(CECReport.transmitProblem("Failed to open /dev/cec0: Permission denied\n", status: 1),
                       "cec-ctl exited with 1: Failed to open /dev/cec0: Permission denied")
    }

    func testPowerStatusAnswers() {
        XCTAssertEqual(CECReport.powerAnswer(Self.power("standby", 1), status: 0), .state(.standby))
        XCTAssertEqual(CECReport.powerAnswer(Self.power("to-on", 2), status: 0), .state(.toOn))
        XCTAssertEqual(CECReport.powerAnswer(Self.power("on", 0), status: 0), .state(.on))
        XCTAssertEqual(CECReport.powerAnswer(Self.refused, status: 0), .refused("Feature Abort: unrecognized-op (0x00)"))
        XCTAssertEqual(CECReport.powerAnswer(Self.notConfiguredYet, status: 0),
                       .refused("the adapter is unconfigured (it has no logical address)"))
        XCTAssertEqual(CECReport.powerAnswer(Self.power("sideways", 7), status: 0), .silent("an unknown power state 'sideways'"))
        XCTAssertEqual(CECReport.powerAnswer("", status: 0), .silent("no REPORT_POWER_STATUS in cec-ctl's reply"))
    }

    func testTheOSDNameIsWhatATVCanShow() {
        XCTAssertEqual(CECReport.osdName("Hall frame"), "Hall frame")
        XCTAssertEqual(CECReport.osdName("Küche"), "Kche")
        XCTAssertEqual(CECReport.osdName("A very long frame name"), "A very long fr")
        XCTAssertEqual(CECReport.osdName(nil), "Tessera")
        XCTAssertEqual(CECReport.osdName("日本"), "Tessera")
    }

    /// cec-ctl substituted: answers by the step asked, and what was asked, in order.
    private final class FakeCECCtl {
        var configured = false
        var physical = "1.0.0.0"
        var powers: [String] = []
        var calls: [[String]] = []
        var pauses = 0

        func run(_ arguments: [String]) -> HDMICEC.Output {
            calls.append(arguments)
            let args = Array(arguments.dropFirst(3))
            let fresh = HDMICECTests.unconfigured.replacingOccurrences(of: "1.0.0.0", with: physical)
            if args.isEmpty { return .init(status: 0, text: configured ? HDMICECTests.configured(physical: physical) : fresh) }
            if args.first == "--playback" {
                configured = physical != "f.f.f.f"
                return .init(status: 0, text: configured ? HDMICECTests.configured(name: args[2], physical: physical) : fresh)
            }
            guard configured else { return .init(status: 0, text: HDMICECTests.notConfiguredYet) }
            if args.contains("--give-device-power-status") {
                return .init(status: 0, text: powers.isEmpty ? "" : powers.removeFirst())
            }
            return .init(status: 0, text: HDMICECTests.standbySent)
        }
    }

    private func cec(_ fake: FakeCECCtl) -> HDMICEC {
        HDMICEC(device: "/dev/cec0", name: "Hall frame", run: fake.run, pause: { _ in fake.pauses += 1 })
    }

    func testAFreshAdapterIsMadeAPlaybackDeviceWithTheFramesName() {
        let fake = FakeCECCtl()
        XCTAssertEqual(cec(fake).start(), .info("HDMI-CEC: /dev/cec0 is a playback device, logical address 4, "
                                                 + "physical address 1.0.0.0, OSD name 'Hall frame'"))
        XCTAssertEqual(fake.calls, [["cec-ctl", "-d", "/dev/cec0"], ["cec-ctl", "-d", "/dev/cec0", "--playback", "--osd-name", "Hall frame"]])
        fake.calls = []
        _ = cec(fake).start()
        XCTAssertEqual(fake.calls, [["cec-ctl", "-d", "/dev/cec0"]], "an adapter already configured is left as it is")
    }

    func testAnAdapterWithoutAPhysicalAddressSaysWhyItCannotSend() {
        let fake = FakeCECCtl()
        fake.physical = "f.f.f.f"
        XCTAssertEqual(cec(fake).start(), .warning("HDMI-CEC: /dev/cec0 cannot send: it has no physical address "
            + "(physical address f.f.f.f: is a TV connected and on its HDMI?), so it cannot claim a logical address"))
        XCTAssertEqual(cec(fake).standby().first,
                       .warning("HDMI-CEC: the TV was not put in standby: it has no physical address "
                                + "(physical address f.f.f.f: is a TV connected and on its HDMI?), so it cannot claim a logical address"))
        XCTAssertFalse(fake.calls.contains { $0.contains("--standby") }, "nothing sent through an adapter that cannot send")
    }

    func testStandbyIsReadBackThroughToStandby() {
        let fake = FakeCECCtl()
        fake.powers = [Self.power("on", 0), Self.power("to-standby", 3), Self.power("standby", 1)]
        XCTAssertEqual(cec(fake).standby(), [.info("HDMI-CEC: the TV reports standby")])
        XCTAssertEqual(fake.pauses, 2)
        XCTAssertTrue(fake.calls.contains(["cec-ctl", "-d", "/dev/cec0", "-s", "--to", "0", "--standby"]))
    }

    func testWakingSendsImageViewOnThenActiveSourceWithThePhysicalAddress() {
        let fake = FakeCECCtl()
        fake.configured = true
        fake.physical = "2.1.0.0"
        fake.powers = [Self.power("to-on", 2), Self.power("on", 0)]
        XCTAssertEqual(cec(fake).wake(), [.info("HDMI-CEC: the frame is the active source (2.1.0.0)"),
                                          .info("HDMI-CEC: the TV reports on")])
        let sent = fake.calls.filter { !$0.contains("--give-device-power-status") && $0.count > 3 }
        XCTAssertEqual(sent, [["cec-ctl", "-d", "/dev/cec0", "-s", "--to", "0", "--image-view-on"],
                              ["cec-ctl", "-d", "/dev/cec0", "-s", "--to", "15", "--active-source", "phys-addr=2.1.0.0"]])
    }

    func testARefusalOrAnotherStateIsLoggedAsAWarning() {
        let fake = FakeCECCtl()
        fake.configured = true
        fake.powers = [Self.refused]
        XCTAssertEqual(cec(fake).standby(), [.warning("HDMI-CEC: the TV did not confirm standby: its power status is "
                                                      + "refused (Feature Abort: unrecognized-op (0x00))")])
        XCTAssertEqual(fake.pauses, 0, "a TV that refuses is not asked again")
        let stubborn = FakeCECCtl()
        stubborn.configured = true
        stubborn.powers = Array(repeating: Self.power("on", 0), count: 30)
        let control = cec(stubborn)
        control.readBackAttempts = 3
        XCTAssertEqual(control.standby(), [.warning("HDMI-CEC: the TV did not confirm standby: its power status is on")])
        XCTAssertEqual(stubborn.pauses, 2)
    }
}
