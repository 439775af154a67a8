import CPlatform
import Foundation
import GalleryCore
import SDLKit
@_spi(Bench) @testable import TesseraApp
import XCTest

/// The SDL wrappers, each method exercised. Rendering uses the offscreen video driver and the software renderer.
final class SDLKitTests: XCTestCase {
    override func setUp() {
        XCTAssertNotNil(SharedSDL.system)
    }

    func testSurfaceFillAndPixelRoundTrip() throws {
        let s = try Surface(width: 8, height: 4)
        XCTAssertEqual(s.width, 8)
        XCTAssertEqual(s.height, 4)
        XCTAssertGreaterThanOrEqual(s.pitch, 32)
        s.fill(x: 2, y: 1, width: 3, height: 2, r: 200, g: 100, b: 50)
        XCTAssertEqual(s.pixel(x: 3, y: 2).r, 200)
        XCTAssertEqual(s.pixel(x: 3, y: 2).g, 100)
        XCTAssertEqual(s.pixel(x: 0, y: 0).r, 0)
        s.setPixel(x: 7, y: 3, r: 1, g: 2, b: 3, a: 128)
        let p = s.pixel(x: 7, y: 3)
        XCTAssertEqual([p.r, p.g, p.b, p.a], [1, 2, 3, 128])
    }

    func testBadSurfaceSizesThrowInsteadOfCrashing() {
        XCTAssertThrowsError(try Surface(width: 0, height: 10))
        XCTAssertThrowsError(try Surface(width: 100_000, height: 10))
        XCTAssertThrowsError(try Surface(uninitializedWidth: 0, height: 10))
        XCTAssertThrowsError(try Surface(uninitializedWidth: 10, height: 100_000))
    }

    /// A surface made without clearing its pixels (for decoders and stretches) is an ordinary ARGB8888 surface that
    /// owns its pixels: written, stretched, turned and freed (SDL_FreeSurface frees the SDL_SIMDAlloc block; a
    /// wrong free would abort the run), many times over so the allocator's reuse of blocks is exercised too.
    func testAnUninitializedSurfaceIsWrittenStretchedAndFreedLikeAnyOther() throws {
        for round in 0..<50 {
            let s = try Surface(uninitializedWidth: 40 + round, height: 30)
            XCTAssertEqual(s.width, 40 + round)
            XCTAssertEqual(s.pitch, 4 * (40 + round))
            XCTAssertTrue(try s.convertedToARGB() === s, "ARGB8888 already")
            s.fill(x: 0, y: 0, width: s.width, height: 30, r: 10, g: 220, b: 40)
            s.setPixel(x: 0, y: 0, r: 250, g: 1, b: 2, a: 255)
            let small = try s.scaled(toWidth: 13, height: 9)
            XCTAssertEqual(Int(small.pixel(x: 7, y: 5).g), 220, accuracy: 2, "every pixel of the stretch is written")
            let turned = try s.reoriented(transpose: true, flipHorizontal: false, flipVertical: false)
            XCTAssertEqual(turned.width, 30)
            let corner = turned.pixel(x: 0, y: 0)
            XCTAssertEqual([corner.r, corner.g, corner.b], [250, 1, 2])
            XCTAssertEqual(turned.pixel(x: 29, y: 39 + round).g, 220)
        }
    }

    func testJPEGEncodeThenPNGDecodeAndScale() throws {
        let s = try Surface(width: 64, height: 48)
        s.fill(x: 0, y: 0, width: 64, height: 48, r: 30, g: 200, b: 90)
        let jpeg = try s.jpegData(quality: 90)
        XCTAssertEqual(jpeg.prefix(2), Data([0xFF, 0xD8]))
        let decoded = try Surface(decoding: try pngData(s), with: .png)
        XCTAssertEqual(decoded.width, 64)
        let argb = try decoded.convertedToARGB()
        XCTAssertEqual(Int(argb.pixel(x: 10, y: 10).g), 200, accuracy: 6)
        let small = try decoded.scaled(toWidth: 10, height: 7)
        XCTAssertEqual(small.width, 10)
        XCTAssertEqual(small.height, 7)
        XCTAssertEqual(Int(small.pixel(x: 5, y: 3).r), 30, accuracy: 6)
        let big = try decoded.scaled(toWidth: 640, height: 480)
        XCTAssertEqual(big.height, 480)
    }

