import Foundation
import GalleryCore
@testable import RemoteControl
import XCTest

/// The bridge's screen (`MQTTScreen`): a changed photo's screen a moment later, the `screenshot` command at once,
/// and one publish, not two, when the command comes while a changed photo's screen is settling.
final class MQTTScreenTests: XCTestCase {
    /// A frame whose every screenshot succeeds ("screen 1", "screen 2", ...).
    private func shooter() -> FakeFrameControl {
        FakeFrameControl { _, n, reply in
            reply(.success(Screenshot(format: .jpeg, data: Data("screen \(n)".utf8), width: 8, height: 6)))
        }
    }

    private let queue = DispatchQueue(label: "mqtt-screen-test")
    private let published = NSCondition()
    private var screens: [String] = []

    private func screen(_ control: FakeFrameControl, settle: Double) -> MQTTScreen {
        var timing = MQTTScreen.Timing()
        timing.settle = settle
        return MQTTScreen(control: control, queue: queue, timing: timing) { [self] data in
            published.lock(); screens.append(String(decoding: data, as: UTF8.self)); published.broadcast(); published.unlock()
        }
    }

    /// The screens published once `count` came (deadline 10 s), or those by then.
    private func published(count: Int, seconds: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        published.lock()
        defer { published.unlock() }
        while screens.count < count, published.wait(until: deadline) {}
        return screens
    }

    func testTheCommandAloneIsAScreenAtOnce() {
        let control = shooter()
        let screen = screen(control, settle: 30)
        queue.async { screen.asked() }
        XCTAssertEqual(published(count: 1), ["screen 1"])
    }

    func testACommandWhileAChangedPhotosScreenSettlesIsOnePublish() {
        let control = shooter()
        let screen = screen(control, settle: 0.3)
        let asked = Date()
        queue.async {
            screen.photoChanged("p2", now: 100)
            screen.asked()  // Home Assistant's Take screenshot right after Next
            screen.photoChanged("p3", now: 100.1)  // and another photo within the settle
            screen.asked()
        }
        XCTAssertEqual(published(count: 1), ["screen 1"])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(asked), 0.25, "the settled screen, not one mid-transition")
        // Nothing more comes: three settles later there is still one screen, one screenshot taken.
        XCTAssertEqual(published(count: 2, seconds: 1), ["screen 1"])
        XCTAssertEqual(control.screenshotsAsked, 1)
        // Once it settled, a command is a screen at once again.
        queue.async { screen.asked() }
        XCTAssertEqual(published(count: 2), ["screen 1", "screen 2"])
    }
}
