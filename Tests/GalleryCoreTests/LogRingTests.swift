import XCTest
@testable import GalleryCore

/// The log a remote reads is bounded: lines, each line's bytes and the whole ring's bytes; the newest kept.
final class LogRingTests: XCTestCase {
    private func line(_ text: String, at time: Double = 0) -> LogLine { LogLine(time: time, level: "info", text: text) }

    func testTheRingKeepsTheNewestLinesOldestFirst() {
        let ring = LogRing(limits: .init(lines: 5, lineBytes: 100, totalBytes: 10_000))
        for i in 0..<12 { ring.append(line("line \(i)", at: Double(i))) }
        XCTAssertEqual(ring.last(100).map(\.text), ["line 7", "line 8", "line 9", "line 10", "line 11"])
        XCTAssertEqual(ring.last(2).map(\.text), ["line 10", "line 11"])
        XCTAssertEqual(ring.last(0), [])
        XCTAssertEqual(ring.size.lines, 5)
    }

    func testALongLineIsCutAtACharacterWithinItsBound() {
        let ring = LogRing(limits: .init(lines: 5, lineBytes: 20, totalBytes: 10_000))
        ring.append(line(String(repeating: "é", count: 50)))
        let kept = ring.last(1)[0].text
        XCTAssertLessThanOrEqual(kept.utf8.count, 20)
        XCTAssertTrue(kept.hasSuffix("…"))
        XCTAssertEqual(kept, String(repeating: "é", count: 8) + "…", "cut between characters, never inside one")
        ring.append(line("short"))
        XCTAssertEqual(ring.last(1)[0].text, "short")
    }

    func testTheWholeRingStaysWithinItsBytes() {
        let ring = LogRing(limits: .init(lines: 500, lineBytes: 100, totalBytes: 1_000))
        for i in 0..<300 { ring.append(line(String(repeating: "x", count: 90) + String(i))) }
        XCTAssertLessThanOrEqual(ring.size.bytes, 1_000)
        XCTAssertEqual(ring.size.bytes, ring.last(500).reduce(0) { $0 + $1.text.utf8.count })
        XCTAssertEqual(ring.last(1)[0].text.suffix(3), "299", "the newest line is kept")
        XCTAssertGreaterThanOrEqual(ring.size.lines, 9)
    }

    func testManyThreadsWritingAndReadingLoseNothingTheBoundsKeep() {
        let ring = LogRing(limits: .init(lines: 64, lineBytes: 100, totalBytes: 100_000))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<1_000 {
                ring.append(line("\(thread)-\(i)"))
                if i % 100 == 0 { _ = ring.last(10) }
            }
        }
        XCTAssertEqual(ring.size.lines, 64)
        XCTAssertEqual(ring.last(1000).count, 64)
    }
}
