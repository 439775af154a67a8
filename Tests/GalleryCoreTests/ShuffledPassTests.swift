import XCTest
@testable import GalleryCore

/// The fair shuffle of a listed catalogue (Immich, Lorem Picsum): each photo once per pass, a new order each pass,
/// the same order after a restart from the place's text, newcomers in the part not yet shown, removed photos gone.
final class ShuffledPassTests: XCTestCase {
    private func photo(_ id: String) -> Photo {
        Photo(id: id, author: id, width: 400, height: 300, url: "", downloadURL: "")
    }

    private func listing(_ ids: [String], arrived: Int64? = nil) -> [ShuffledPass.Listed] {
        ids.map { ShuffledPass.Listed(photo($0), arrived: arrived) }
    }

    private let ids = (0..<120).map { "asset-\($0)" }

    /// One run of a show: a new pass object (a new seed, as each start draws), the kept place taken up, the listing
    /// taken, then `count` photos shown one at a time, pages of `limit`, from where the resumed page says the show
    /// carries on (the page holds the photos already shown too). What it showed and the place it kept.
    private func run(_ listed: [ShuffledPass.Listed], kept: String?, count: Int, clock: Int64 = 10_000,
                     limit: Int = 7) -> (shown: [String], kept: String?) {
        var pass = ShuffledPass(seed: UInt64.random(in: 1...UInt64.max), now: { clock })
        if let kept, let place = ShowPlace(text: kept) { pass.resume(from: place) }
        pass.list(listed)
        var shown: [String] = [], place = kept, page = 1, emptyInARow = 0, carryOnAt: String?
        while shown.count < count, emptyInARow < 2 {
            let photos = pass.page(page, limit: limit)
            if photos.isEmpty { page = 1; emptyInARow += 1; continue }  // the pass ended: the feed starts the next
            if let resumed = pass.takeResumed() { carryOnAt = resumed.next }
            emptyInARow = 0
            page += 1
            for p in photos where shown.count < count {
                if let at = carryOnAt { if p.id != at { continue } else { carryOnAt = nil } }
                shown.append(p.id)
                place = pass.noteShown(id: p.id)?.text
            }
        }
        return (shown, place)
    }

    /// Killed every ten photos over four passes of 60: each pass shows each photo once, and no photo comes twice
    /// within ten slides, across the passes' edges too.
    func testNoPhotoComesTwiceWithinTenSlidesAcrossPassesAndRestarts() {
        let listed = listing((0..<60).map { "asset-\($0)" })
        var kept: String?, slides: [String] = []
        for restart in 0..<24 {
            let r = run(listed, kept: kept, count: 10, clock: 10_000 + Int64(restart))
            slides += r.shown
            kept = r.kept
        }
        for pass in 0..<4 { XCTAssertEqual(Set(slides[(pass * 60)..<(pass * 60 + 60)]).count, 60, "pass \(pass + 1)") }
        for end in slides.indices {
            let window = slides[max(0, end - 9)...end]
            XCTAssertEqual(Set(window).count, window.count, "twice within ten slides at slide \(end)")
        }
    }

    func testEachPhotoOncePerPassOverSeveralPassesEachInANewOrder() {
        var pass = ShuffledPass(seed: 42, now: { 1_000 })
        pass.list(listing(ids))
        var passes: [[String]] = []
        for _ in 0..<4 {
            var shown: [String] = [], page = 1
            while true {
                let photos = pass.page(page, limit: 25)
                if photos.isEmpty { break }
                shown += photos.map(\.id)
                page += 1
            }
            XCTAssertEqual(shown.count, ids.count)
            XCTAssertEqual(Set(shown), Set(ids), "every photo once")
            passes.append(shown)
        }
        XCTAssertNotEqual(passes[0], ids, "shuffled, not the listing's order")
        XCTAssertEqual(Set(passes.map { $0.joined(separator: ",") }).count, 4, "each pass in an order of its own")
    }

