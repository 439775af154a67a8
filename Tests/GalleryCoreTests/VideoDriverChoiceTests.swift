import XCTest
@testable import GalleryCore

/// Which video driver SDL is pointed at: native Wayland under a compositor, the user's choice first, and never a
/// compositor without a seat (SDL 2.26 crashes there).
final class VideoDriverChoiceTests: XCTestCase {
    private func never() -> Int { XCTFail("the compositor was asked for no reason"); return 1 }

    func testWaylandComesFirstUnderACompositorAndX11Second() {
        var asked = 0
        let d = VideoDriverChoice.decide(requested: nil, environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"],
                                         seat: { asked += 1; return 1 })
        XCTAssertEqual(d, .init(driver: "wayland,x11"))
        XCTAssertEqual(asked, 1, "the seat is looked for before SDL starts")
        XCTAssertEqual(VideoDriverChoice.decide(requested: nil, environment: ["DISPLAY": ":0"], seat: never), .init(),
                       "X11 alone: SDL chooses")
        XCTAssertEqual(VideoDriverChoice.decide(requested: "auto", environment: [:], seat: never), .init())
    }

    func testTheUsersChoiceWinsTheCommandLineFirst() {
        XCTAssertEqual(VideoDriverChoice.decide(requested: nil,
                                                environment: ["WAYLAND_DISPLAY": "w", "SDL_VIDEODRIVER": "x11"], seat: never),
                       .init(), "SDL_VIDEODRIVER is left to SDL")
        XCTAssertEqual(VideoDriverChoice.decide(requested: "kmsdrm",
                                                environment: ["WAYLAND_DISPLAY": "w", "SDL_VIDEODRIVER": "x11"], seat: never),
                       .init(driver: "kmsdrm"), "--video-driver over SDL_VIDEODRIVER")
    }

    func testACompositorWithoutASeatIsNeverHandedToSDL() {
        let toX = VideoDriverChoice.decide(requested: nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":1"],
                                           seat: { 0 })
        XCTAssertEqual(toX.driver, "x11")
        XCTAssertNil(toX.problem)
        XCTAssertTrue(toX.note?.contains("no seat") == true, toX.note ?? "")
        let nowhere = VideoDriverChoice.decide(requested: nil, environment: ["WAYLAND_DISPLAY": "wayland-0"], seat: { 0 })
        XCTAssertTrue(nowhere.problem?.contains("WAYLAND_DISPLAY=wayland-0") == true, nowhere.problem ?? "")
        let asked = VideoDriverChoice.decide(requested: "wayland", environment: ["WAYLAND_DISPLAY": "w", "DISPLAY": ":1"],
                                             seat: { 0 })
        XCTAssertNotNil(asked.problem, "Wayland asked for by name is not swapped for X11")
        let user = VideoDriverChoice.decide(requested: nil, environment: ["SDL_VIDEODRIVER": "wayland"], seat: { 0 })
        XCTAssertNotNil(user.problem, "SDL_VIDEODRIVER=wayland is looked at too")
        let userWithX = VideoDriverChoice.decide(requested: nil, environment: ["SDL_VIDEODRIVER": "wayland", "DISPLAY": ":1"],
                                                 seat: { 0 })
        XCTAssertEqual(userWithX.driver, "x11", "X11 stands in for the user's Wayland too (set over SDL_VIDEODRIVER)")
        XCTAssertNotNil(userWithX.note)
        XCTAssertEqual(VideoDriverChoice.decide(requested: nil, environment: ["WAYLAND_DISPLAY": "w"], seat: { -1 }),
                       .init(driver: "wayland,x11"), "no compositor reached: SDL tries and says so itself")
    }
}
