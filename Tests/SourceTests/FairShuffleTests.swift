import XCTest
@testable import GalleryCore
@testable import LocalSources

/// A fair shuffle that outlives the process: each photo once per pass, in an order new each pass, kept across
/// restarts from a seed and a place (no stored list); newcomers join the part not yet shown.
final class FairShuffleTests: XCTestCase {
    private func file(_ name: String, modified: Int64) -> LocalFile {
        LocalFile(path: "/pics/" + name, bytes: 1000, modified: modified * 1_000_000_000, width: 400, height: 300)
    }

    /// A run of the show: a new index (a new random seed, as each start draws), the folder scanned into it, the
    /// kept place taken up; then `count` photos shown one at a time, from where the resumed page says the show
    /// carries on (the page holds the photos already shown too). Returns what it showed and the place it kept.
    private func run(files: [LocalFile], kept: String?, count: Int, clock: Int64) -> (shown: [String], kept: String?) {
        var index = FolderIndex(sort: .random, seed: UInt64.random(in: 1...UInt64.max), now: { clock })
        if let kept, let place = ShowPlace(text: kept) { index.resume(from: place) }
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        var shown: [String] = [], place = kept, page = 1, carryOnAt: String?
        while shown.count < count {
            guard let photos = index.page(page, limit: 7) else { XCTFail("no page"); break }
            if photos.isEmpty { page = 1; continue }  // the pass ended: the feed starts the next
            if let resumed = index.takeResumed() { carryOnAt = resumed.next }
            page += 1
            for photo in photos where shown.count < count {
                if let at = carryOnAt { if photo.id != at { continue } else { carryOnAt = nil } }
                shown.append(photo.author)
                place = index.noteShown(id: photo.id)?.text
            }
        }
        return (shown, place)
    }

    func testThreeHundredPhotosShowOnceEachAcrossTenRestartsThenANewOrder() {
        let files = (0..<300).map { file("p\($0).jpg", modified: 1_000) }
        var kept: String?
        var shown: [String] = []
        // Twenty photos a run, killed after each: the place is all that survives.
        for restart in 0..<15 {
            let r = run(files: files, kept: kept, count: 20, clock: 10_000 + Int64(restart))
            shown += r.shown
            kept = r.kept
        }
        XCTAssertEqual(shown.count, 300)
        XCTAssertEqual(Set(shown).count, 300, "every photo exactly once before any repeats")
        XCTAssertNotEqual(shown, (0..<300).map { "p\($0).jpg" }, "shuffled")
        let next = run(files: files, kept: kept, count: 300, clock: 20_000).shown
        XCTAssertEqual(Set(next).count, 300, "the second pass shows every photo once too")
        XCTAssertNotEqual(next, shown, "in a new order")
    }

    /// A frame killed every ten photos, over four passes: the first pass shows each photo once, and no photo comes
    /// twice within ten slides, across the passes' edges too (two shuffles would often meet there).
    func testKilledEveryTenPhotosNoPhotoComesTwiceWithinTenAcrossPasses() {
        let files = (0..<60).map { file("p\($0).jpg", modified: 1_000) }
        var kept: String?
        var slides: [String] = []
        for restart in 0..<24 {
            let r = run(files: files, kept: kept, count: 10, clock: 10_000 + Int64(restart))
            slides += r.shown
            kept = r.kept
        }
        XCTAssertEqual(Set(slides.prefix(60)).count, 60, "each photo once in the first pass")
        for end in slides.indices {
            let window = slides[max(0, end - 9)...end]
            XCTAssertEqual(Set(window).count, window.count, "twice within ten slides at slide \(end)")
        }
        for pass in 0..<4 { XCTAssertEqual(Set(slides[(pass * 60)..<(pass * 60 + 60)]).count, 60, "pass \(pass + 1)") }
    }

