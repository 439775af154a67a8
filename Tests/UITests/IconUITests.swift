import Foundation
import GalleryCore
import SDLKit
import XCTest

/// The icons and the empty screens as drawn by the real app (offscreen, software renderer), read by their pixels:
/// a header button's icon comes from the icon font, not the old glyph, and is crisp at scale 2; each empty screen
/// shows its picture and its action, and pressing the action does what it says.
final class IconUITests: XCTestCase {
    private var root = ""
    private let header = GalleryConfig().headerHeight
    private let tile = (r: 60, g: 60, b: 66), accent = (r: 90, g: 160, b: 255)

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-icons-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Surface {
        let env = ["XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "HOME": root].merging(environment) { $1 }
        let run = try AppProcess.run(["--cache-dir", root + "/cache", "--name", "Tester"] + arguments, environment: env)
        return try XCTUnwrap(run.frame, "no screenshot: \(run.log)")
    }

    private func isColor(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (r: Int, g: Int, b: Int), tolerance: Int = 3) -> Bool {
        abs(Int(p.r) - c.r) <= tolerance && abs(Int(p.g) - c.g) <= tolerance && abs(Int(p.b) - c.b) <= tolerance
    }

    private func brightness(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }

    /// The rightmost header tile (help's) in device pixels: found by its fill, right to left along the header's middle.
    private func helpTile(_ frame: Surface, scale: Int) throws -> Rect {
        let y = header * scale / 2 - 14 * scale
        let right = try XCTUnwrap(stride(from: frame.width - 1, to: frame.width / 2, by: -1).first {
            isColor(frame.pixel(x: $0, y: y), tile)
        }, "no button tile in the header")
        let size = Toolbar.size * scale
        return Rect(x: right - size + 1, y: (header - Toolbar.size) / 2 * scale, width: size, height: size)
    }

    /// The box of what is drawn in the text's colour inside a rectangle.
    private func ink(_ frame: Surface, in box: Rect, over background: Int = 63) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX where brightness(frame.pixel(x: x, y: y)) > background + 80 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Help's button at scale 2 is Material's help_outline, 20 of its 24 units: a ring 40 device pixels across, not the
    /// old "?" glyph (narrower than tall), and its edges are sharp (rendered at 48 pixels, not stretched from 24).
    func testHeaderButtonsDrawTheIconFontCrispAtScale2() throws {
        for size in ["1280x800", "1920x1080"] {  // 2560x1600 and 3840x2160 device pixels
            let icons = try run(["--demo", "--size", size, "--scale", "2"])
            let glyphs = try run(["--demo", "--size", size, "--scale", "2"],
                                 environment: ["TESSERA_ICON_FONT": "/nonexistent/MaterialIcons-Regular.ttf"])
            let box = try helpTile(icons, scale: 2)
            XCTAssertEqual(box, try helpTile(glyphs, scale: 2), "the button keeps its place and size")
            let ring = try XCTUnwrap(ink(icons, in: box), "the icon is drawn")
            XCTAssertEqual(Double(ring.width), 40, accuracy: 3, "help_outline's ring, 20/24 of 48 pixels: \(ring)")
            XCTAssertEqual(Double(ring.height), 40, accuracy: 3, "\(ring)")
            let glyph = try XCTUnwrap(ink(glyphs, in: box), "without the icon font the glyph is drawn")
            XCTAssertLessThan(glyph.width, 30, "the old '?' glyph: \(glyph)")
            var differing = 0
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where abs(brightness(icons.pixel(x: x, y: y)) - brightness(glyphs.pixel(x: x, y: y))) > 60 {
                    differing += 1
                }
            }
            XCTAssertGreaterThan(differing, 200, "the icon is not the glyph")
            // Across the ring's middle: background, ring, inside, ring, background. Each edge goes from tile to ink in
            // at most two pixels.
            let row = ring.y + ring.height / 2
            var ramp = 0, previous = 0
            var edges = 0
            for x in (ring.x - 2)...(ring.maxX + 1) {
                let b = brightness(icons.pixel(x: x, y: row))
                if b > 63 + 30, b < 235 - 30 { ramp += 1 }
                if (b > 150) != (previous > 150), x > ring.x - 2 { edges += 1 }
                previous = b
            }
            XCTAssertGreaterThanOrEqual(edges, 4, "the ring is crossed twice")
            XCTAssertLessThanOrEqual(ramp, edges * 2, "sharp edges: \(ramp) half-lit pixels over \(edges) edges")
        }
    }