    func testCorruptTruncatedAndNonImageDataThrow() throws {
        let s = try Surface(width: 64, height: 64)
        s.fill(x: 0, y: 0, width: 64, height: 64, r: 1, g: 2, b: 3)
        let png = try pngData(s)
        for loader in [Surface.Loader.png, .webp] {
            XCTAssertThrowsError(try Surface(decoding: Data(), with: loader))
            XCTAssertThrowsError(try Surface(decoding: Data("<html>not an image</html>".utf8), with: loader))
            // Each loader reads its own format only: no guessing.
            XCTAssertThrowsError(try Surface(decoding: try s.jpegData(), with: loader))
        }
        XCTAssertThrowsError(try Surface(decoding: png.prefix(png.count / 2), with: .png))
    }

    func testWebPDecodesLossyAndLossless() throws {
        for (name, data) in [("lossless", SampleWebP.lossless), ("lossy", SampleWebP.lossy)] {
            let s = try Surface(decoding: data, with: .webp).convertedToARGB()
            XCTAssertEqual(s.width, 16, name)
            XCTAssertEqual(s.height, 8, name)
            XCTAssertGreaterThan(s.pixel(x: 2, y: 4).r, 180, name)   // left half red
            XCTAssertGreaterThan(s.pixel(x: 13, y: 4).b, 180, name)  // right half blue
        }
        XCTAssertThrowsError(try Surface(decoding: SampleWebP.lossless, with: .png))
    }

    func testReorientingMovesEveryPixelWhereTheTransformSays() throws {
        // Wider and taller than the bands a transposed copy is made in (16 columns), and not a multiple of them.
        let s = try Surface(width: 37, height: 21)
        for y in 0..<21 { for x in 0..<37 { s.setPixel(x: x, y: y, r: UInt8(x), g: UInt8(y), b: 0, a: 255) } }
        for transpose in [false, true] {
            for fh in [false, true] {
                for fv in [false, true] {
                    let o = try s.reoriented(transpose: transpose, flipHorizontal: fh, flipVertical: fv)
                    XCTAssertEqual(o.width, transpose ? 21 : 37)
                    for y in 0..<o.height {
                        for x in 0..<o.width {
                            var ux = fh ? o.width - 1 - x : x, uy = fv ? o.height - 1 - y : y
                            if transpose { swap(&ux, &uy) }
                            let p = o.pixel(x: x, y: y)
                            XCTAssertEqual([Int(p.r), Int(p.g)], [ux, uy], "\(transpose) \(fh) \(fv) at \(x),\(y)")
                        }
                    }
                }
            }
        }
    }

    private func pngData(_ s: Surface) throws -> Data {
        let path = NSTemporaryDirectory() + "tessera-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try s.savePNG(to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testPNGSaveAndLoad() throws {
        let s = try Surface(width: 5, height: 5)
        s.fill(x: 0, y: 0, width: 5, height: 5, r: 9, g: 8, b: 7)
        let path = NSTemporaryDirectory() + "tessera-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try s.savePNG(to: path)
        let loaded = try Surface(contentsOf: path)
        XCTAssertEqual(loaded.width, 5)
        XCTAssertEqual(loaded.pixel(x: 2, y: 2).g, 8)
        XCTAssertThrowsError(try Surface(contentsOf: "/nonexistent/file.png"))
    }

}

/// Two 16×8 WebP files made with cwebp from a picture whose left half is red and right half blue.
enum SampleWebP {
    static let lossless = Data(base64Encoded: "UklGRigAAABXRUJQVlA4TBwAAAAvD8ABAA8wHvfwvRD3/EcLxILJ/KU7U4jof+QA")!
    static let lossy = Data(base64Encoded: "UklGRkIAAABXRUJQVlA4IDYAAAAQAgCdASoQAAgAAMASJaACdLoB+AH4gAPIAP77b3//VnN/9ZX/AXpZ/+Av//wFyPv4C/k6AAA=")!
}

/// Window, renderer, texture, font and events under the offscreen driver: a real frame, read back.
final class RenderingTests: XCTestCase {
    static var video: SDLSystem? { TestVideo.system }