    /// The pass carried on is served whole: the photos the place had shown first, in the order they showed, then
    /// the rest; the page says where the show stood and where it carries on.
    func testAResumedShuffleServesTheWholePassAndSaysWhereItStood() throws {
        let files = (0..<50).map { file("p\($0).jpg", modified: 1_000) }
        let first = run(files: files, kept: nil, count: 17, clock: 5_000)
        var index = FolderIndex(sort: .random, seed: 1, now: { 6_000 })
        index.resume(from: try XCTUnwrap(first.kept.flatMap(ShowPlace.init(text:))))
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        let page = try XCTUnwrap(index.page(1, limit: 7))
        XCTAssertEqual(page.count, 17 + 7, "the kept part and a page past it")
        XCTAssertEqual(page.prefix(17).map(\.author), first.shown, "what was shown, as it showed")
        let resumed = try XCTUnwrap(index.takeResumed())
        XCTAssertEqual(resumed.stoodAt, page[16].id, "it stood at the last photo shown")
        XCTAssertEqual(resumed.next, page[17].id, "it carries on at the first not shown")
        XCTAssertNil(index.takeResumed(), "said once")
        var all = page
        var n = 2
        while let more = index.page(n, limit: 7), !more.isEmpty { all += more; n += 1 }
        XCTAssertEqual(Set(all.map(\.author)), Set(files.map(\.name)), "the whole pass")
        XCTAssertEqual(all.count, 50)
    }

    /// A wall by name left at its 20th photo: the feed is whole again, the first page reaching past that photo.
    func testAResumedSortedWallHoldsEveryPhotoAndStandsWhereItStood() throws {
        let files = (0..<39).map { file(String(format: "p%02d.jpg", $0), modified: 1_000) }
        var before = FolderIndex(sort: .name, now: { 5_000 })
        for f in files { _ = before.add(f) }
        before.scanFinished = true
        let shown = try XCTUnwrap(before.page(1, limit: 30))
        let kept = try XCTUnwrap(before.noteShown(id: shown[19].id))
        var index = FolderIndex(sort: .name, now: { 6_000 })
        index.resume(from: try XCTUnwrap(ShowPlace(text: kept.text)))
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        let page = try XCTUnwrap(index.page(1, limit: 10))
        XCTAssertEqual(page.map(\.author), (0..<30).map { String(format: "p%02d.jpg", $0) }, "from the first photo on")
        XCTAssertEqual(index.takeResumed(), ShowResume(stoodAt: shown[19].id, next: shown[20].id))
        XCTAssertEqual(try XCTUnwrap(index.page(2, limit: 10)).count, 9, "and the rest: 39 in all")
    }

    func testARestartCarriesOnInTheSameOrder() {
        let files = (0..<50).map { file("p\($0).jpg", modified: 1_000) }
        let firstRun = run(files: files, kept: nil, count: 10, clock: 5_000)
        let secondRun = run(files: files, kept: firstRun.kept, count: 10, clock: 5_001)
        XCTAssertEqual(Set(firstRun.shown + secondRun.shown).count, 20, "it carries on: nothing shown again")
        // Started again from the same place (a power cut before the second run kept anything): the same photos
        // follow, in the same order, though each start draws a new seed of its own.
        let again = run(files: files, kept: firstRun.kept, count: 10, clock: 5_002)
        XCTAssertEqual(again.shown, secondRun.shown)
    }

    func testPhotosAddedMidPassAppearInThatPassAcrossARestart() {
        let files = (0..<100).map { file("p\($0).jpg", modified: 1_000) }
        let first = run(files: files, kept: nil, count: 40, clock: 5_000)
        // Five copied in after the pass began (their files newer than its start), while the app was down.
        let added = (0..<5).map { file("new\($0).jpg", modified: 6_000) }
        let rest = run(files: files + added, kept: first.kept, count: 65, clock: 7_000)
        XCTAssertEqual(Set(first.shown + rest.shown).count, 105, "the whole pass, newcomers included, no repeat")
        XCTAssertEqual(rest.kept.flatMap(ShowPlace.init(text:))?.pass, 1, "still the first pass")
        let next = run(files: files + added, kept: rest.kept, count: 1, clock: 8_000)
        XCTAssertEqual(next.kept.flatMap(ShowPlace.init(text:))?.pass, 2, "then the next pass begins")
    }

