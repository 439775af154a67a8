import SDLKit
import XCTest

/// Files dropped on the window (`SDL_DROPBEGIN`, `SDL_DROPFILE`s, `SDL_DROPCOMPLETE`) come out of the pump as one
/// `.dropped` with every path of the drop, as bytes, even when the drop is read over several turns.
final class DropEventTests: XCTestCase {
    func testADropIsOneEventWithEveryPath() throws {
        XCTAssertNotNil(RenderingTests.video)
        let pump = try EventPump()
        _ = pump.wait(timeoutMs: 0)
        pump.postDrop(["/photos/a.jpg", "/photos/ä b.jpg"], windowID: 0)
        XCTAssertEqual(pump.wait(timeoutMs: 0), [.dropped([Array("/photos/a.jpg".utf8), Array("/photos/ä b.jpg".utf8)])])
        // Read two events at a time: the drop still comes whole, once.
        pump.postDrop(["/x", "/y", "/z"], windowID: 0)
        var events: [InputEvent] = []
        for _ in 0..<4 { events += pump.wait(timeoutMs: 0, limit: 2) }
        XCTAssertEqual(events, [.dropped([Array("/x".utf8), Array("/y".utf8), Array("/z".utf8)])])
    }
}
