import Foundation
import GalleryCore
import JPEGKit
@testable import LocalSources
import XCTest

/// What a quarter turn keeps, on a real disk: the file's date (its modification time is the only date of a photo
/// without EXIF: the date sort, the headings, the list), exactly again after Undo; and a link, which stays a link
/// while the file it points to is turned in its own folder.
final class FileOperationsRotationTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-turns-\(UUID().uuidString)"
        for folder in ["/photos", "/elsewhere"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    /// A 64×32 JPEG, red on the left, blue on the right, no EXIF.
    private func jpeg() throws -> Data {
        let (width, height) = (64, 32)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2]) = x < width / 2 ? (20, 20, 230) : (230, 20, 20)
            }
        }
        return try JPEGCompressor().compress(pixels, width: width, pitch: width * 4, height: height, quality: 95)
    }

    /// 2001-02-03 04:05:06.123456789 UTC, set with `utimensat`.
    private let old = timespec(tv_sec: 981_173_106, tv_nsec: 123_456_789)

    private func setModified(_ path: String, _ time: timespec) {
        let times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]
        XCTAssertEqual(utimensat(AT_FDCWD, path, times, 0), 0)
    }

    private func modified(_ path: String) throws -> timespec {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info.st_mtim
    }

    private func size(_ path: String) throws -> [Int] {
        let header = try ImageHeaderReader.read(try XCTUnwrap(FileManager.default.contents(atPath: path)))
        return [header.width, header.height]
    }

    func testATurnKeepsTheFilesDateAndUndoPutsItBackExactly() throws {
        let original = try jpeg()
        let path = root + "/photos/scan.jpg"
        try original.write(to: URL(fileURLWithPath: path))
        setModified(path, old)

        let rotated = try PhotoRotator.rotate(path, .right)
        XCTAssertEqual(try size(path), [32, 64], "turned")
        let after = try modified(path)
        XCTAssertEqual(after.tv_sec, old.tv_sec, "the same second: the photo's date is kept")
        XCTAssertNotEqual(after.tv_nsec, old.tv_nsec, "but a change to whatever knows the file by its stat")

        try rotated.undo()
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
        let back = try modified(path)
        XCTAssertEqual([back.tv_sec, back.tv_nsec], [old.tv_sec, old.tv_nsec], "Undo: the date as it was, exactly")
    }

    func testALinkStaysALinkAndTheFileItPointsToIsTurned() throws {
        let original = try jpeg()
        let target = root + "/elsewhere/real.jpg", link = root + "/photos/link.jpg"
        try original.write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../elsewhere/real.jpg")
        setModified(target, old)

        let rotated = try PhotoRotator.rotate(link, .left)
        XCTAssertEqual(rotated.file, target)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../elsewhere/real.jpg",
                       "still the link it was")
        XCTAssertEqual(try size(target), [32, 64], "the file it points to is turned")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/photos"), ["link.jpg"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere"), ["real.jpg"],
                       "no temporary file left beside it")

        try rotated.undo()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../elsewhere/real.jpg")
        XCTAssertEqual(FileManager.default.contents(atPath: target), original)
        XCTAssertEqual(try modified(target).tv_nsec, old.tv_nsec)
    }

    /// Through the folder source, as the pane asks: the link in the folder is turned and turned back, a link still.
    func testTheFolderSourceTurnsALinkedPhotoAndBack() throws {
        let target = root + "/elsewhere/real.jpg", link = root + "/photos/link.jpg"
        try jpeg().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        var settings = FolderSource.Settings()
        settings.watch = false
        settings.followLinks = true
        let source = FolderSource(roots: [root + "/photos"], settings: settings, cells: nil, indexStore: { nil },
                                  log: { _ in })
        source.start()
        defer { source.stop() }
        let page = expectation(description: "first page")
        _ = source.fetchPage(1, limit: 50) { _ in page.fulfill() }
        wait(for: [page], timeout: 10)
        let photo = try XCTUnwrap(source.photosInOrder().first)
        let actions = FolderFileActions(source: source, opener: FolderOpener { _, done in done(0) })
        let outcome = actions.perform(.rotateRight, on: photo)
        XCTAssertEqual(outcome.kind, .done, outcome.message)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(try size(target), [32, 64])
        XCTAssertEqual(try XCTUnwrap(outcome.undo)().kind, .done)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(try size(target), [64, 32])
    }
}