    func testAPassStoppedOnItsLastPhotoGoesOnWithTheNext() {
        let files = (0..<30).map { file("p\($0).jpg", modified: 1_000) }
        let whole = run(files: files, kept: nil, count: 30, clock: 5_000)
        let next = run(files: files, kept: whole.kept, count: 30, clock: 5_001)
        XCTAssertEqual(Set(next.shown).count, 30, "a whole pass again, not an empty feed")
        XCTAssertNotEqual(next.shown, whole.shown, "in the next pass's order")
        XCTAssertEqual(next.kept.flatMap(ShowPlace.init(text:))?.pass, 2)
    }

    /// The feed asks for the next pass a few photos before the end of this one: the photos of this pass still shown
    /// after that move this pass's place, so a restart then finds the next pass untouched.
    func testTheLastPhotosOfAPassShownAfterTheNextBeganStillCountForTheirPass() throws {
        let files = (0..<40).map { file("p\($0).jpg", modified: 1_000) }
        var index = FolderIndex(sort: .random, seed: 7, now: { 5_000 })
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        let pass1 = try XCTUnwrap(index.page(1, limit: 40))
        XCTAssertEqual(try XCTUnwrap(index.page(2, limit: 40)), [], "the pass has ended")
        var kept: String?
        for photo in pass1.prefix(37) { kept = index.noteShown(id: photo.id)?.text }
        // The next pass is fetched while three photos of the first are still to show.
        let pass2 = try XCTUnwrap(index.page(1, limit: 40))
        for photo in pass1.suffix(3) { kept = index.noteShown(id: photo.id)?.text }
        XCTAssertEqual(kept.flatMap(ShowPlace.init(text:))?.pass, 1, "still the first pass's place")
        for photo in pass2.prefix(5) { kept = index.noteShown(id: photo.id)?.text }
        XCTAssertEqual(kept.flatMap(ShowPlace.init(text:))?.pass, 2)
        // Killed there: the next start shows the rest of pass 2, nothing of it again, nothing of it skipped.
        let rest = run(files: files, kept: kept, count: 35, clock: 6_000).shown
        XCTAssertEqual(Set(rest).union(pass2.prefix(5).map(\.author)), Set(files.map { String($0.name) }))
        XCTAssertEqual(Set(rest).count, 35)
    }

    func testAPhotoAddedWhileTheShowRunsComesInThatPassEvenAfterARestart() throws {
        let files = (0..<30).map { file("p\($0).jpg", modified: 1_000) }
        var index = FolderIndex(sort: .random, seed: 9, now: { 5_000 })
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        var shown: [String] = [], kept: String?
        let first = try XCTUnwrap(index.page(1, limit: 10))
        for photo in first { shown.append(photo.author); kept = index.noteShown(id: photo.id)?.text }
        _ = index.add(file("new.jpg", modified: 5_500))  // copied in while the show runs
        let rest = run(files: files + [file("new.jpg", modified: 5_500)], kept: kept, count: 21, clock: 6_000).shown
        XCTAssertEqual(Set(shown + rest).count, 31, "every photo and the newcomer once")
        XCTAssertTrue(rest.contains("new.jpg"))
    }

