@testable import GalleryCore
import GallerySamples
import XCTest

/// The trash's words and names (the freedesktop.org Trash specification 1.0), the quarter turn's plan and its
/// orientation tag, and the pane's file actions: who may ask (never a kiosk, never the remote), the toast with Undo,
/// and the pane keeping to its file while the folder changes under it.
final class FileActionTests: XCTestCase {
    // MARK: the trash's words

    func testTrashInfoIsTheSpecsTextAndReadsBack() {
        let date = LocalDateTime(year: 2026, month: 12, day: 1, hour: 9, minute: 5, second: 3)
        let path = "/home/ada/My Photos/été 100%.jpg"
        let text = TrashSpec.info(path: path, deletedAt: date)
        XCTAssertEqual(text, "[Trash Info]\nPath=/home/ada/My%20Photos/%C3%A9t%C3%A9%20100%25.jpg\nDeletionDate=2026-12-01T09:05:03\n")
        let parsed = TrashSpec.parseInfo(text)
        XCTAssertEqual(parsed?.path, path)
        XCTAssertEqual(parsed?.deletionDate, "2026-12-01T09:05:03")
        XCTAssertNil(TrashSpec.parseInfo("Path=/x\n"), "no [Trash Info] group: not a trashinfo")
    }

    func testANameThatIsNotUTF8KeepsItsBytes() {
        let path = "/tmp/" + PathBytes.string([0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67][...])
        let encoded = TrashSpec.percentEncoded(path)
        XCTAssertEqual(encoded, "/tmp/f%FF.jpg")
        XCTAssertEqual(PathBytes.bytes(TrashSpec.percentDecoded(encoded)), PathBytes.bytes(path))
    }

    func testCollidingNamesTakeANumberBeforeTheExtension() {
        XCTAssertEqual(TrashSpec.candidateName(for: "IMG_1.jpg", attempt: 1), "IMG_1.jpg")
        XCTAssertEqual(TrashSpec.candidateName(for: "IMG_1.jpg", attempt: 2), "IMG_1.2.jpg")
        XCTAssertEqual(TrashSpec.candidateName(for: "a.tar.gz", attempt: 3), "a.tar.3.gz")
        XCTAssertEqual(TrashSpec.candidateName(for: ".hidden", attempt: 2), ".hidden.2")
        XCTAssertEqual(TrashSpec.candidateName(for: "plain", attempt: 2), "plain.2")
    }

    func testWhereTheTrashIs() {
        XCTAssertEqual(TrashSpec.homeTrash(dataHome: nil, home: "/home/ada"), "/home/ada/.local/share/Trash")
        XCTAssertEqual(TrashSpec.homeTrash(dataHome: "relative/x", home: "/home/ada"), "/home/ada/.local/share/Trash")
        XCTAssertEqual(TrashSpec.homeTrash(dataHome: "/data/", home: "/home/ada"), "/data/Trash")
        XCTAssertEqual(TrashSpec.volumeTrashes(topdir: "/media/usb", uid: 1000, facts: .init(adminTrashUsable: true)),
                       ["/media/usb/.Trash/1000", "/media/usb/.Trash-1000"])
        XCTAssertEqual(TrashSpec.volumeTrashes(topdir: "/", uid: 7, facts: .init(adminTrashUsable: false)), ["/.Trash-7"])
    }

    // MARK: the quarter turn

    /// Turning the upright picture right, through the new orientation, is the old upright picture turned right,
    /// pixel by pixel (`ExifOrientation.storedPixel` is the reference the decoder is tested against).
    func testATurnComposesWithEveryOrientation() {
        let (w, h) = (3, 2)
        for o in ExifOrientation.allCases {
            let turned = o.turned(.right)
            let uprightHeight = o.swapsAxes ? w : h
            let turnedWidth = uprightHeight, turnedHeight = o.swapsAxes ? h : w
            for y in 0..<turnedHeight {
                for x in 0..<turnedWidth {
                    // Turned right: the new (x, y) is the old upright (y, height - 1 - x).
                    let expected = o.storedPixel(forUprightX: y, y: uprightHeight - 1 - x, width: w, height: h)
                    XCTAssertTrue(turned.storedPixel(forUprightX: x, y: y, width: w, height: h) == expected, "\(o) \(x),\(y)")
                }
            }
            XCTAssertEqual(turned.turned(.left), o)
            XCTAssertEqual(o.turned(.right).turned(.right).turned(.right).turned(.right), o)
        }
        XCTAssertEqual(ExifOrientation.up.turned(.right), .right)
        XCTAssertEqual(ExifOrientation.up.turned(.left), .left)
    }