    func testDrawsFillsAndTexturesAndReadsThemBack() throws {
        XCTAssertNotNil(RenderingTests.video, "offscreen video must start")
        let window = try Window(system: RenderingTests.video!, title: "test", width: 120, height: 80)
        XCTAssertEqual(window.size.width, 120)
        XCTAssertFalse(window.isFullscreen)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertEqual(renderer.name, "software")
        XCTAssertEqual(renderer.outputSize.height, 80)
        renderer.setColor(10, 20, 30)
        renderer.clear()
        renderer.setColor(255, 0, 0)
        renderer.fill(x: 0, y: 0, width: 60, height: 80)
        let green = try Surface(width: 4, height: 4)
        green.fill(x: 0, y: 0, width: 4, height: 4, r: 0, g: 255, b: 0)
        let texture = try Texture(renderer: renderer, surface: green)
        XCTAssertEqual(texture.byteCount, 64)
        renderer.copy(texture, to: 100, 60, 10, 10)
        renderer.setClip((0, 0, 10, 10))
        renderer.setColor(0, 0, 255)
        renderer.fill(x: 0, y: 0, width: 120, height: 80)
        renderer.setClip(nil)
        let frame = try renderer.readPixels()
        XCTAssertEqual(frame.pixel(x: 30, y: 40).r, 255)
        XCTAssertEqual(frame.pixel(x: 90, y: 40).b, 30)
        XCTAssertEqual(frame.pixel(x: 105, y: 65).g, 255)
        XCTAssertEqual(frame.pixel(x: 5, y: 5).b, 255, "clip kept the blue inside")
        XCTAssertEqual(frame.pixel(x: 30, y: 40).b, 0, "clip kept the blue out")
        renderer.present()
    }

