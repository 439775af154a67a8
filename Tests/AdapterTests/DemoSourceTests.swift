import DemoPhotos
import Foundation
import GalleryCore
@testable import NetworkSources
import Workers
import XCTest

final class DemoSourceTests: XCTestCase {
    override func setUp() { XCTAssertNotNil(SharedSDL.system) }

    private func page(_ source: DemoSource, _ n: Int, limit: Int) -> [Photo] {
        let done = expectation(description: "page")
        let box = Box<[Photo]>()
        source.fetchPage(n, limit: limit) { box.set((try? $0.get().photos) ?? []); done.fulfill() }
        wait(for: [done], timeout: 10)
        return box.value ?? []
    }

    func testPagesAndPicturesAreMadeInTheProcess() throws {
        let source = DemoSource(photos: 45)
        XCTAssertEqual(source.traits, SourceTraits(pageSizes: 1...100, networked: false, cacheable: false,
                                                   wrapsByDefault: true))
        XCTAssertEqual(page(source, 1, limit: 30).map(\.id), (0..<30).map(String.init))
        XCTAssertEqual(page(source, 2, limit: 30).count, 15)
        XCTAssertEqual(page(source, 3, limit: 30).count, 0, "the catalogue ends")
        let photo = page(source, 1, limit: 1)[0]
        XCTAssertNil(photo.blurHash)
        let done = expectation(description: "image")
        let box = Box<Data>()
        source.fetchImage(photo, size: PixelSize(width: 120, height: 80), priority: 0) {
            if case .success(let a) = $0 { box.set(a.data) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        let header = try ImageHeaderReader.read(try XCTUnwrap(box.value))
        XCTAssertEqual([header.width, header.height], [120, 80], "drawn at the size asked")
    }

    /// Its placeholders look like the photos that follow them (not solid random colours, magenta among them).
    func testTheUnsplashFlavourCarriesPlaceholdersLikeItsPhotosAndTheCreditLine() throws {
        let source = DemoSource(photos: 10, flavour: UnsplashSource.demoFlavour)
        XCTAssertEqual(source.traits.pageSizes, 1...30)
        for photo in page(source, 1, limit: 100) {
            let drawn = try DemoPictures.draw(seed: DemoPictures.seed(photo.id), width: 16, height: 16)
            var mean = (0, 0, 0)
            for y in 0..<16 { for x in 0..<16 { let p = drawn.pixel(x: x, y: y); mean = (mean.0 + Int(p.r), mean.1 + Int(p.g), mean.2 + Int(p.b)) } }
            mean = (mean.0 / 256, mean.1 / 256, mean.2 / 256)
            let colour = try XCTUnwrap(photo.placeholderColor)
            XCTAssertLessThan(abs(Int(colour.r) - mean.0) + abs(Int(colour.g) - mean.1) + abs(Int(colour.b) - mean.2), 40,
                              "photo \(photo.id): its colour is the picture's")
            let hash = try XCTUnwrap(photo.thumbHash.flatMap { ThumbHash.decode(base64: $0) })
            var hashed = (0, 0, 0)
            let n = hash.width * hash.height
            for i in 0..<n { hashed = (hashed.0 + Int(hash.rgba[4 * i]), hashed.1 + Int(hash.rgba[4 * i + 1]), hashed.2 + Int(hash.rgba[4 * i + 2])) }
            hashed = (hashed.0 / n, hashed.1 / n, hashed.2 / n)
            XCTAssertLessThan(abs(hashed.0 - mean.0) + abs(hashed.1 - mean.1) + abs(hashed.2 - mean.2), 60,
                              "photo \(photo.id): its placeholder looks like it")
            XCTAssertEqual(source.credit(for: photo).line, "Photo by \(photo.author) on Unsplash")
        }
    }

    func testAWithdrawnRequestNeverCompletesAndARunningOneDoes() {
        let queue = RequestQueue(name: "test", width: 1)
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let ran = Box<[String]>()
        ran.set([])
        let lock = NSLock()
        func record(_ s: String) { lock.lock(); ran.set((ran.value ?? []) + [s]); lock.unlock() }
        let first = queue.submit(priority: 0) { entered.signal(); gate.wait(); record("first") }
        entered.wait()
        let second = queue.submit(priority: 0) { record("second") }
        XCTAssertFalse(queue.cancel(first), "already running: it finishes")
        XCTAssertTrue(queue.cancel(second))
        XCTAssertFalse(queue.cancel(second), "withdrawn once")
        let last = expectation(description: "third")
        queue.submit(priority: 0) { record("third"); last.fulfill() }
        gate.signal()
        wait(for: [last], timeout: 10)
        XCTAssertEqual(ran.value, ["first", "third"])
        XCTAssertNotEqual(queue.reserveID(), queue.reserveID())
    }
}