    func testThePlanIsLosslessOrSaysWhatItTrims() {
        let mcu = (width: 16, height: 16)
        XCTAssertEqual(RotationPlan.jpeg(width: 96, height: 64, mcu: mcu, orientation: nil, turn: .right),
                       .transform(.rotate90, trimmed: 0))
        XCTAssertEqual(RotationPlan.jpeg(width: 96, height: 64, mcu: mcu, orientation: .right, turn: .left),
                       .transform(.none, trimmed: 0), "a phone's portrait turned back: pixels as they are, tag 1")
        XCTAssertEqual(RotationPlan.jpeg(width: 100, height: 75, mcu: mcu, orientation: .right, turn: .right),
                       .retag(.down), "not in whole blocks, with a tag: the tag alone")
        XCTAssertEqual(RotationPlan.jpeg(width: 100, height: 75, mcu: mcu, orientation: nil, turn: .right),
                       .transform(.rotate90, trimmed: 11), "no tag: the bottom's partial block row goes, and is said")
        XCTAssertEqual(RotationPlan.jpeg(width: 100, height: 64, mcu: mcu, orientation: nil, turn: .left),
                       .transform(.rotate270, trimmed: 4))
    }

    // MARK: the orientation tag

    /// A JPEG's start: SOI, APP1 Exif with IFD0 (Make "Cam", Orientation), then SOS.
    private func jpegStart(littleEndian: Bool, orientation: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
            + [0xFF, 0xDA, 0, 2]
    }

    func testTheOrientationTagIsFoundAndRewrittenInPlace() {
        for little in [true, false] {
            var bytes = jpegStart(littleEndian: little, orientation: 6)
            let before = bytes
            guard let tag = OrientationTag.inJPEG(bytes) else { return XCTFail("no tag found") }
            XCTAssertEqual(tag.value, .right)
            tag.write(.up, into: &bytes)
            XCTAssertEqual(OrientationTag.inJPEG(bytes)?.value, .up)
            XCTAssertEqual(bytes.count, before.count)
            XCTAssertEqual(zip(bytes, before).filter { $0 != $1 }.count, 1, "one byte changed: the value")
        }
        XCTAssertNil(OrientationTag.inJPEG([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]))
        // A damaged block (the IFD's count runs off the end) finds nothing rather than reading past it.
        var cut = jpegStart(littleEndian: true, orientation: 6)
        cut.removeLast(24)
        XCTAssertNil(OrientationTag.inJPEG(cut))
    }

    // MARK: the pane's file actions

    private final class FileServices: AppServices {
        var asked: [(FileAction, Photo)] = []
        var undone = 0
        var local = true
        func canChangeFiles(of photo: Photo) -> Bool { local }
        func fileAction(_ action: FileAction, on photo: Photo) -> FileActionOutcome {
            asked.append((action, photo))
            if action == .copyPath { return FileActionOutcome("Path copied", effect: .copy("/p/\(photo.id).jpg")) }
            return FileActionOutcome("\(photo.id) moved to the trash", undo: { [unowned self] in
                self.undone += 1
                return FileActionOutcome("back")
            })
        }
    }

    private func paneOn(_ index: Int, kiosk: Kiosk? = nil) -> (GalleryModel, FileServices) {
        let model = loadedGallery(kiosk: kiosk)
        let services = FileServices()
        model.services = services
        model.browse.focus(index)
        _ = model.apply(.openDetail)
        return (model, services)
    }

    func testDeleteTrashesTheFileAndTheToastUndoesIt() {
        let (model, services) = paneOn(3)
        _ = model.handle(key: .delete)
        XCTAssertEqual(services.asked.map(\.0), [.trash])
        XCTAssertEqual(services.asked.first?.1.id, "3")
        XCTAssertEqual(model.toasts.current?.text, "3 moved to the trash")
        XCTAssertEqual(model.toasts.current?.actionLabel, "Undo")
        XCTAssertEqual(model.detail?.overlay.key.photoID, "4", "the pane shows the photo that takes its place")
        _ = model.handle(key: .character("z"), modifiers: .control)
        XCTAssertEqual(services.undone, 1)
        XCTAssertEqual(model.toasts.current?.text, "Undone")
    }

    /// A key held down repeats: Delete held must not trash photo after photo (only the last could be undone), nor
    /// Ctrl+R held rewrite the file again and again. Each file action wants a press of its own.
    func testAHeldKeyRunsNoFileActionAgain() {
        let (model, services) = paneOn(3)
        _ = model.input.handle(key: .delete)
        for _ in 0..<5 { _ = model.input.handle(key: .delete, isRepeat: true) }
        _ = model.input.handle(key: .character("r"), modifiers: .control, isRepeat: true)
        _ = model.input.handle(key: .character("R"), modifiers: [.control, .shift], isRepeat: true)
        XCTAssertEqual(services.asked.map(\.0), [.trash], "one press, one file trashed")
        XCTAssertEqual(model.detail?.overlay.key.photoID, "4")
        // A held arrow still steps through the photos: only the file actions wait for a new press.
        _ = model.input.handle(key: .right, isRepeat: true)
        XCTAssertEqual(model.detail?.overlay.key.photoID, "5")
        _ = model.input.handle(key: .character("r"), modifiers: .control)
        XCTAssertEqual(services.asked.map(\.0), [.trash, .rotateRight], "a new press acts")
    }