    /// A texture drawn into keeps what was drawn (a stretched copy), blends onto the frame like any texture, and
    /// drawing goes back to the frame afterwards, whether it is the window or a turned panel's target.
    func testDrawingIntoATargetTextureThenBackToTheFrame() throws {
        let window = try Window(system: RenderingTests.video!, title: "target", width: 64, height: 48)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let green = try Surface(width: 2, height: 2)
        green.fill(x: 0, y: 0, width: 2, height: 2, r: 0, g: 200, b: 0)
        let small = try Texture(renderer: renderer, opaque: green)
        XCTAssertThrowsError(try renderer.draw(into: small) {}, "not a target")
        for degrees in [0, 90] {
            try renderer.setRotation(degrees)
            let (w, h) = renderer.drawingSize
            renderer.setColor(0, 0, 255)
            renderer.clear()
            let target = try Texture(renderer: renderer, targetWidth: 20, height: 20)
            XCTAssertTrue(target.isTarget)
            try renderer.draw(into: target) { renderer.copy(small, to: 0, 0, 16, 16) }
            target.setBlending(true)
            target.setAlphaMod(128)
            renderer.copy(target, source: (0, 0, 16, 16), to: 0, 0, 16, 16)
            renderer.setColor(255, 0, 0)
            renderer.fill(x: w - 8, y: h - 8, width: 8, height: 8)
            let frame = try renderer.readPixels()
            var mixed = 0, red = 0, blue = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = frame.pixel(x: x, y: y)
                    if p.r == 0, abs(Int(p.g) - 100) <= 2, abs(Int(p.b) - 127) <= 2 { mixed += 1 }
                    if [p.r, p.g, p.b] == [255, 0, 0] { red += 1 }
                    if [p.r, p.g, p.b] == [0, 0, 255] { blue += 1 }
                }
            }
            XCTAssertEqual(mixed, 256, "the stretched green at half over blue, turned \(degrees)")
            XCTAssertEqual(red, 64, "drawn into the frame again after the target, turned \(degrees)")
            XCTAssertEqual(blue, 64 * 48 - 256 - 64, "turned \(degrees)")
            renderer.present()
        }
    }

    /// A photo uploaded in bands over several calls shows every band once whole, with its alpha byte ignored.
    func testAnOpaqueTextureUploadedInBandsIsWhole() throws {
        let window = try Window(system: RenderingTests.video!, title: "bands", width: 64, height: 48)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        XCTAssertTrue(renderer.framesPersist, "the software renderer draws into the window's own surface")
        let picture = try Surface(width: 64, height: 48)
        for y in 0..<48 { picture.fill(x: 0, y: y, width: 64, height: 1, r: UInt8(y * 5), g: 200, b: UInt8(255 - y * 5)) }
        // A transparent corner: drawn opaque all the same, as photos are.
        picture.setPixel(x: 0, y: 0, r: 40, g: 50, b: 60, a: 0)
        let texture = try Texture(renderer: renderer, opaqueWidth: 64, height: 48)
        for band in stride(from: 0, to: 48, by: 10) { try texture.update(from: picture, rows: band..<min(48, band + 10)) }
        XCTAssertThrowsError(try texture.update(from: picture, rows: 40..<49), "a band past the bottom is refused")
        XCTAssertThrowsError(try texture.update(from: try Surface(width: 8, height: 8), rows: 0..<1), "another size")
        renderer.setColor(0, 0, 0)
        renderer.clear()
        renderer.copy(texture, to: 0, 0, 64, 48)
        let frame = try renderer.readPixels()
        for y in [0, 9, 10, 25, 47] {
            let p = frame.pixel(x: 33, y: y)
            XCTAssertEqual([p.r, p.g, p.b], [UInt8(y * 5), 200, UInt8(255 - y * 5)], "row \(y)")
        }
        let corner = frame.pixel(x: 0, y: 0)
        XCTAssertEqual([corner.r, corner.g, corner.b], [40, 50, 60])
    }

    func testTextIsDrawnWithDejaVuSans() throws {
        XCTAssertNotNil(RenderingTests.video)
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil), "fonts-dejavu-core must be installed")
        let font = try Font(system: RenderingTests.video!, path: fonts.regular, pointSize: 14)
        XCTAssertGreaterThan(font.lineHeight, 10)
        XCTAssertGreaterThan(font.size(of: "Tessera").width, font.size(of: "T").width)
        let text = try font.render("Tessera")
        var lit = 0
        for y in 0..<text.height { for x in 0..<text.width where text.pixel(x: x, y: y).a > 128 { lit += 1 } }
        XCTAssertGreaterThan(lit, 30)
        XCTAssertThrowsError(try Font(system: RenderingTests.video!, path: "/nonexistent.ttf", pointSize: 12))
    }

    func testLongTextIsFittedBeforeRenderingAndFailuresAreNotRetried() throws {
        let renderer = try TestVideo.renderer()
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil))
        let text = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold, scale: 1)
        let long = String(repeating: "Hostile author ", count: 20_000)
        let drawn = text.draw(long, .body, x: 0, y: 0, color: RGBA(255, 255, 255), maxWidth: 300)
        XCTAssertGreaterThan(drawn, 200)
        XCTAssertLessThanOrEqual(drawn, 300, "the texture is the fitted line, not 300,000 characters")
        XCTAssertTrue(text.fit(long, .body, maxWidth: 300).hasSuffix("…"))
        // A NUL makes SDL_ttf see an empty string, which it refuses to render: tried once, then remembered.
        let before = text.renderAttempts
        for _ in 0..<5 { XCTAssertEqual(text.draw("\u{0}", .body, x: 0, y: 0, color: RGBA(255, 255, 255)), 0) }
        XCTAssertEqual(text.renderAttempts, before + 1)
    }

    func testCJKAndSymbolsAreDrawnThroughFallbackFonts() throws {
        let renderer = try TestVideo.renderer()
        let fonts = try XCTUnwrap(FontLocator.locate(override: nil))
        let fallbacks = FontLocator.fallbacks(primary: fonts.regular)
        XCTAssertGreaterThanOrEqual(fallbacks.count, 7, "make test installs fonts-noto-core, fonts-dejavu-core, fonts-wqy-microhei and fonts-symbola")
        let plain = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold, scale: 1)
        let full = try TextRenderer(renderer: renderer, regular: fonts.regular, bold: fonts.bold, fallbacks: fallbacks, scale: 1)
        // Drawn into the frame and read back.
        func lit(_ text: TextRenderer, _ line: String) throws -> Int {
            renderer.setColor(0, 0, 0)
            renderer.clear()
            text.draw(line, .body, x: 0, y: 0, color: RGBA(255, 255, 255))
            let frame = try renderer.readPixels()
            var count = 0
            for y in 0..<30 { for x in 0..<200 where frame.pixel(x: x, y: y).r > 128 { count += 1 } }
            return count
        }
        // Without fallbacks each character is the same missing-glyph box; with them, three different characters.
        XCTAssertEqual(try lit(plain, "山"), try lit(plain, "田"))
        XCTAssertNotEqual(try lit(full, "山"), try lit(full, "田"))
        XCTAssertNotEqual(full.runs("山田龍", .body).first?.font, 0)
        XCTAssertGreaterThan(full.width(of: "Zoë 山田 🙂", .body), full.width(of: "Zoë", .body))
        XCTAssertEqual(try lit(full, "Tessera"), try lit(plain, "Tessera"), "Latin text is unchanged")
    }

    func testTheClipboardHoldsWhatWasCopied() throws {
        XCTAssertNotNil(RenderingTests.video)
        XCTAssertTrue(Clipboard.set("https://unsplash.com/photos/x"))
        XCTAssertEqual(Clipboard.text(), "https://unsplash.com/photos/x")
    }

    /// A flood of events is read a bounded slice per frame; the rest waits for the next.
    func testAFloodOfEventsIsReadABoundedSliceAtATime() throws {
        XCTAssertNotNil(RenderingTests.video)
        let pump = try EventPump()
        _ = pump.wait(timeoutMs: 0)
        for _ in 0..<300 { pump.wake() }
        let first = pump.wait(timeoutMs: 0, limit: 256)
        XCTAssertEqual(first.count, 256)
        let rest = pump.wait(timeoutMs: 0, limit: 256)
        XCTAssertEqual(rest.count, 44, "the rest on the next turn, none lost")
    }

    func testAWakeFromAnotherThreadEndsTheWait() throws {
        XCTAssertNotNil(RenderingTests.video)
        let pump = try EventPump()
        _ = pump.wait(timeoutMs: 0)
        let start = Date()
        Thread.detachNewThread { pump.wake() }
        let events = pump.wait(timeoutMs: 10_000)
        XCTAssertTrue(events.contains(.wake))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "woken, not timed out")
    }
}

