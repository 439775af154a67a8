import Foundation
import XCTest
@testable import LocalSources

/// `LocalFileReader.contents`: a file's bytes for decoding, read into memory not cleared first, are exactly the file's
/// bytes (or its first `limit`), however long, whatever the memory held before.
final class LocalFileContentsTests: XCTestCase {
    func testTheBytesReadAreTheFilesBytesAndNothingElse() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 4095, 65_539, (1 << 20) + 7, 3 << 20] {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let path = dir.appendingPathComponent("f\(size).jpg").path
            try bytes.write(to: URL(fileURLWithPath: path))
            // Memory freed just before holds other bytes: none of them may show through.
            for _ in 0..<4 { _ = [UInt8](repeating: 0xAB, count: max(1, size)) }
            guard case .success(let whole) = LocalFileReader.contents(of: path, limit: 8 << 20) else {
                return XCTFail("\(size) bytes not read")
            }
            XCTAssertEqual(whole, bytes, "the whole of \(size) bytes")
            let limit = size / 3
            guard case .success(let part) = LocalFileReader.contents(of: path, limit: limit) else {
                return XCTFail("\(size) bytes not read to \(limit)")
            }
            XCTAssertEqual(part, bytes.prefix(limit), "the first \(limit) of \(size) bytes")
            XCTAssertEqual(LocalFileReader.prefix(of: path, count: 100), bytes.prefix(100))
        }
    }
}
