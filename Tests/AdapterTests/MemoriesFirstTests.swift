import Foundation
import GalleryCore
import GallerySamples
import XCTest
@testable import TesseraApp

/// `--memories-first`: the feed opens each pass with today's memories (asked of the source at page 1), in pages of
/// the size asked, then the source's own pages; the memories move no place.
final class MemoriesFirstTests: XCTestCase {
    /// Pages of `perPage` photos "p1-0"…, `pages` of them; memories as given; places answered by ID.
    final class PagedSource: PhotoSource {
        let name = "paged"
        let pages: Int, perPage: Int
        var memoriesAnswer: [Photo] = []
        private let lock = NSLock()
        private(set) var memoryDays: [PhotoDateFilter.Day] = []
        init(pages: Int, perPage: Int) { self.pages = pages; self.perPage = perPage }
        var offersMemories: Bool { true }
        func memories(on day: PhotoDateFilter.Day, limit: Int, completion: @escaping (Result<[Photo], SourceError>) -> Void) {
            lock.withLock { memoryDays.append(day) }
            let answer = Array(memoriesAnswer.prefix(limit))
            DispatchQueue.global().async { completion(.success(answer)) }
        }
        func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
            let photos = page <= pages ? (0..<perPage).map { photo("p\(page)-\($0)") } : []
            DispatchQueue.global().async { completion(.success(PageContents(photos: photos))) }
            return RequestID(UInt64(page))
        }
        func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                        completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID { RequestID(0) }
        func cancel(_ id: RequestID) -> Bool { false }
        func place(shown photo: Photo) -> String? { "at " + photo.id }
        var knownPhotoCount: Int? { pages * perPage }
        func motionLocation(for photo: Photo) -> MediaLocation? { MediaLocation(file: "/clips/\(photo.id).mov") }
    }

    /// What the source answers of its photos passes through (the protocol's defaults would answer nil): a memory's
    /// clip plays, and the header counts the source's photos.
    func testWhereAClipPlaysFromAndHowManyPhotosThereAreAreTheSources() {
        let source = MemoriesFirstSource(PagedSource(pages: 2, perPage: 4), today: { PhotoDateFilter.Day(year: 2026, month: 11, day: 26) })
        XCTAssertEqual(source.motionLocation(for: photo("m0")), MediaLocation(file: "/clips/m0.mov"))
        XCTAssertEqual(source.knownPhotoCount, 8)
    }

    private func page(_ source: PhotoSource, _ n: Int, limit: Int) throws -> PageContents {
        let done = expectation(description: "page \(n)")
        var answer: Result<PageContents, SourceError>?
        source.fetchPage(n, limit: limit) { answer = $0; done.fulfill() }
        wait(for: [done], timeout: 10)
        return try XCTUnwrap(answer).get()
    }

    func testMemoriesOpenThePassInPagesThenTheSourcesOwnPagesFollow() throws {
        let inner = PagedSource(pages: 2, perPage: 4)
        inner.memoriesAnswer = (0..<6).map { photo("m\($0)") }
        let day = PhotoDateFilter.Day(year: 2026, month: 11, day: 26)
        let source = MemoriesFirstSource(inner, today: { day })
        let first = try page(source, 1, limit: 4)
        XCTAssertEqual(first.photos.map(\.id), ["m0", "m1", "m2", "m3"])
        let second = try page(source, 2, limit: 4)
        XCTAssertEqual(second.photos.map(\.id), ["m4", "m5"])
        XCTAssertEqual(second.rawCount, 4, "a short page of memories is not taken for the feed's end")
        XCTAssertEqual(try page(source, 3, limit: 4).photos.first?.id, "p1-0")
        XCTAssertEqual(try page(source, 4, limit: 4).photos.first?.id, "p2-0")
        XCTAssertEqual(try page(source, 5, limit: 4).photos, [], "the source's end ends the pass")
        XCTAssertEqual(inner.memoryDays, [day])
        XCTAssertNil(source.place(shown: photo("m3")), "a memory moves no place")
        XCTAssertEqual(source.place(shown: photo("p1-2")), "at p1-2")
        // A new pass asks again (a frame left running shows the next day's memories).
        inner.memoriesAnswer = []
        XCTAssertEqual(try page(source, 1, limit: 4).photos.first?.id, "p1-0", "no memories today: the show itself")
        XCTAssertEqual(try page(source, 2, limit: 4).photos.first?.id, "p2-0")
        XCTAssertEqual(inner.memoryDays.count, 2)
        XCTAssertEqual(source.place(shown: photo("m3")), "at m3", "yesterday's memories are photos like any other")
    }
}