    /// Memories: a folder's photos taken on this day in three earlier years, and others, show newest first, the
    /// others passed over; a span keeps only its photos.
    func testMemoriesAndASpanShowOnlyTheirPhotos() throws {
        func taken(_ name: String, _ exif: String) -> LocalFile {
            LocalFile(path: "/pics/" + name, bytes: 1000, modified: 1_000_000_000_000, width: 400, height: 300, taken: exif)
        }
        let files = [taken("a.jpg", "2019:11:25 10:00:00"), taken("b.jpg", "2021:11:25 09:00:00"),
                     taken("c.jpg", "2021:11:25 18:00:00"), taken("d.jpg", "2023:11:25 12:00:00"),
                     taken("e.jpg", "2023:11:24 12:00:00"), taken("f.jpg", "2026:11:25 08:00:00"),
                     file("g.jpg", modified: PhotoDateFilter.seconds(of: .init(year: 2020, month: 11, day: 25)))]
        var index = FolderIndex(sort: .date)
        index.dates = PhotoDateFilter(onThisDay: .init(year: 2026, month: 11, day: 25))
        for f in files { _ = index.add(f) }
        index.scanFinished = true
        let shown = try XCTUnwrap(index.page(1, limit: 10)).map(\.author)
        XCTAssertEqual(shown, ["d.jpg", "c.jpg", "b.jpg", "a.jpg"], "three earlier years, newest first")
        XCTAssertEqual(index.page(2, limit: 10), [], "the others passed over: the pass has ended")
        XCTAssertTrue(index.isServingEverything)
        var span = FolderIndex(sort: .date)
        span.dates = PhotoDateFilter(from: PhotoDateFilter.seconds(of: .init(year: 2021, month: 1, day: 1)),
                                     to: PhotoDateFilter.seconds(of: .init(year: 2023, month: 11, day: 24)) + 86_399)
        for f in files { _ = span.add(f) }
        span.scanFinished = true
        XCTAssertEqual(try XCTUnwrap(span.page(1, limit: 10)).map(\.author), ["e.jpg", "c.jpg", "b.jpg"])
    }

    func testTheMemoriesRoomGetsThisDaysPhotosWhateverTheShowsOwnOrder() {
        func taken(_ name: String, _ exif: String) -> LocalFile {
            LocalFile(path: "/pics/" + name, bytes: 1000, modified: 1_000_000_000_000, width: 400, height: 300, taken: exif)
        }
        let files = [taken("a.jpg", "2019:11:25 10:00:00"), taken("b.jpg", "2021:11:25 09:00:00"),
                     taken("d.jpg", "2023:11:25 12:00:00"), taken("e.jpg", "2023:11:24 12:00:00"),
                     taken("f.jpg", "2026:11:25 08:00:00"),
                     file("g.jpg", modified: PhotoDateFilter.seconds(of: .init(year: 2020, month: 11, day: 25)))]
        var index = FolderIndex(sort: .random)
        for f in files { _ = index.add(f) }
        let day = PhotoDateFilter.Day(year: 2026, month: 11, day: 25)
        XCTAssertEqual(index.memories(on: day, limit: 10).map(\.name), ["d.jpg", "b.jpg", "a.jpg"],
                       "earlier years, newest first; not another day, this year or a file's time")
        XCTAssertEqual(index.memories(on: day, limit: 2).map(\.name), ["d.jpg", "b.jpg"])
        _ = index.remove(path: files[2].path)
        XCTAssertEqual(index.memories(on: day, limit: 10).map(\.name), ["b.jpg", "a.jpg"], "a file gone is no memory")
    }

    func testAPlaceThatIsNotOneIsIgnored() {
        for text in ["", "v2 1 1 0 0 - -", "v1 zz 1 0 0 - -", "v1 1 0 0 0 - -", "v1 1 1 0 0 a b c",
                     "v1 1 1 0 0 - " + String(repeating: "x,", count: 300) + "x", String(repeating: "v1 ", count: 30_000)] {
            XCTAssertNil(ShowPlace(text: text), text.prefix(40).description)
        }
        let place = ShowPlace(seed: 0xABC, pass: 3, shownRank: 77, passBegan: 123, lateShown: ["fa", "fb"], lastShown: "fb")
        XCTAssertEqual(ShowPlace(text: place.text), place)
    }
}