/// The display-power calls on what this machine has: no DRM device, no KMSDRM window, no compositor.
final class DisplayPowerCallTests: XCTestCase {
    func testKMSDPMSRefusesADescriptorThatIsNoDRMDevice() throws {
        XCTAssertEqual(tessera_kms_dpms(-1, 0), -1)
        let fd = open("/dev/null", O_RDWR)
        defer { close(fd) }
        XCTAssertEqual(tessera_kms_dpms(fd, 0), -1, "the connector query fails on a file that is no DRM device")
    }

    func testAWindowOnAnotherDriverHasNoDRMDescriptor() throws {
        XCTAssertNotNil(TestVideo.system, "offscreen video must start")
        let window = try Window(system: TestVideo.system!, title: "kms", width: 64, height: 48)
        XCTAssertNil(window.drmDescriptor, "offscreen is not KMSDRM")
    }

    func testWithoutACompositorThereIsNoOutputPowerAndNoSeat() throws {
        let saved = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        setenv("WAYLAND_DISPLAY", "tessera-no-such-compositor", 1)
        defer { if let saved { setenv("WAYLAND_DISPLAY", saved, 1) } else { unsetenv("WAYLAND_DISPLAY") } }
        XCTAssertEqual(tessera_wayland_has_seat(), -1)
        XCTAssertThrowsError(try WaylandOutputPower()) { error in
            XCTAssertEqual(error as? WaylandOutputPower.Unavailable, .noCompositor)
        }
    }
}

/// The kiosk's pointer: hidden from the start, shown while it moves on purpose, hidden again two seconds after.
final class KioskPointerTests: XCTestCase {
    func testThePointerHidesTwoSecondsAfterItLastMoved() throws {
        XCTAssertNotNil(TestVideo.system, "offscreen video must start")
        defer { Cursor.setVisible(true) }
        let runner = KioskRunner(model: GalleryModel(pager: .init(pageSize: 30, minInterval: 0)))
        XCTAssertFalse(Cursor.isVisible, "a kiosk starts with the pointer hidden")
        runner.pointerShown(at: 10)
        XCTAssertTrue(Cursor.isVisible)
        runner.restPointer(now: 11.9, timeout: 2)
        XCTAssertTrue(Cursor.isVisible, "still within two seconds")
        runner.pointerShown(at: 11.5)
        runner.restPointer(now: 13.0, timeout: 2)
        XCTAssertTrue(Cursor.isVisible, "moving again starts the two seconds over")
        runner.restPointer(now: 13.6, timeout: 2)
        XCTAssertFalse(Cursor.isVisible, "hidden once it rested two seconds")
        runner.pointerShown(at: 20)
        XCTAssertTrue(Cursor.isVisible, "and shown again when it moves")
    }
}

/// How the app tells a GPU's OpenGL from Mesa's llvmpipe, which draws on the processor (then the software
/// renderer is chosen, `Composition.renderer(for:choice:vsync:)`).
final class RendererChoiceTests: XCTestCase {
    func testOpenGLOnLlvmpipeIsRecognisedAsSoftware() throws {
        XCTAssertNotNil(TestVideo.system, "offscreen video must start")
        let window = try Window(system: TestVideo.system!, title: "gl", width: 64, height: 48)
        guard let renderer = try? Renderer(window: window, kind: .accelerated, vsync: false),
              renderer.name.hasPrefix("opengl") else {
            throw XCTSkip("no OpenGL renderer under this video driver")
        }
        let gl = try XCTUnwrap(renderer.glRendererName, "an OpenGL renderer names its GL")
        // This machine and CI have no GPU: Mesa's GL is llvmpipe.
        XCTAssertTrue(gl.lowercased().contains("llvmpipe") || gl.lowercased().contains("softpipe"), gl)
        XCTAssertTrue(renderer.isSoftwareGL)
        let software = try Renderer(window: try Window(system: TestVideo.system!, title: "sw", width: 64, height: 48),
                                    kind: .software, vsync: false)
        XCTAssertNil(software.glRendererName)
        XCTAssertFalse(software.isSoftwareGL)
    }
}
