import Foundation
import GalleryCore
import JPEGKit
@testable import LocalSources
import XCTest

/// The file actions on a real disk, in a temporary folder with its own XDG_DATA_HOME: the trash and back (the
/// home trash and a volume's own), a lossless quarter turn of a JPEG decoded again by TurboJPEG, its EXIF kept,
/// formats refused in words, and the file manager asked with the right arguments.
final class FileOperationsTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private var trash: TrashCan { TrashCan(environment: ["XDG_DATA_HOME": root + "/data", "HOME": root], uid: getuid()) }

    private func write(_ name: String, _ data: Data) -> String {
        let path = root + "/photos/" + name
        FileManager.default.createFile(atPath: path, contents: data)
        return path
    }

    // MARK: the trash

    func testTrashAndBackWithItsTrashInfo() throws {
        let bytes = Data((0..<5000).map { UInt8($0 % 251) })
        let path = write("IMG 1 été.jpg", bytes)
        let trashed = try trash.trash(path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "gone from the folder")
        XCTAssertEqual(trashed.file, root + "/data/Trash/files/IMG 1 été.jpg")
        XCTAssertEqual(FileManager.default.contents(atPath: trashed.file), bytes)
        let info = try String(contentsOfFile: root + "/data/Trash/info/IMG 1 été.jpg.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath="))
        XCTAssertTrue(info.contains("Path=" + root.replacingOccurrences(of: " ", with: "%20") + "/photos/IMG%201%20%C3%A9t%C3%A9.jpg\n"))
        let parsed = try XCTUnwrap(TrashSpec.parseInfo(info))
        XCTAssertEqual(parsed.path, path)
        let date = try XCTUnwrap(parsed.deletionDate)
        XCTAssertNotNil(date.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression), date)
        // A second file of the same name takes the next name.
        let again = write("IMG 1 été.jpg", Data("other".utf8))
        XCTAssertEqual(try trash.trash(again).file, root + "/data/Trash/files/IMG 1 été.2.jpg")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/data/Trash/info/IMG 1 été.2.jpg.trashinfo"))
        // Undo: back where it was, byte for byte, its .trashinfo gone.
        try trash.restore(trashed)
        XCTAssertEqual(FileManager.default.contents(atPath: path), bytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.info))
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.file))
    }

    func testAFailedTrashLeavesTheFileWhereItWas() throws {
        let path = write("keep.jpg", Data("keep".utf8))
        // The trash's files/ is a link (it could send the file anywhere): refused, nothing moved, no .trashinfo.
        try FileManager.default.createDirectory(atPath: root + "/data/Trash/info", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/data/Trash/files", withDestinationPath: root + "/photos")
        XCTAssertThrowsError(try trash.trash(path))
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("keep".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/data/Trash/info"), [])
        // Putting back over a file that stands there now is refused too.
        try FileManager.default.removeItem(atPath: root + "/data/Trash/files")
        let trashed = try trash.trash(path)
        _ = write("keep.jpg", Data("new".utf8))
        XCTAssertThrowsError(try trash.restore(trashed))
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new".utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: trashed.file))
    }

    /// A trash that is not the user's own (made by someone else first, as anyone can on a shared volume) is refused:
    /// the file stays, and nothing is written into it.
    func testATrashOwnedBySomeoneElseIsRefused() throws {
        let path = write("mine.jpg", Data("mine".utf8))
        let stranger = TrashCan(environment: ["XDG_DATA_HOME": root + "/data", "HOME": root], uid: getuid() + 1)
        XCTAssertThrowsError(try stranger.trash(path)) { error in
            XCTAssertEqual((error as? FileCallError)?.code, EPERM, "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("mine".utf8))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: root + "/data/Trash/info")) ?? [], [])
        XCTAssertNoThrow(try trash.trash(path), "the owner's own trash takes it")
    }

    /// A file on another device than the home trash goes to that volume's `.Trash-$uid` (here /dev/shm, a tmpfs).
    func testAFileOnAnotherVolumeGoesToThatVolumesTrash() throws {
        var shm = stat(), tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(root, &tmp) == 0, shm.st_dev != tmp.st_dev else {
            throw XCTSkip("/dev/shm is not another device here")
        }
        let folder = "/dev/shm/tessera-volume-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let volumeTrash = "/dev/shm/.Trash-\(getuid())"
        let trashExisted = FileManager.default.fileExists(atPath: volumeTrash)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            if !trashExisted { try? FileManager.default.removeItem(atPath: volumeTrash) }
        }
        let path = folder + "/far.jpg"
        FileManager.default.createFile(atPath: path, contents: Data("far".utf8))
        let trashed = try trash.trash(path)
        XCTAssertTrue(trashed.file.hasPrefix(volumeTrash + "/files/far"), trashed.file)
        var info = stat()
        XCTAssertEqual(stat(volumeTrash, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "made 0700")
        XCTAssertEqual(TrashSpec.parseInfo(try String(contentsOfFile: trashed.info, encoding: .utf8))?.path, path)
        try trash.restore(trashed)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("far".utf8))
    }

    // MARK: the quarter turn

    /// A 64×32 JPEG in four colours (red, green / blue, yellow) with EXIF: Make, DateTime and the orientation.
    private func quadrants(width: Int = 64, height: Int = 32, orientation: Int = 1) throws -> Data {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b): (UInt8, UInt8, UInt8) = y < height / 2 ? (x < width / 2 ? (230, 20, 20) : (20, 200, 20))
                    : (x < width / 2 ? (20, 20, 230) : (240, 230, 20))
                let i = (y * width + x) * 4
                pixels[i] = b; pixels[i + 1] = g; pixels[i + 2] = r
            }
        }
        let plain = try JPEGCompressor().compress(pixels, width: width, pitch: width * 4, height: height, quality: 95)
        return Data([0xFF, 0xD8]) + exif(orientation: orientation) + plain.dropFirst(2)
    }

    private func exif(orientation: Int) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let make = Array("TestCam\0".utf8), date = Array("2021:05:04 10:20:30\0".utf8)
        let entries = 3, dataStart = 8 + 2 + 12 * entries + 4
        var tiff: [UInt8] = [0x49, 0x49] + u16(42) + u32(8) + u16(entries)
        tiff += u16(0x010F) + u16(2) + u32(make.count) + u32(dataStart)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u16(0x0132) + u16(2) + u32(date.count) + u32(dataStart + make.count)
        tiff += u32(0) + make + date
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body)
    }

    /// The decoded picture's colour at (x, y), as (r, g, b).
    private func colour(_ jpeg: Data, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let d = try JPEGDecompressor()
        return try jpeg.withUnsafeBytes { bytes in
            let header = try d.header(of: bytes)
            var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
            try pixels.withUnsafeMutableBytes { out in
                try d.decompress(bytes, into: out.baseAddress!, width: header.width, pitch: header.width * 4,
                                 height: header.height)
            }
            let i = (y * header.width + x) * 4
            return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]))
        }
    }

    private func assertColour(_ jpeg: Data, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), _ what: String,
                              line: UInt = #line) throws {
        let c = try colour(jpeg, x, y)
        XCTAssertTrue(abs(c.0 - expected.0) < 24 && abs(c.1 - expected.1) < 24 && abs(c.2 - expected.2) < 24,
                      "\(what): \(c)", line: line)
    }

    func testARightTurnIsLosslessKeepsTheExifAndResetsTheOrientation() throws {
        let original = try quadrants()
        let path = write("turn.jpg", original)
        let rotated = try PhotoRotator.rotate(path, .right)
        XCTAssertEqual(rotated.message, "Rotated right")
        XCTAssertEqual(rotated.original, original)
        let turned = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let header = try ImageHeaderReader.read(turned)
        XCTAssertEqual([header.width, header.height], [32, 64], "width and height swapped")
        XCTAssertEqual(header.orientation, .up)
        XCTAssertEqual(header.taken, "2021:05:04 10:20:30", "the other EXIF is kept")
        XCTAssertEqual(header.camera, "TestCam")
        // Turned clockwise: blue (was bottom left) is top left, red top right, yellow bottom left, green bottom right.
        try assertColour(turned, 8, 16, (20, 20, 230), "top left")
        try assertColour(turned, 24, 16, (230, 20, 20), "top right")
        try assertColour(turned, 8, 48, (240, 230, 20), "bottom left")
        try assertColour(turned, 24, 48, (20, 200, 20), "bottom right")
        // Undo writes the old bytes back, exactly.
        try PhotoRotator.replace(path, with: rotated.original)
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
    }

    func testAPortraitTaggedPhotoTurnedBackKeepsItsPixelsAndLosesItsTag() throws {
        // Stored landscape with orientation 6 (upright is turned right); a left turn makes the stored pixels upright.
        let path = write("phone.jpg", try quadrants(orientation: 6))
        _ = try PhotoRotator.rotate(path, .left)
        let turned = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let header = try ImageHeaderReader.read(turned)
        XCTAssertEqual([header.width, header.height, header.orientation.rawValue], [64, 32, 1])
        try assertColour(turned, 16, 8, (230, 20, 20), "red still top left")
    }

    func testASizeNotInWholeBlocksTurnsByItsTag() throws {
        let original = try quadrants(width: 60, height: 40)
        let path = write("odd.jpg", original)
        let rotated = try PhotoRotator.rotate(path, .right)
        XCTAssertTrue(rotated.message.hasPrefix("Rotated right (by its orientation tag"), rotated.message)
        let turned = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(turned.count, original.count)
        XCTAssertEqual(OrientationTag.inJPEG([UInt8](turned))?.value, .right)
        let header = try ImageHeaderReader.read(turned)
        XCTAssertEqual([header.displaySize.width, header.displaySize.height], [40, 60])
    }

    func testOtherFormatsAreRefusedInWordsAndLeftAlone() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 40))
        let path = write("x.png", png)
        XCTAssertThrowsError(try PhotoRotator.rotate(path, .left)) { error in
            XCTAssertEqual((error as? PhotoRotator.Refusal)?.description, "Can't rotate PNG files yet: only JPEG")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), png)
        let heic = Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 20))
        XCTAssertThrowsError(try PhotoRotator.rotate(write("y.heic", heic), .left)) { error in
            XCTAssertEqual((error as? PhotoRotator.Refusal)?.description, "Can't rotate HEIC files yet: only JPEG")
        }
    }

    func testTheReplacementKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let path = write("mode.jpg", try quadrants())
        chmod(path, 0o640)
        _ = try PhotoRotator.rotate(path, .left)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/photos"), ["mode.jpg"])
    }

    // MARK: on a folder's photos

    /// Through the folder source (not watching: the wall must not wait for the watcher): a JPEG of a RAW+JPEG pair
    /// goes to the trash with its RAW and leaves the source's photos at once; Undo puts both back.
    func testThePairGoesToTheTrashTogetherAndComesBack() throws {
        let folder = root + "/photos"
        try flatJPEG(40, 30).write(to: URL(fileURLWithPath: folder + "/IMG_1.JPG"))
        try Data("raw bytes".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_1.CR2"))
        try flatJPEG(50, 30).write(to: URL(fileURLWithPath: folder + "/other.jpg"))
        var settings = FolderSource.Settings()
        settings.watch = false
        let source = FolderSource(roots: [folder], settings: settings, cells: nil, indexStore: { nil }, log: { _ in })
        source.start()
        defer { source.stop() }
        let page = expectation(description: "first page")
        source.fetchPage(1, limit: 50) { _ in page.fulfill() }
        wait(for: [page], timeout: 10)
        let photo = try XCTUnwrap(source.photosInOrder().first { $0.author == "IMG_1.JPG" })
        let actions = FolderFileActions(source: source, trash: trash, opener: FolderOpener { _, done in done(0) })
        XCTAssertTrue(actions.canChange(photo))

        let outcome = actions.perform(.trash, on: photo)
        XCTAssertEqual(outcome.kind, .done)
        XCTAssertEqual(outcome.message, "IMG_1.JPG moved to the trash with IMG_1.CR2")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder)), ["other.jpg"])
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root + "/data/Trash/files")),
                       ["IMG_1.JPG", "IMG_1.CR2"])
        XCTAssertEqual(source.photosInOrder().map(\.author), ["other.jpg"], "off the source at once")

        let back = try XCTUnwrap(outcome.undo)()
        XCTAssertEqual(back.kind, .done)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder)), ["IMG_1.JPG", "IMG_1.CR2", "other.jpg"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/data/Trash/info"), [])
        XCTAssertEqual(Set(source.photosInOrder().map(\.author)), ["IMG_1.JPG", "other.jpg"])

        XCTAssertEqual(actions.perform(.copyPath, on: source.photosInOrder()[0]).effect,
                       .copy(folder + "/" + source.photosInOrder()[0].author))
        XCTAssertEqual(actions.perform(.rotateLeft, on: photo).kind, .refused, "the old photo is no longer the source's")
    }

    // MARK: the file manager

    func testTheFolderIsShownThroughDBusElseXdgOpen() {
        final class Asked: @unchecked Sendable {
            let lock = NSLock()
            var calls: [[String]] = []
            func add(_ a: [String]) { lock.lock(); calls.append(a); lock.unlock() }
        }
        let asked = Asked()
        let noFileManager = FolderOpener { arguments, finished in
            asked.add(arguments)
            finished(arguments[0] == "gdbus" ? 1 : 0)
        }
        noFileManager.show("/home/ada/Pictures/it's here.jpg")
        XCTAssertEqual(asked.calls.count, 2)
        XCTAssertEqual(asked.calls[0].prefix(3), ["gdbus", "call", "--session"])
        XCTAssertTrue(asked.calls[0].contains("org.freedesktop.FileManager1.ShowItems"))
        XCTAssertTrue(asked.calls[0].contains("['file:///home/ada/Pictures/it%27s%20here.jpg']"), "\(asked.calls[0])")
        XCTAssertEqual(asked.calls[1], ["xdg-open", "/home/ada/Pictures"])
    }
}
