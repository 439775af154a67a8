import Foundation
import GalleryCore
@testable import LocalSources
import SDLKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A folder as people leave them: a FIFO and a device where photos were, a link to `/` and one to `/dev/zero`, a
/// photo padded to many megabytes, a name that is not UTF-8, a name with a terminal escape in it.
final class HostileFolderTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        root = NSTemporaryDirectory() + "tessera-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func jpeg(_ w: Int, _ h: Int) throws -> Data {
        let s = try Surface(width: w, height: h)
        s.fill(x: 0, y: 0, width: w, height: h, r: 90, g: 120, b: 200)
        return try s.jpegData(quality: 90)
    }

    /// Writes a file whose name is given as bytes (so it need not be UTF-8).
    private func write(_ data: Data, nameBytes: [UInt8]) throws {
        var path = Array(root.utf8) + [0x2F] + nameBytes
        path.append(0)
        let fd = path.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { open($0, O_WRONLY | O_CREAT, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Runs the scan on another thread so that a block (a FIFO opened for reading) fails the test instead of
    /// stopping it.
    private func scan(_ scanner: FolderScanner, roots: [String]) -> [LocalFile]? {
        let done = DispatchSemaphore(value: 0)
        let box = Box<[LocalFile]>()
        Thread.detachNewThread {
            var found: [LocalFile] = []
            scanner.scan(roots) { found.append($0) }
            box.set(found)
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return box.value
    }

    func testAFolderNobodyCleanedIsScannedWithoutBlockingCrashingOrLeavingIt() throws {
        let photo = try jpeg(64, 48)
        try photo.write(to: URL(fileURLWithPath: root + "/a.jpg"))
        XCTAssertEqual(mkfifo(root + "/pipe.jpg", 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/everything", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: root + "/zero.jpg", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: root + "/null.jpg", withDestinationPath: "/dev/null")
        var padded = photo
        padded.append(Data(count: 40 << 20))
        try padded.write(to: URL(fileURLWithPath: root + "/padded.jpg"))
        try write(photo, nameBytes: Array("M".utf8) + [0xFC] + Array("nchen.jpg".utf8))
        try write(photo, nameBytes: Array("\u{1B}[31mred\u{202E}gpj.jpg".utf8))

        var scanner = FolderScanner()
        var lines: [String] = []
        let lock = NSLock()
        scanner.skipped = { line in lock.lock(); lines.append(line); lock.unlock() }
        guard let found = scan(scanner, roots: [root]) else { return XCTFail("the scan blocked") }

        let names = Set(found.map(\.name))
        XCTAssertEqual(names, ["a.jpg", "padded.jpg", "M\u{FFFD}nchen.jpg", "[31mredgpj.jpg"],
                       "the photos, and nothing from / or a pipe or a device")
        XCTAssertFalse(found.contains { $0.path.hasPrefix(root + "/everything") }, "the link to / was not followed")
        XCTAssertTrue(lines.contains { $0.contains("everything") && $0.contains("link out of the folders") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("pipe.jpg") && $0.contains("not a regular file") }, "\(lines)")
        XCTAssertFalse((lines + found.map(\.name)).joined().unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" },
                       "no terminal escape or bidi override reaches the log or the pane")

        // The name that is not UTF-8 opens, and its bytes come back whole.
        let munich = try XCTUnwrap(found.first { $0.name.hasPrefix("M") })
        XCTAssertEqual(PathBytes.bytes(munich.path).suffix(11), [0x4D, 0xFC] + Array("nchen.jpg".utf8))
        guard case .success(let bytes) = LocalFileReader.contents(of: munich.path, limit: 1 << 20) else {
            return XCTFail("a name that is not UTF-8 must open")
        }
        XCTAssertEqual(bytes, photo)
        XCTAssertTrue(FolderSource.fileURL(munich.path).hasSuffix("/M%FCnchen.jpg"), FolderSource.fileURL(munich.path))

        // The padded photo is read only as far as a 64×48 photo could go.
        let paddedFile = try XCTUnwrap(found.first { $0.name == "padded.jpg" })
        let limit = LocalFileReader.byteLimit(width: paddedFile.width, height: paddedFile.height, cap: 256 << 20)
        XCTAssertLessThan(limit, 5 << 20)
        guard case .success(let read) = LocalFileReader.contents(of: paddedFile.path, limit: limit) else {
            return XCTFail("the padded photo reads")
        }
        XCTAssertEqual(read.count, limit)
        XCTAssertEqual(read.prefix(photo.count), photo)
    }

    func testAFIFOOrDeviceWhereAFileWasNeverBlocksAReader() {
        XCTAssertEqual(mkfifo(root + "/swapped.jpg", 0o644), 0)
        let done = DispatchSemaphore(value: 0)
        let box = Box<[String]>()
        Thread.detachNewThread { [root] in
            var results: [String] = []
            for path in [root + "/swapped.jpg", "/dev/zero", "/dev/null"] {
                switch LocalFileReader.contents(of: path, limit: 1 << 20) {
                case .success: results.append("read")
                case .failure(let why): results.append("\(why)")
                }
            }
            box.set(results)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "opening a FIFO for reading blocked")
        XCTAssertEqual(box.value, Array(repeating: "not a regular file (a pipe, device or socket)", count: 3))
    }

    func testLinksInsideTheFoldersAreFollowedAndOutsideOnlyWhenAsked() throws {
        let outside = NSTemporaryDirectory() + "tessera-outside-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try jpeg(20, 10).write(to: URL(fileURLWithPath: outside + "/far.jpg"))
        try FileManager.default.createDirectory(atPath: root + "/inner", withIntermediateDirectories: true)
        try jpeg(20, 10).write(to: URL(fileURLWithPath: root + "/inner/near.jpg"))
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/far-file.jpg", withDestinationPath: outside + "/far.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: root + "/inner/near.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias.jpg", withDestinationPath: root + "/inner/near.jpg")

        let inside = try XCTUnwrap(scan(FolderScanner(), roots: [root]))
        XCTAssertEqual(Set(inside.map(\.name)), ["near.jpg", "alias.jpg"], "a link within the folders is followed")
        var following = FolderScanner()
        following.followLinks = true
        let all = try XCTUnwrap(scan(following, roots: [root]))
        XCTAssertEqual(Set(all.map(\.name)), ["near.jpg", "alias.jpg", "far.jpg", "far-file.jpg"])
    }

    func testTheBytesBeingReadAtOnceAreBounded() {
        let gate = ByteGate(limit: 64 << 20)
        let group = DispatchGroup()
        for i in 0..<16 {
            group.enter()
            DispatchQueue.global().async {
                let share = gate.acquire((20 + i) << 20)
                usleep(2000)
                gate.release(share)
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertLessThanOrEqual(gate.peak, 64 << 20)
        XCTAssertGreaterThanOrEqual(gate.peak, 40 << 20, "readers did run together when they fitted")
        XCTAssertEqual(gate.acquire(500 << 20), 64 << 20, "a share larger than the whole reads alone")
    }

    func testAReplacementWithTheOldSizeAndTimeIsANewCell() throws {
        let path = root + "/same.jpg"
        try jpeg(32, 32).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let before = try XCTUnwrap(FolderSource.cellKey(path: path, size: PixelSize(width: 100, height: 100)))
        guard case .success(let first) = LocalFileReader.read(path: path) else { return XCTFail() }
        // Another file of the same size, moved into place and given the old time (`touch -r`).
        let other = root + "/other.jpg"
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[data.count - 3] ^= 0xFF
        try data.write(to: URL(fileURLWithPath: other))
        XCTAssertEqual(rename(other, path), 0)
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let after = try XCTUnwrap(FolderSource.cellKey(path: path, size: PixelSize(width: 100, height: 100)))
        XCTAssertNotEqual(before, after, "inode and ctime are part of the key")
        guard case .success(let second) = LocalFileReader.read(path: path) else { return XCTFail() }
        XCTAssertEqual(first.bytes, second.bytes)
        XCTAssertEqual(first.modified, second.modified)
        XCTAssertNotEqual(first.id, second.id, "and of the photo's identity")
    }
}
