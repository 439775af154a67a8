import DemoPhotos
import FixtureServer
import Foundation
@testable import GalleryCore
@testable import NetworkSources
@testable import GalleryNet
import XCTest

/// `--sort random` over the network, through libcurl against the fixture: Immich (300 assets) and Lorem Picsum (its
/// whole list) each show every photo exactly once before any repeat across kills and restarts, each restart a new
/// source that only has the place's text; photos uploaded mid-pass come in that pass, deleted ones drop out.
final class NetworkShuffleTests: ClientTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // More photos than the shared fixture's 250: the Immich stand-in's assets are the catalogue's first ones.
        server.stop()
        var faults = FixtureFaults()
        faults.immichAssets = 300
        server = FixtureServer(photos: 320, faults: faults)
        try server.start(port: 0)
    }

    private func immich(random: Bool = true) -> ImmichSource {
        ImmichSource(baseURL: server.baseURL, apiKey: FixtureFaults().immichKey, http: client, random: random)
    }

    private func page(_ source: PhotoSource, _ n: Int, limit: Int) throws -> PageContents {
        let result: Result<PageContents, SourceError>? = wait { done in _ = source.fetchPage(n, limit: limit) { done($0) } }
        return try XCTUnwrap(try XCTUnwrap(result).get())
    }

    /// One run of a show: a new source (as a restart makes), the kept place taken up, then `count` photos shown one
    /// at a time from pages of `limit` (the feed starts over at a pass's end), from where the resumed page says the
    /// show carries on (it holds the photos already shown too). What it showed and the place it kept.
    private func run(_ make: () -> PhotoSource, kept: String?, count: Int, limit: Int = 20) throws -> (shown: [String], kept: String?) {
        let source = make()
        if let kept { source.resume(from: kept) }
        var shown: [String] = [], place = kept, n = 1, emptyInARow = 0, carryOnAt: String?
        while shown.count < count, emptyInARow < 2 {
            let contents = try page(source, n, limit: limit)
            if contents.rawCount == 0 { n = 1; emptyInARow += 1; continue }
            if let resumed = contents.resumed { carryOnAt = resumed.next }
            emptyInARow = 0
            n += 1
            for photo in contents.photos where shown.count < count {
                if let at = carryOnAt { if photo.id != at { continue } else { carryOnAt = nil } }
                shown.append(photo.id)
                place = try XCTUnwrap(source.place(shown: photo), "a shuffled source keeps a place")
            }
        }
        return (shown, place)
    }

    /// Asking whether the server answers (the offline probe) moves nothing: no new pass, no listing, no place.
    func testAProbeMovesNoShow() throws {
        for source in [immich() as PhotoSource, PicsumSource(baseURL: server.baseURL, http: client, shuffled: true)] {
            let first = try page(source, 1, limit: 20).photos.map(\.id)
            let searches = server.counters.immichSearches.count
            let answered: Bool? = wait { done in source.probe { done($0) } }
            XCTAssertEqual(answered, true)
            XCTAssertEqual(server.counters.immichSearches.count, searches, "no search, no listing")
            let second = try page(source, 2, limit: 20).photos.map(\.id)
            XCTAssertTrue(Set(first).isDisjoint(with: second), "the pass goes on: \(source.name)")
        }
        let gone = ImmichSource(baseURL: "http://127.0.0.1:9", apiKey: "k", http: client)
        let answered: Bool? = wait { done in gone.probe { done($0) } }
        XCTAssertEqual(answered, false, "nothing listening: a network failure")
    }

    func testImmichShowsEveryAssetOnceAcrossTwelveKillsThenANewOrder() throws {
        var kept: String?, shown: [String] = []
        for _ in 0..<12 {
            let r = try run({ immich() }, kept: kept, count: 25)
            shown += r.shown
            kept = r.kept
        }
        let all = (0..<300).map(DemoImmich.assetID)
        XCTAssertEqual(shown.count, 300)
        XCTAssertEqual(Set(shown), Set(all), "every asset exactly once before any repeat")
        XCTAssertNotEqual(shown, all, "not the library's order")
        XCTAssertEqual(ShowPlace(text: try XCTUnwrap(kept))?.pass, 1)
        // Each run listed the library once, a thousand at a time: one search of 300 (no search/random).
        let searches = server.counters.immichSearches
        XCTAssertEqual(searches.count, 12)
        XCTAssertTrue(searches.allSatisfy { $0.contains("\"size\":1000") && $0.contains("\"page\":1") })
        let next = try run({ immich() }, kept: kept, count: 300)
        XCTAssertEqual(Set(next.shown), Set(all), "the next pass, whole")
        XCTAssertNotEqual(next.shown, shown, "in an order of its own")
        XCTAssertEqual(ShowPlace(text: try XCTUnwrap(next.kept))?.pass, 2)
    }

    func testImmichUploadsMidPassComeInThatPassAndDeletedAssetsDropOut() throws {
        let first = try run({ immich() }, kept: nil, count: 100)
        // While the frame was off: five photos uploaded (after the pass began), one not yet shown deleted.
        var faults = server.faults
        faults.immichAssets = 305
        for i in 300..<305 { faults.immichUploads[i] = Int64(Date().timeIntervalSince1970) + 60 }
        let unshown = try XCTUnwrap((0..<300).first { !first.shown.contains(DemoImmich.assetID($0)) })
        faults.immichDeleted = [unshown]
        server.faults = faults
        let rest = try run({ immich() }, kept: first.kept, count: 204)
        let pass = first.shown + rest.shown
        XCTAssertEqual(Set(pass).count, 304, "no repeat: \(pass.count - Set(pass).count) shown twice")
        XCTAssertTrue(Set((300..<305).map(DemoImmich.assetID)).isSubset(of: rest.shown), "the uploads in this pass")
        XCTAssertFalse(pass.contains(DemoImmich.assetID(unshown)), "the deleted asset is not shown")
        XCTAssertEqual(ShowPlace(text: try XCTUnwrap(rest.kept))?.pass, 1, "still the first pass")
        XCTAssertEqual(ShowPlace(text: try XCTUnwrap(rest.kept))?.lateShown.count, 5, "the uploads listed by ID")
    }

    func testImmichRelistsMidPassAndTheNewcomerJoinsThePartNotYetShown() throws {
        let source = ImmichSource(baseURL: server.baseURL, apiKey: FixtureFaults().immichKey, http: client, random: true,
                                  relistAfter: 0)
        var shown = try page(source, 1, limit: 50).photos.map(\.id)
        server.faults.immichAssets = 301
        server.faults.immichUploads[300] = Int64(Date().timeIntervalSince1970) + 60
        var n = 2
        while true {
            let contents = try page(source, n, limit: 50)
            if contents.rawCount == 0 { break }
            shown += contents.photos.map(\.id)
            n += 1
        }
        XCTAssertEqual(shown.count, 301)
        XCTAssertEqual(Set(shown).count, 301, "the newcomer once, nothing twice")
        XCTAssertGreaterThan(server.counters.immichSearches.count, 2, "listed again as the pass went on")
    }

    func testPicsumShowsItsWholeListOnceAcrossKillsThenANewOrder() throws {
        let make = { PicsumSource(baseURL: self.server.baseURL, http: self.client, shuffled: true) as PhotoSource }
        var kept: String?, shown: [String] = []
        for _ in 0..<8 {
            let r = try run(make, kept: kept, count: 40, limit: 30)
            shown += r.shown
            kept = r.kept
        }
        let all = (0..<320).map(String.init)
        XCTAssertEqual(shown.count, 320)
        XCTAssertEqual(Set(shown), Set(all), "every photo exactly once before any repeat")
        XCTAssertNotEqual(shown, all, "not the server's order")
        // Each run read the list whole: 100, 100, 100 and a short 20.
        XCTAssertEqual(server.counters.pages, 8 * 4)
        let next = try run(make, kept: kept, count: 320, limit: 30)
        XCTAssertEqual(Set(next.shown), Set(all))
        XCTAssertNotEqual(next.shown, shown)
    }

    /// A wall stood half-way down a shuffled pass (Immich's and Picsum's): a new source from the place's text serves
    /// the pass whole from its first photo, in the same order, the first page saying where the wall stood.
    func testAResumedShuffleIsServedWholeAndSaysWhereTheWallStood() throws {
        let sources: [(String, () -> PhotoSource, Int)] = [
            ("immich", { self.immich() }, 300),
            ("picsum", { PicsumSource(baseURL: self.server.baseURL, http: self.client, shuffled: true) }, 320)]
        for (name, make, total) in sources {
            let first = make()
            var order: [String] = [], n = 1
            while case let contents = try page(first, n, limit: 50), contents.rawCount > 0 {
                order += contents.photos.map(\.id)
                n += 1
            }
            XCTAssertEqual(order.count, total, name)
            var kept: String?
            for id in order.prefix(total / 2) { kept = first.place(shown: Photo(id: id, author: "", width: 1, height: 1, url: "", downloadURL: "")) }
            let again = make()
            again.resume(from: try XCTUnwrap(kept, name))
            let opening = try page(again, 1, limit: 50)
            XCTAssertEqual(opening.resumed, ShowResume(stoodAt: order[total / 2 - 1], next: order[total / 2]), name)
            var whole = opening.photos.map(\.id)
            n = 2
            while case let contents = try page(again, n, limit: 50), contents.rawCount > 0 {
                whole += contents.photos.map(\.id)
                n += 1
            }
            XCTAssertEqual(whole, order, "\(name): the whole pass from its first photo, in the same order")
        }
    }

    func testAMalformedListingSaysSoAndCrashesNothing() throws {
        server.faults.immichMalformed = true
        let result: Result<PageContents, SourceError>? = wait { done in _ = self.immich().fetchPage(1, limit: 20) { done($0) } }
        guard case .failure(.malformed(let why))? = result else { return XCTFail("a malformed listing must fail: \(String(describing: result))") }
        XCTAssertTrue(why.contains("Immich") && why.contains("malformed JSON"), why)
    }
}