    /// Where an empty screen's parts are, as the core lays them out (logical pixels are device pixels at scale 1).
    private func layout(_ empty: EmptyState, width: Int, height: Int, top: Int? = nil) -> EmptyState.Layout {
        empty.layout(window: PixelSize(width: width, height: height), top: top ?? header)
    }

    /// The picture's ink (the icon drawn large) and the first action's lit button.
    private func assertShowsPictureAndAction(_ frame: Surface, _ layout: EmptyState.Layout, _ what: String,
                                             file: StaticString = #filePath, line: UInt = #line) {
        let picture = ink(frame, in: layout.picture, over: 27)
        XCTAssertNotNil(picture, "\(what): the picture is drawn", file: file, line: line)
        if let picture {
            XCTAssertGreaterThan(max(picture.width, picture.height), 60, "\(what): a large icon, \(picture)", file: file, line: line)
        }
        let button = layout.buttons[0]
        XCTAssertTrue(isColor(frame.pixel(x: button.x + 4, y: button.y + 4), accent),
                      "\(what): the action's button is drawn, lit: \(frame.pixel(x: button.x + 4, y: button.y + 4))",
                      file: file, line: line)
    }

    private func tap(_ rect: Rect) -> String { "tap:\(rect.x + rect.width / 2):\(rect.y + rect.height / 2)" }

    /// A folder of red pictures (PNG, made with SDL).
    private func redFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for i in 0..<3 {
            let s = try Surface(width: 600, height: 400)
            s.fill(x: 0, y: 0, width: 600, height: 400, r: 220, g: 20, b: 30)
            try s.savePNG(to: path + "/red\(i).png")
        }
    }

    private func share(_ frame: Surface, _ color: (r: Int, g: Int, b: Int)) -> Double {
        var hit = 0, all = 0
        for y in stride(from: header + 10, to: frame.height, by: 7) {
            for x in stride(from: 0, to: frame.width, by: 7) {
                all += 1
                if isColor(frame.pixel(x: x, y: y), color, tolerance: 8) { hit += 1 }
            }
        }
        return Double(hit) / Double(max(1, all))
    }

    func testAnEmptyFolderOffersAnotherAndTheChooserShowsIt() throws {
        let empty = root + "/empty", red = root + "/red"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try redFolder(red)
        let chooser = root + "/chooser.sh"
        try "#!/bin/sh\necho \(red)\n".write(toFile: chooser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: chooser)
        let state = EmptyState(icon: .photoLibrary, title: "", actions: [EmptyState.Action("", .reload)])
        for (width, height) in [(1280, 800), (480, 800)] {
            let place = layout(state, width: width, height: height)
            let frame = try run([empty, "--size", "\(width)x\(height)"])
            assertShowsPictureAndAction(frame, place, "an empty folder at \(width)x\(height)")
            XCTAssertLessThan(share(frame, (220, 20, 30)), 0.01)
            let chosen = try run([empty, "--size", "\(width)x\(height)", "--script", tap(place.buttons[0]) + ",await-source:red"],
                                 environment: ["TESSERA_FOLDER_CHOOSER": chooser])
            XCTAssertGreaterThan(share(chosen, (220, 20, 30)), 0.15, "the folder chosen shows")
        }
    }

    func testNoBookmarksShowsHowAndGoesBack() throws {
        let state = EmptyState(icon: .bookmarkBorder, title: "", actions: [EmptyState.Action("", .closeScreen)])
        let place = layout(state, width: 1280, height: 800)
        let frame = try run(["--demo", "--size", "1280x800", "--script", "bookmarks"])
        assertShowsPictureAndAction(frame, place, "no bookmarks")
        let back = try run(["--demo", "--size", "1280x800", "--script", "bookmarks," + tap(place.buttons[0])])
        XCTAssertLessThan(share(back, (24, 24, 27)), 0.5, "photos cover the wall, not the background")
    }

    func testNoMatchesShowsWhatWasLookedForAndClears() throws {
        let state = EmptyState(icon: .searchOff, title: "", actions: [EmptyState.Action("", .clearSearch)])
        // The search bar is open over the wall's top while the query is typed.
        let place = layout(state, width: 1280, height: 800, top: header + Search.barSpace)
        let frame = try run(["--demo", "--size", "1280x800", "--script", "search,type:zzzzqqq"])
        assertShowsPictureAndAction(frame, place, "no matches")
        let cleared = try run(["--demo", "--size", "1280x800", "--script", "search,type:zzzzqqq," + tap(place.buttons[0])])
        XCTAssertLessThan(share(cleared, (24, 24, 27)), 0.5, "the wall of photos again")
    }
}