    func testARestartFromThePlacesTextCarriesOnInTheSameOrder() {
        let first = run(listing(ids), kept: nil, count: 30)
        let second = run(listing(ids), kept: first.kept, count: 30)
        XCTAssertTrue(Set(first.shown).isDisjoint(with: second.shown), "nothing shown again")
        // Started again from the same place (killed before the second run kept anything): the same photos follow,
        // in the same order, whatever seed the new start drew.
        let again = run(listing(ids), kept: first.kept, count: 30)
        XCTAssertEqual(again.shown, second.shown)
        // And it is the order the uninterrupted pass would have had.
        var whole = ShuffledPass(seed: ShowPlace(text: first.kept!)!.seed, now: { 10_000 })
        whole.list(listing(ids))
        XCTAssertEqual(whole.page(1, limit: 60).map(\.id), first.shown + second.shown)
    }

    func testResumeSkipsExactlyWhatWasShownAcrossManyRestarts() {
        var kept: String?, shown: [String] = []
        for _ in 0..<12 {  // ten photos a run, killed after each: the place is all that survives
            let r = run(listing(ids), kept: kept, count: 10, limit: 4)
            shown += r.shown
            kept = r.kept
        }
        XCTAssertEqual(shown.count, 120)
        XCTAssertEqual(Set(shown).count, 120, "every photo exactly once before any repeat")
        XCTAssertEqual(ShowPlace(text: kept!)?.pass, 1)
        let next = run(listing(ids), kept: kept, count: 120)
        XCTAssertEqual(Set(next.shown).count, 120, "a pass stopped on its last photo goes on with the next, whole")
        XCTAssertEqual(ShowPlace(text: next.kept!)?.pass, 2)
        XCTAssertNotEqual(next.shown, shown, "in its own order")
    }

    func testANewcomerMidPassShowsInThisPassAndARemovedPhotoIsDropped() {
        var pass = ShuffledPass(seed: 7, now: { 5_000 })
        pass.list(listing(ids, arrived: 1_000))
        var shown = pass.page(1, limit: 40).map(\.id)
        for id in shown { _ = pass.noteShown(id: id) }
        // Uploaded after the pass began; one photo not yet shown deleted, one already shown deleted.
        let unshownGone = ids.first { !shown.contains($0) }!, shownGone = shown[3]
        let now = ids.filter { $0 != unshownGone && $0 != shownGone }
        pass.list(listing(now, arrived: 1_000) + [ShuffledPass.Listed(photo("new-1"), arrived: 6_000),
                                                    ShuffledPass.Listed(photo("new-2"), arrived: 6_000)])
        XCTAssertEqual(pass.remaining, 120 - 40 - 1 + 2)
        var page = 2
        while true {
            let photos = pass.page(page, limit: 40)
            if photos.isEmpty { break }
            shown += photos.map(\.id)
            for p in photos { XCTAssertNotNil(pass.noteShown(id: p.id)) }
            page += 1
        }
        XCTAssertEqual(Set(shown).count, shown.count, "no repeat")
        XCTAssertTrue(shown.contains("new-1") && shown.contains("new-2"), "the newcomers in this pass")
        XCTAssertFalse(shown.contains(unshownGone), "the deleted photo dropped out")
        XCTAssertEqual(pass.place.lateShown.sorted(), ["new-1", "new-2"], "listed by ID: they arrived mid-pass")
        XCTAssertNil(pass.noteShown(id: unshownGone), "no place for a photo no longer there")
    }

    func testANewcomerKnownByItsUploadTimeSurvivesARestartMidPass() {
        let old = listing(ids, arrived: 1_000)
        let first = run(old, kept: nil, count: 50, clock: 5_000)
        let added = [ShuffledPass.Listed(photo("late-a"), arrived: 6_000), ShuffledPass.Listed(photo("late-b"), arrived: 6_000)]
        let rest = run(old + added, kept: first.kept, count: 72, clock: 7_000)
        XCTAssertEqual(Set(first.shown + rest.shown).count, 122, "the whole pass, newcomers included, once")
        XCTAssertEqual(rest.kept.flatMap(ShowPlace.init(text:))?.pass, 1)
    }

