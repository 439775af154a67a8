import Foundation
import GalleryCore
import SDLKit
@testable import TesseraApp
import XCTest

/// The header copied from its picture (`HeaderPicture`) against the header drawn in pieces, on SDL's software
/// renderer (offscreen driver): after each change (the status, the name, the hover, a problem, the progress bar
/// moving, the screen read right to left, the burn-in offset) the window read back is the same pixel for pixel, in a
/// small, a common and a 4K window. Each change is drawn by the same cached view as the frames before it, so a
/// picture kept past its change shows.
final class HeaderPictureTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(TestVideo.system) }

    private final class Rig {
        let renderer: Renderer
        let cached: HeaderView
        let pieces: HeaderView
        let model: GalleryModel
        let width: Int
        /// The burn-in offset frames are drawn at.
        var offset = (dx: 0, dy: 0) {
            didSet { renderer.setOffset(dx: offset.dx, dy: offset.dy) }
        }

        init(renderer: Renderer, cached: HeaderView, pieces: HeaderView, model: GalleryModel, width: Int) {
            self.renderer = renderer; self.cached = cached; self.pieces = pieces; self.model = model; self.width = width
        }
    }

    private func rig(width: Int, height: Int) throws -> Rig {
        let window = try Window(system: try XCTUnwrap(TestVideo.system), title: "header", width: width, height: height)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let text = try XCTUnwrap(TextRenderer.open(renderer: renderer, fontPath: nil, scale: 1))
        let viewport = Viewport(size: PixelSize(width: width, height: height))
        let canvas = Canvas(renderer: renderer, text: text, config: GalleryConfig(), viewport: viewport)
        let cached = HeaderView(canvas: canvas), pieces = HeaderView(canvas: canvas)
        cached.drawsPicture = true
        pieces.drawsPicture = false
        let model = GalleryModel(config: GalleryConfig(), asksName: false)
        model.resize(to: viewport)
        return Rig(renderer: renderer, cached: cached, pieces: pieces, model: model, width: width)
    }

    /// The whole window after `view` drew the header over a loud red (what lies under the header must not show).
    private func frame(_ view: HeaderView, _ rig: Rig, _ status: HeaderStatus, clock: String, time: Double) throws -> Surface {
        rig.renderer.setColor(200, 30, 30)
        rig.renderer.clear()
        view.draw(model: rig.model, status: status, clock: clock, time: time, filled: 0.4)
        // Read as the window holds it (the reading follows the offset's viewport, which may leave the window).
        rig.renderer.setOffset(dx: 0, dy: 0)
        defer { rig.renderer.setOffset(dx: rig.offset.dx, dy: rig.offset.dy) }
        return try rig.renderer.readPixels()
    }

    /// How many pixels differ, and where the first one is.
    private func differences(_ a: Surface, _ b: Surface) -> (count: Int, first: String) {
        guard a.width == b.width, a.height == b.height else { return (Int.max, "sizes differ") }
        var count = 0, first = ""
        a.withUnsafeMutablePixels { pa, pitchA in
            b.withUnsafeMutablePixels { pb, pitchB in
                for y in 0..<a.height {
                    let rowA = (pa + y * pitchA).assumingMemoryBound(to: UInt32.self)
                    let rowB = (pb + y * pitchB).assumingMemoryBound(to: UInt32.self)
                    guard memcmp(rowA, rowB, a.width * 4) != 0 else { continue }
                    for x in 0..<a.width where rowA[x] != rowB[x] {
                        if count == 0 { first = "(\(x), \(y)): \(String(rowA[x], radix: 16)) not \(String(rowB[x], radix: 16))" }
                        count += 1
                    }
                }
            }
        }
        return (count, first)
    }

    /// Draws `step` with the cached view, then in pieces, and asserts the two windows are equal; returns the
    /// number of frames the cached view copied from its picture.
    private func assertSame(_ rig: Rig, _ step: String, _ status: HeaderStatus, clock: String, time: Double = 0,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let copied = try frame(rig.cached, rig, status, clock: clock, time: time)
        let drawn = try frame(rig.pieces, rig, status, clock: clock, time: time)
        let (count, first) = differences(copied, drawn)
        XCTAssertEqual(count, 0, "\(rig.width) px, \(step): first at \(first)", file: file, line: line)
    }

    private func status(photos: Int = 120, page: Bool = false, images: Int = 0, problem: String? = nil,
                        note: String? = nil) -> HeaderStatus {
        HeaderStatus(photos: photos, sourceName: "demo", pageLoading: page, imagesLoading: images, problem: problem,
                     note: note)
    }

    /// A sequence of changes, each drawn over the picture the step before made.
    private func runChanges(_ rig: Rig) throws {
        let still = status()
        try assertSame(rig, "first frame", still, clock: "17:20:00.000")
        try assertSame(rig, "the clock alone moved", still, clock: "17:20:00.016")
        try rig.model.user.saveName("Ada Lovelace")
        try assertSame(rig, "a name given (as through the remote)", still, clock: "17:20:00.033")
        try rig.model.user.saveName("Grace")
        try assertSame(rig, "the name changed", still, clock: "17:20:00.050")
        try assertSame(rig, "the status changed", status(photos: 121, note: "from the cache"), clock: "17:20:00.066")
        let busy = status(photos: 121, page: true, images: 3)
        try assertSame(rig, "busy", busy, clock: "17:20:00.083", time: 0.3)
        try assertSame(rig, "busy, the bar moved", busy, clock: "17:20:00.100", time: 0.9)
        try assertSame(rig, "a problem", status(problem: "Page 3 failed: timed out; retrying"), clock: "17:20:00.116")
        let first = try XCTUnwrap(rig.model.toolbar.buttons.first)
        rig.model.input.pointer(.hover(x: first.frame.x + 3, y: first.frame.y + 3))
        try assertSame(rig, "a button hovered", still, clock: "17:20:00.133")
        if let last = rig.model.toolbar.buttons.last, last.id != first.id {
            rig.model.input.pointer(.hover(x: last.frame.x + 3, y: last.frame.y + 3))
            try assertSame(rig, "another button hovered", still, clock: "17:20:00.150")
        }
        rig.model.input.pointer(.hover(x: 2, y: 400))
        try assertSame(rig, "the pointer left the toolbar", still, clock: "17:20:00.166")
    }

    func testTheCachedHeaderEqualsThePiecesAfterEachChange() throws {
        for (width, height) in [(1280, 800), (480, 800), (3840, 2160)] {
            let rig = try rig(width: width, height: height)
            let before = rig.cached.pictureCopies
            try runChanges(rig)
            // The picture was used: every frame but those whose status left no room for the clock over it.
            XCTAssertGreaterThan(rig.cached.pictureCopies - before, 5, "\(width) px: frames copied from the picture")
        }
    }

    func testAMirroredHeaderAndTheBurnInOffsetStayTheSame() throws {
        let rig = try rig(width: 1280, height: 800)
        try assertSame(rig, "left to right", status(), clock: "09:00:00.000")
        rig.offset = (3, 2)
        try assertSame(rig, "shifted for burn-in", status(), clock: "09:00:00.016")
        rig.offset = (-2, -3)
        try assertSame(rig, "shifted the other way", status(), clock: "09:00:00.033")
        let old = Words.install(AppWordsTests.FakeBook(language: Language("ar"), words: [:]))
        defer { Words.install(old) }
        rig.renderer.mirror(about: rig.width)
        defer { rig.renderer.mirror(about: nil) }
        try rig.model.user.saveName("سارة")
        try assertSame(rig, "right to left, shifted", status(), clock: "09:00:00.050")
        rig.offset = (0, 0)
        try assertSame(rig, "right to left", status(photos: 7), clock: "09:00:00.066")
        let before = rig.cached.pictureCopies
        try runChanges(rig)
        XCTAssertGreaterThan(rig.cached.pictureCopies - before, 5, "right to left: frames copied from the picture")
    }
}
