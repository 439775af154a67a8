import XCTest
@testable import GalleryCore

/// The wall's zoom: two to eight columns by Ctrl+`+` `-` `0`, a pinch or the commands; the photo at the centre stays
/// in view; the choice is kept in the library; two stays the default.
final class WallZoomTests: XCTestCase {
    private func shots(_ n: Int) -> [Photo] {
        (0..<n).map { i in
            Photo(id: "z\(i)", author: "a\(i)", width: 300 + (i * 37) % 200, height: 200 + (i * 53) % 300,
                  url: "https://example.com/\(i)", downloadURL: "https://example.com/\(i).jpg")
        }
    }

    private func loaded(_ n: Int = 300, library: Library? = nil) -> GalleryModel {
        let model = GalleryModel(pager: .init(pageSize: n, minInterval: 0), library: library)
        model.feed.receive(model.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: shots(n))), now: 0)
        return model
    }

    private func distinctColumns(_ wall: BrowseScreen) -> Int { Set(wall.layout.frames.map(\.x)).count }

    func testTwoColumnsIsTheDefault() {
        let wall = loaded().browse
        XCTAssertEqual(wall.gridColumns, 2)
        XCTAssertEqual(distinctColumns(wall), 2)
        XCTAssertNil(wall.chosenColumns)
    }

    func testEveryCountFromTwoToEightLaysOutThatManyEqualColumns() {
        let wall = loaded().browse
        for n in BrowseScreen.columnRange {
            wall.setColumns(n)
            XCTAssertEqual(wall.layout.metrics.columns, n)
            XCTAssertEqual(distinctColumns(wall), n)
            let width = wall.layout.columnWidth
            XCTAssertTrue(wall.layout.frames.allSatisfy { $0.width == width })
            XCTAssertEqual(width, (1280 - 12 * (n + 1)) / n, "cells get narrower: smaller decodes")
            XCTAssertFalse(wall.visibleIndices.isEmpty)
        }
    }

    func testKeysStepTheColumnsWithinTwoToEightAndCtrlZeroGoesBack() {
        let model = loaded()
        _ = model.handle(key: .character("-"), modifiers: .control)
        XCTAssertEqual(model.browse.gridColumns, 3, "Ctrl+- : smaller photos, one column more")
        for _ in 0..<10 { _ = model.handle(key: .character("-"), modifiers: .control) }
        XCTAssertEqual(model.browse.gridColumns, 8, "eight at the most")
        _ = model.handle(key: .character("+"), modifiers: [.control, .shift])
        XCTAssertEqual(model.browse.gridColumns, 7, "Ctrl++ (Shift+= on most keyboards)")
        _ = model.handle(key: .character("="), modifiers: .control)
        XCTAssertEqual(model.browse.gridColumns, 6)
        _ = model.handle(key: .character("0"), modifiers: .control)
        XCTAssertEqual(model.browse.gridColumns, 2)
        XCTAssertNil(model.browse.chosenColumns)
        for _ in 0..<5 { _ = model.handle(key: .character("+"), modifiers: .control) }
        XCTAssertEqual(model.browse.gridColumns, 2, "two at the least")
        _ = model.handle(key: .character("-"))
        XCTAssertEqual(model.browse.gridColumns, 2, "a plain - is not the wall's zoom")
    }

    func testScriptsAndTheRemoteNameTheSameCommands() {
        let model = loaded()
        _ = model.apply(Command(name: "more-columns")!)
        _ = model.apply(Command(name: "more-columns")!)
        XCTAssertEqual(model.browse.gridColumns, 4)
        _ = model.apply(Command(name: "fewer-columns")!)
        XCTAssertEqual(model.browse.gridColumns, 3)
        _ = model.apply(Command(name: "default-columns")!)
        XCTAssertEqual(model.browse.gridColumns, 2)
        XCTAssertEqual(try CommandNames.command(named: "more-columns", argument: nil).get(), .action(RoomAction.moreColumns))
    }

    func testTheRemoteZoomsTheWallAndTheHelpSaysHow() throws {
        let model = loaded()
        let command = try CommandNames.command(named: "more-columns", argument: nil).get()
        XCTAssertNoThrow(try CommandsFromAfar.apply(command, in: model).get())
        XCTAssertEqual(model.browse.gridColumns, 3, "the remote's JSON and MQTT name the same command")
        let wall = try XCTUnwrap(HelpSheet.sections(for: model.keyMap).first { $0.title == "The wall" })
        let row = try XCTUnwrap(wall.rows.first { $0.action.hasPrefix("Smaller photos") })
        XCTAssertEqual(row.keys, "Ctrl+-")
        XCTAssertTrue(wall.rows.contains { $0.keys == "Ctrl+0" && $0.action == "The usual columns again" })
    }

    func testThePhotoUnderThePinchOrAtTheCentreStaysInViewAcrossAZoom() {
        let model = loaded(600)
        let wall = model.browse
        wall.setScroll(offset: 5000)
        let centreY = wall.gridTop + wall.gridHeight / 2
        func photo(atX x: Int) -> Int? {
            wall.visibleIndices.first {
                let f = wall.screenFrame(of: $0)
                return f.y <= centreY && f.maxY >= centreY && f.x <= x && f.maxX >= x
            }
        }
        for (n, x) in [(3, 300), (5, 900), (8, 640), (4, 100), (2, 1000)] {
            guard let before = photo(atX: x) else { continue }  // a gap under the point: nothing to keep
            let share = Double(centreY - wall.screenFrame(of: before).y) / Double(wall.screenFrame(of: before).height)
            wall.setColumns(n, around: (x, centreY))
            let frame = wall.screenFrame(of: before)
            XCTAssertTrue(wall.visibleIndices.contains(before), "\(n) columns: the photo is still on screen")
            XCTAssertEqual(Double(centreY - frame.y) / Double(frame.height), share, accuracy: 0.02,
                           "\(n) columns: the same point of the photo under the fingers")
        }
        // Keys zoom around the grid's centre (three columns: a photo there, not a gap).
        wall.setColumns(3)
        let centre = try! XCTUnwrap(photo(atX: 640))
        _ = model.handle(key: .character("-"), modifiers: .control)
        let frame = wall.screenFrame(of: centre)
        XCTAssertTrue(frame.y <= centreY + 2 && frame.maxY >= centreY - 2, "the photo at the centre stays there")
    }

    func testAPinchStepsAColumnPerSpreadAndStopsAtTheEnds() {
        let model = loaded()
        model.browse.setColumns(5)
        model.pointer(.pinch(scale: 1.1, x: 640, y: 400))
        XCTAssertEqual(model.browse.gridColumns, 5, "a small spread saves up")
        model.pointer(.pinch(scale: 1.2, x: 640, y: 400))
        XCTAssertEqual(model.browse.gridColumns, 4, "1.32 times apart: one column fewer")
        model.pointer(.pinch(scale: 0.5, x: 640, y: 400))
        XCTAssertEqual(model.browse.gridColumns, 6, "closing to half: two columns more")
        model.pointer(.pinch(scale: 100, x: 640, y: 400))
        XCTAssertEqual(model.browse.gridColumns, 2)
        model.pointer(.pinch(scale: 0.78, x: 640, y: 400))
        XCTAssertEqual(model.browse.gridColumns, 3, "nothing saved up past the end")
    }

    func testTheChoiceIsKeptInTheLibraryAndForgottenAtTheDefault() {
        let library = MemoryLibrary(userName: "Ada")  // named: no welcome screen over the wall
        let model = loaded(library: library)
        _ = model.apply(.action(RoomAction.moreColumns))
        _ = model.apply(.action(RoomAction.moreColumns))
        XCTAssertEqual(library.setting("wall-columns"), "4")
        XCTAssertEqual(UserData(library: library, name: nil, source: "picsum").wallColumns, 4)
        _ = model.apply(.action(RoomAction.defaultColumns))
        XCTAssertNil(library.setting("wall-columns"))
        try? library.setSetting("wall-columns", to: "40")
        XCTAssertNil(UserData(library: library, name: nil, source: "picsum").wallColumns, "out of range: not taken")
    }

    /// The kept zoom opens a desktop's wall, but `--columns` given says what this run shows, and a kiosk shows its
    /// owner's columns and keeps no zoom of its own (a pinch at it, the remote's `more-columns`).
    func testTheKeptZoomYieldsToColumnsGivenAndToAKiosk() {
        let library = MemoryLibrary(userName: "Ada")
        try? library.setSetting("wall-columns", to: "5")
        func wall(_ config: GalleryConfig = GalleryConfig(), kiosk: Kiosk? = nil) -> GalleryModel {
            let model = GalleryModel(config: config, pager: .init(pageSize: 50, minInterval: 0), kiosk: kiosk,
                                     library: library)
            model.feed.receive(model.feed.nextPageRequest(now: 0)!, .success(PageContents(photos: shots(50))), now: 0)
            model.browse.takeKeptColumns(in: model)
            return model
        }
        XCTAssertEqual(wall().browse.gridColumns, 5, "a desktop opens as it was zoomed")
        var given = GalleryConfig()
        given.columns = 3
        given.columnsGiven = true
        XCTAssertEqual(wall(given).browse.gridColumns, 3, "--columns 3 wins")
        let kiosk = wall(kiosk: Kiosk())
        XCTAssertEqual(kiosk.browse.gridColumns, 2, "a kiosk: its own columns")
        _ = kiosk.apply(.action(RoomAction.moreColumns))
        kiosk.pointer(.pinch(scale: 0.5, x: 640, y: 400))
        XCTAssertGreaterThan(kiosk.browse.gridColumns, 3, "the kiosk's wall zooms for this run")
        XCTAssertEqual(library.setting("wall-columns"), "5", "but the desktop's kept zoom is untouched")
    }

    func testTheListKeepsItsOneColumnAndTheGridComesBackZoomed() {
        let model = loaded()
        model.browse.setColumns(4)
        _ = model.apply(.toggleView)
        XCTAssertEqual(model.browse.layout.metrics.columns, 1)
        _ = model.apply(.action(RoomAction.moreColumns))
        XCTAssertEqual(model.browse.layout.metrics.columns, 1, "the list does not zoom")
        _ = model.apply(.toggleView)
        XCTAssertEqual(model.browse.layout.metrics.columns, 4)
    }

    func testMemoriesKeepTheColumnsTheirWallWasZoomedTo() {
        let room = MemoriesScreen(day: .init(year: 2026, month: 12, day: 1), config: GalleryConfig(),
                                  viewport: Viewport(size: PixelSize(width: 1280, height: 800)), mode: .grid)
        room.memories.setColumns(5)
        room.arrived(.success(shots(20)))
        XCTAssertEqual(room.memories.gridColumns, 5, "the answer's wall as zoomed as the one it replaces")
    }

    func testAResizeKeepsTheChosenColumns() {
        let model = loaded()
        model.browse.setColumns(6)
        model.resize(to: Viewport(size: PixelSize(width: 1920, height: 1080)))
        XCTAssertEqual(model.browse.layout.metrics.columns, 6)
        XCTAssertEqual(model.browse.layout.columnWidth, (1920 - 12 * 7) / 6)
    }
}
