import CPlatform
import Foundation
@testable import GalleryCore
@testable import LocalSources
import XCTest

/// Issue 43's bound on the folder index's memory, CI-sized: 200,000 files of a camera-shaped tree
/// (`YYYY/MM/DD-n/IMG_NNNNNNN.jpg`, 300 a folder, as `scripts/make-tree` writes) stored in the index's `FileTable`
/// hold at most 160 bytes a file of heap (glibc's `mallinfo2` after `malloc_trim`; 148 measured, 222 before): an
/// 80-byte record (the folder a number into the folders' table, a short name inline; the array grown by doubling
/// holds up to twice that) and the look-ups by path and by ID (`SlotTable`, record numbers only). Every file is found again by path and by ID, and one forgotten is found no more.
final class FolderIndexMemoryTests: XCTestCase {
    private func heapInUse() -> Int {
        malloc_trim(0)
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    private static func path(_ i: Int) -> String {
        let folder = i / 300
        return String(format: "/photos/%04d/%02d/%02d-%d/IMG_%07d.jpg", 2000 + folder / 360, 1 + folder / 30 % 12,
                      1 + folder % 30, folder % 3, i)
    }

    private static func file(_ i: Int) -> LocalFile {
        LocalFile(path: path(i), bytes: 1_000 + Int64(i), modified: 1_600_000_000 + Int64(i), width: 64, height: 48,
                  taken: "2020:01:01 10:00:00", camera: "Tree Cam")
    }

    func testTwoHundredThousandFilesHoldAtMostAHundredAndSixtyBytesEach() {
        let count = 200_000
        XCTAssertEqual(MemoryLayout<FileTable.Record>.stride, 80)
        let before = heapInUse()
        var table = FileTable()
        for i in 0..<count { _ = table.store(FolderIndexMemoryTests.file(i)) }
        let bytes = Double(heapInUse() - before) / Double(count)
        XCTAssertEqual(table.count, count)
        XCTAssertLessThanOrEqual(bytes, 160, "bytes a file held by the index's table: \(bytes)")
        print("FolderIndexMemoryTests: \(bytes) bytes a file")
        for i in stride(from: 0, to: count, by: 997) {
            let file = FolderIndexMemoryTests.file(i)
            let slot = table.slot(ofPath: file.path)
            XCTAssertNotNil(slot)
            XCTAssertEqual(table.slot(ofID: file.id), slot)
            XCTAssertEqual(slot.map { table.path(table[$0]) }, file.path)
        }
    }

    func testFilesForgottenAreFoundNoMoreAndTheirSlotsServeAgain() {
        var table = FileTable()
        let slots = (0..<5_000).map { table.store(FolderIndexMemoryTests.file($0)) }
        for i in stride(from: 0, to: 5_000, by: 2) { _ = table.forget(slots[i]) }
        XCTAssertEqual(table.count, 2_500)
        for i in 0..<5_000 {
            let file = FolderIndexMemoryTests.file(i)
            XCTAssertEqual(table.slot(ofPath: file.path), i % 2 == 0 ? nil : slots[i], "\(i)")
            XCTAssertEqual(table.slot(ofID: file.id), i % 2 == 0 ? nil : slots[i], "\(i)")
        }
        // Stored again: into the freed slots, found again; a file stored twice is one file.
        for i in stride(from: 0, to: 5_000, by: 2) { _ = table.store(FolderIndexMemoryTests.file(i)) }
        XCTAssertEqual(table.count, 5_000)
        XCTAssertEqual(table.all.count, 5_000, "no record more: the freed slots were used again")
        _ = table.store(FolderIndexMemoryTests.file(1))
        XCTAssertEqual(table.count, 5_000)
        XCTAssertEqual(Set(table.slots(under: "/photos").map { table.path(table[$0]) }).count, 5_000)
        XCTAssertNotNil(table.slot(ofPath: FolderIndexMemoryTests.file(4_000).path))
        XCTAssertNil(table.slot(ofPath: "/photos/nowhere/IMG.jpg"))
    }
}