    func testTheButtonsAndKeysAskTheSameActions() {
        let (model, services) = paneOn(0)
        _ = model.handle(key: .character("r"), modifiers: .control)
        _ = model.handle(key: .character("R"), modifiers: [.control, .shift])
        let effect = model.handle(key: .character("C"), modifiers: [.control, .shift])
        XCTAssertEqual(services.asked.map(\.0), [.rotateRight, .rotateLeft, .copyPath])
        XCTAssertEqual(effect, .copy("/p/0.jpg"))
        let layout = model.detail!.overlay.layout(in: model)
        for control in [DetailLayout.Control.showFolder, .copyPath, .rotateLeft, .rotateRight, .trash] {
            XCTAssertNotNil(layout.frame(of: control), "\(control) has a button")
        }
        let trash = layout.frame(of: .trash)!
        model.pointer(.hover(x: trash.x + 2, y: trash.y + 2))
        XCTAssertEqual(model.detail?.overlay.tooltip(in: model), "Move to the trash (Delete)")
        model.click(atWindowX: trash.x + 2, y: trash.y + 2)
        XCTAssertEqual(services.asked.last?.0, .trash)
    }

    func testAPhotoWithoutAFileHasNoButtonsAndIsRefusedInWords() {
        let (model, services) = paneOn(0)
        services.local = false
        XCTAssertNil(model.detail!.overlay.layout(in: model).frame(of: .trash))
        _ = model.handle(key: .delete)
        XCTAssertTrue(services.asked.isEmpty)
        XCTAssertEqual(model.toasts.current?.text, "Only photos from folders on this computer have files to change")
    }

    func testTheRemoteCannotChangeFiles() {
        let (model, services) = paneOn(2)
        for action in FileAction.allCases {
            XCTAssertThrowsError(try CommandNames.command(named: action.rawValue, argument: nil).get(),
                                 "the remote has no name for \(action)")
            guard case .failure(let refusal) = CommandsFromAfar.apply(action.command, in: model) else {
                return XCTFail("\(action) from afar was taken")
            }
            XCTAssertEqual(refusal.message, "Files are changed only at the window, never from afar")
        }
        XCTAssertTrue(services.asked.isEmpty, "nothing reached the files")
        // Nor the Undo of one done at the window.
        _ = model.handle(key: .delete)
        guard case .failure = CommandsFromAfar.apply(.undoRemoveBookmark, in: model) else {
            return XCTFail("the remote's undo ran a file's Undo")
        }
        XCTAssertEqual(services.undone, 0)
    }

    func testAKioskHasNoFileActions() {
        let (model, services) = paneOn(1, kiosk: Kiosk())
        for command in FileAction.commands {
            XCTAssertFalse(model.keyMap.bindings.values.contains { $0.values.contains(command) }, "\(command) bound")
        }
        _ = model.apply(FileAction.trash.command)
        XCTAssertTrue(services.asked.isEmpty)
        XCTAssertNil(model.detail?.overlay.layout(in: model).frame(of: .trash))
    }

    // MARK: the pane keeps to its file

    func testThePaneFollowsItsFileReplacedOrGone() {
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), asksName: false)
        func file(_ id: String, _ w: Int = 300, _ h: Int = 200) -> Photo {
            Photo(id: id, author: id, width: w, height: h, url: "", downloadURL: "", imageReference: "/p/\(id.prefix(1)).jpg")
        }
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: ["a1", "b1", "c1"].map { file($0) })), now: 0)
        model.browse.focus(1)
        _ = model.apply(.openDetail)
        // Turned for good: the same file, a new photo (its size swapped), in its place.
        var turned = FeedEdits()
        turned.removed = ["b1"]
        turned.inserted = [(file("b2", 200, 300), "c1")]
        DetailPane.follow(turned, in: model)
        XCTAssertEqual(model.detail?.overlay.key.photoID, "b2")
        XCTAssertEqual(model.detail?.index, 1)
        // Gone: the pane stands on the photo now in its place.
        var gone = FeedEdits()
        gone.removed = ["b2"]
        DetailPane.follow(gone, in: model)
        XCTAssertEqual(model.detail?.overlay.key.photoID, "c1")
    }
}
