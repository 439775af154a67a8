import Foundation
import GalleryCore
import XCTest
@testable import TesseraApp

/// The slideshow's centres of interest, looked up once a photo off the main loop, remembered for a while, given up
/// on when the source is slow.
final class InterestLookupTests: XCTestCase {
    /// A source that holds each question until the test answers it.
    final class HeldSource: PhotoSource, @unchecked Sendable {
        let name = "held"
        private let lock = NSLock()
        private var waiting: [String: (CentreOfInterest) -> Void] = [:]
        private(set) var asked: [String] = []
        let askedOnce = DispatchSemaphore(value: 0)

        func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) {
            lock.withLock { asked.append(photo.id); waiting[photo.id] = completion }
            askedOnce.signal()
        }
        func answer(_ id: String, _ answer: CentreOfInterest) { lock.withLock { waiting.removeValue(forKey: id) }?(answer) }
        var questions: [String] { lock.withLock { asked } }

        func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
            RequestID(0)
        }
        func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                        completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID { RequestID(0) }
        func cancel(_ id: RequestID) -> Bool { false }
        var emptyFeedText: String { "" }
        func start() {}
        func stop() {}
    }

    private func photo(_ id: String) -> Photo {
        Photo(id: id, author: "", width: 300, height: 400, url: "", downloadURL: "")
    }

    func testEachPhotoIsAskedOnceAndItsAnswerKept() {
        let source = HeldSource(), lookup = InterestLookup()
        let face = UnitRect(x: 0.2, y: 0.7, width: 0.1, height: 0.1)
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .unknown)
        source.askedOnce.wait()
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .unknown, "still being looked up")
        source.answer("a", .area(face))
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .area(face))
        XCTAssertEqual(source.questions, ["a"], "asked once")
    }

    func testASlowSourceIsGivenUpOnAndALateAnswerIgnored() {
        let source = HeldSource(), lookup = InterestLookup(patience: 0)
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .unknown)
        source.askedOnce.wait()
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .none, "past its patience")
        source.answer("a", .area(UnitRect(x: 0, y: 0, width: 1, height: 1)))
        XCTAssertEqual(lookup.interest(of: photo("a"), source: source), .none, "the show has gone on without it")
    }

    func testOnlyTheLastPhotosAreRemembered() {
        let source = HeldSource(), lookup = InterestLookup()
        for n in 0...InterestLookup.remembered { _ = lookup.interest(of: photo("p\(n)"), source: source) }
        for _ in 0...InterestLookup.remembered { source.askedOnce.wait() }
        _ = lookup.interest(of: photo("p0"), source: source)
        source.askedOnce.wait()
        XCTAssertEqual(source.questions.filter { $0 == "p0" }.count, 2, "the oldest was forgotten and is asked again")
    }
}