    func testTheLastPhotosOfAPassShownAfterTheNextBeganCountForTheirPass() {
        var pass = ShuffledPass(seed: 9, now: { 5_000 })
        pass.list(listing(ids))
        let one = pass.page(1, limit: 200)
        XCTAssertEqual(pass.page(2, limit: 200), [], "the pass has ended")
        var kept: ShowPlace?
        for p in one.prefix(117) { kept = pass.noteShown(id: p.id) }
        let two = pass.page(1, limit: 200)
        for p in one.suffix(3) { kept = pass.noteShown(id: p.id) }
        XCTAssertEqual(kept?.pass, 1, "still the first pass's place")
        for p in two.prefix(5) { kept = pass.noteShown(id: p.id) }
        XCTAssertEqual(kept?.pass, 2)
        let rest = run(listing(ids), kept: kept?.text, count: 115).shown
        XCTAssertEqual(Set(rest).union(two.prefix(5).map(\.id)), Set(ids))
        XCTAssertEqual(Set(rest).count, 115)
    }

    /// A wall stood half-way down a pass: after a restart the pass is served whole from its first photo, in the
    /// uninterrupted pass's order (nothing cut, nothing twice), the first page reaching past the place and saying
    /// where the show stood and where a slideshow carries on.
    func testAResumedPassIsServedWholeFromItsFirstPhotoAndSaysWhereItStood() {
        var first = ShuffledPass(seed: 77, now: { 10_000 })
        first.list(listing(ids))
        let order = first.page(1, limit: 120).map(\.id)
        // Down to the 50th, then back up to the 40th: the place stood there, everything to the 50th shown.
        var kept: ShowPlace?
        for id in order.prefix(50) { kept = first.noteShown(id: id) }
        kept = first.noteShown(id: order[39])
        var again = ShuffledPass(seed: 5, now: { 10_000 })
        again.resume(from: ShowPlace(text: kept!.text)!)
        again.list(listing(ids))
        let page1 = again.page(1, limit: 7).map(\.id)
        XCTAssertEqual(page1, Array(order.prefix(57)), "from the first photo, past the kept part by a page")
        XCTAssertEqual(again.takeResumed(), ShowResume(stoodAt: order[39], next: order[50]))
        XCTAssertNil(again.takeResumed(), "once")
        var rest: [String] = [], page = 2
        while case let photos = again.page(page, limit: 7), !photos.isEmpty { rest += photos.map(\.id); page += 1 }
        XCTAssertEqual(page1 + rest, order, "the whole pass, in the same order")
        // A place newer than the pass's own photos: none left out, and a new pass after the last one shown.
        var done = ShuffledPass(seed: 5, now: { 10_000 })
        var end = ShowPlace(text: kept!.text)!
        for id in order { end.noteShown(rank: ShowPlace.rank(ShuffledPass.idHash(id), seed: 77, pass: 1), id: id, arrived: 0) }
        done.resume(from: end)
        done.list(listing(ids))
        XCTAssertEqual(done.page(1, limit: 7).count, 7, "a pass shown to its end: the next begins")
        XCTAssertEqual(done.pass, 2)
        XCTAssertNil(done.takeResumed())
    }

    func testTheHashIsStableAndNotSwiftsSeededOne() {
        // FNV-1a's published value for "a": the same in every run and on every machine.
        XCTAssertEqual(ShuffledPass.idHash("a"), 0xaf63dc4c8601ec8c)
        XCTAssertEqual(ShuffledPass.idHash(""), 0xcbf29ce484222325)
    }

    func testAListingThatNamesAPhotoTwiceShowsItOnce() {
        var pass = ShuffledPass(seed: 3, now: { 1 })
        pass.list(listing(["a", "b", "a", "c"]))
        XCTAssertEqual(pass.page(1, limit: 10).map(\.id).sorted(), ["a", "b", "c"])
    }
}
