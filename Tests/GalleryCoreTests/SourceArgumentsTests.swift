import XCTest
@testable import GalleryCore

final class SourceArgumentsTests: XCTestCase {
    private let options = [
        SourceOption(name: "x-album", help: "an album", argument: .value(name: "album", valueName: "id")),
        SourceOption(name: "x-favorites", help: "favourites only", argument: .flag(name: "favorites")),
        SourceOption(name: "x-key", help: "a key", secret: true, argument: .value(name: "key", valueName: "key")),
    ]

    func testTheSourcesOptionsAreTakenOutAndTheRestKeptInOrder() {
        let parsed = SourceArguments(["--kiosk", "--album", "a1", "/srv/photos", "--favorites", "--album=a2", "--speed", "40"],
                                     options: options)
        XCTAssertEqual(parsed.settings, ["x-album": "a1,a2", "x-favorites": "yes"])
        XCTAssertEqual(parsed.rest, ["--kiosk", "/srv/photos", "--speed", "40"])
        XCTAssertEqual(parsed.problems, [])
    }

    func testAMissingValueIsAProblemAndASecretIsNeverAnArgument() {
        XCTAssertEqual(SourceArguments(["--album"], options: options).problems, ["--album needs a value"])
        XCTAssertEqual(SourceArguments(["--album", "--kiosk"], options: options).problems, ["--album needs a value"])
        XCTAssertEqual(SourceArguments(["--album="], options: options).problems, ["--album needs a value"])
        let secret = SourceArguments(["--key", "k"], options: options)
        XCTAssertEqual(secret.settings, [:], "a key on the command line would show in ps")
        XCTAssertEqual(secret.rest, ["--key", "k"], "left for the parser, which refuses it")
    }

    func testAFlagTakesYesOrNoAfterAnEqualsSign() {
        XCTAssertEqual(SourceArguments(["--favorites=no"], options: options).settings, ["x-favorites": "no"])
        XCTAssertEqual(SourceArguments(["--favorites=on"], options: options).settings, ["x-favorites": "yes"])
        XCTAssertEqual(SourceArguments(["--favorites=maybe"], options: options).problems,
                       ["--favorites takes yes or no, not maybe"])
    }

    func testEverythingAfterADoubleDashIsLeftAlone() {
        let parsed = SourceArguments(["--favorites", "--", "--album", "x"], options: options)
        XCTAssertEqual(parsed.settings, ["x-favorites": "yes"])
        XCTAssertEqual(parsed.rest, ["--", "--album", "x"])
    }
}

final class DisplayRequirementTests: XCTestCase {
    func testTheOffscreenDriverIsRefusedUnlessAskedForByName() {
        let none = DisplayRequirement.problem(driver: "offscreen", environment: ["DISPLAY": ":95"])
        XCTAssertEqual(none?.hasPrefix("no display to show photos on (DISPLAY=:95 cannot be opened, WAYLAND_DISPLAY is not set)"), true, none ?? "")
        XCTAssertNil(DisplayRequirement.problem(driver: "offscreen", environment: ["SDL_VIDEODRIVER": "offscreen"]))
        XCTAssertNotNil(DisplayRequirement.problem(driver: "dummy", environment: ["SDL_VIDEODRIVER": "x11,offscreen"]),
                        "asking for one invisible driver is not asking for another")
        XCTAssertNil(DisplayRequirement.problem(driver: "x11", environment: [:]))
        XCTAssertNil(DisplayRequirement.problem(driver: "wayland", environment: ["WAYLAND_DISPLAY": "wayland-1"]))
        XCTAssertNil(DisplayRequirement.problem(driver: "KMSDRM", environment: ["SDL_VIDEODRIVER": "kmsdrm"]))
        XCTAssertNotNil(DisplayRequirement.problem(driver: nil, environment: [:]))
    }
}
