import XCTest
@testable import GalleryCore

final class ExternalTextTests: XCTestCase {
    func testControlAndBidiCharactersAreRemoved() {
        let hostile = "Ada\u{202E}ecalevol\u{202C} \u{2066}x\u{2069}\u{0007}\u{0000}\u{009B}31m Lovelace\n\t"
        XCTAssertEqual(ExternalText.clean(hostile), "Adaecalevol x31m Lovelace")
        XCTAssertEqual(ExternalText.clean("Zoë 山田 🙂"), "Zoë 山田 🙂", "ordinary text is kept")
    }

    func testLongTextIsCutToTwoHundredCharacters() {
        let long = String(repeating: "ab", count: 500_000)
        let cut = ExternalText.clean(long)
        XCTAssertEqual(cut.count, 200)
        XCTAssertTrue(cut.hasSuffix("…"))
        // One character with a million combining marks cannot grow either.
        let zalgo = "a" + String(repeating: "\u{0301}", count: 1_000_000)
        XCTAssertLessThanOrEqual(ExternalText.clean(zalgo).unicodeScalars.count, 1601)
    }

    func testURLsAreDroppedNotCut() {
        XCTAssertEqual(ExternalText.url("https://unsplash.com/photos/x"), "https://unsplash.com/photos/x")
        XCTAssertEqual(ExternalText.url("https://a.b/" + String(repeating: "x", count: 2048)), "")
        XCTAssertEqual(ExternalText.url("javascript:alert(1)"), "")
        XCTAssertEqual(ExternalText.url("https://a.b/\u{202E}gpj.exe"), "")
        XCTAssertEqual(ExternalText.url("https://a.b/x y"), "")
    }

    func testPhotosFromOutsideAreValidated() {
        let p = Photo(id: "7", author: "\u{202E}" + String(repeating: "n", count: 300), width: 10, height: 10,
                      url: "https://x/" + String(repeating: "y", count: 3000), downloadURL: "https://x/d")
        let v = p.validated()!
        XCTAssertEqual(v.author.count, 200)
        XCTAssertFalse(v.author.unicodeScalars.contains { ExternalText.isForbidden($0) })
        XCTAssertEqual(v.url, "")
        XCTAssertEqual(v.downloadURL, "https://x/d")
        XCTAssertEqual(Photo(id: "a", author: "\u{0007}", width: 1, height: 1, url: "", downloadURL: "").validated()?.author,
                       "Unknown")
        XCTAssertNil(Photo(id: "../x", author: "", width: 1, height: 1, url: "", downloadURL: "").validated())
        XCTAssertNil(Photo(id: "a", author: "", width: 0, height: 1, url: "", downloadURL: "").validated())
        // A stored page is validated again: a bad photo written into the cache file counts as skipped.
        let page = PageContents(photos: [p, Photo(id: "a/b", author: "", width: 1, height: 1, url: "", downloadURL: "")])
        let checked = page.validated()
        XCTAssertEqual(checked.photos.map(\.id), ["7"])
        XCTAssertEqual(checked.rawCount, 2)
    }

    func testTextIsFittedToItsWidthWithAnEllipsis() {
        let measure = { (s: String) in s.count * 10 }  // 10 px a character
        XCTAssertEqual(TextFit.fit("short", width: 100, measure: measure), "short")
        XCTAssertEqual(TextFit.fit("a long name here", width: 100, measure: measure), "a long na…")
        XCTAssertEqual(TextFit.fit("abc", width: 5, measure: measure), "")
        XCTAssertEqual(TextFit.fit("abc", width: 10, measure: measure), "…")
        // A megabyte of text costs a few dozen measurements, not a million.
        var calls = 0
        let fitted = TextFit.fit(String(repeating: "x", count: 1_000_000), width: 300) { calls += 1; return $0.count * 10 }
        XCTAssertEqual(fitted.count, 30)
        XCTAssertLessThan(calls, 40)
    }
}

final class TextRunsTests: XCTestCase {
    func testEachRunGoesToTheFirstFontThatHasIt() {
        // Font 0: Latin; font 1: CJK; font 2: emoji.
        let provides = { (font: Int, s: Unicode.Scalar) -> Bool in
            switch font {
            case 0: return s.value < 0x2E80
            case 1: return (0x2E80...0x9FFF).contains(s.value)
            default: return s.value >= 0x1F000
            }
        }
        let runs = TextRuns.split("Zoë 山田 🙂!", fonts: 3, provides: provides)
        XCTAssertEqual(runs, [.init(font: 0, text: "Zoë ", script: "Latn"), .init(font: 1, text: "山田", script: "Hani"),
                              .init(font: 0, text: " "), .init(font: 2, text: "🙂"), .init(font: 0, text: "!")])
        XCTAssertEqual(TextRuns.split("\u{E000}x", fonts: 3, provides: { _, s in s != "\u{E000}" }),
                       [.init(font: 0, text: "\u{E000}x", script: "Latn")], "nobody has it: the first font draws its box")
        XCTAssertEqual(TextRuns.split("", fonts: 3, provides: provides), [])
    }

    /// Levels as FriBidi gives them (odd: right to left); every font has everything here.
    private func layout(_ text: String, _ levels: [UInt8], paragraph: UInt8) -> [TextRuns.Run] {
        TextRuns.layout(text, levels: (levels, paragraph), fonts: 1) { _, _ in true }
    }

    func testRightToLeftRunsArePlacedInVisualOrder() {
        // A Hebrew name in a left-to-right line stays after the Latin, drawn right to left.
        XCTAssertEqual(layout("abc אב", [0, 0, 0, 0, 1, 1], paragraph: 0),
                       [.init(font: 0, text: "abc ", script: "Latn"),
                        .init(font: 0, text: "אב", script: "Hebr", rightToLeft: true)])
        // In a right-to-left paragraph the Latin word (level 2) comes first from the left.
        XCTAssertEqual(layout("אב cd", [1, 1, 1, 2, 2], paragraph: 1),
                       [.init(font: 0, text: "cd", script: "Latn"),
                        .init(font: 0, text: "אב ", script: "Hebr", rightToLeft: true)])
        // Numbers inside Arabic keep their own order and sit between the words, the first word rightmost.
        XCTAssertEqual(layout("محمد 12 علي", [1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1], paragraph: 1).map(\.text),
                       [" علي", "12", "محمد "])
        // Without levels the line is as stored.
        XCTAssertEqual(TextRuns.layout("אב cd", levels: nil, fonts: 1) { _, _ in true }.map(\.text), ["אב ", "cd"])
    }

    func testAScriptChangeStartsARunSoEachIsShapedAsItsOwn() {
        let runs = layout("नमस्ते Ada สวัสดี", Array(repeating: 0, count: 12), paragraph: 0)
        XCTAssertEqual(runs.map(\.script), ["Deva", "Latn", "Thai"])
        XCTAssertEqual(runs.map(\.text), ["नमस्ते ", "Ada ", "สวัสดี"])
        XCTAssertEqual(Script.of("م"), "Arab")
        XCTAssertEqual(Script.of("ש"), "Hebr")
        XCTAssertEqual(Script.of("山"), "Hani")
        XCTAssertEqual(Script.of("カ"), "Kana")
        XCTAssertEqual(Script.of("한"), "Hang")
        XCTAssertNil(Script.of(" "))
        XCTAssertNil(Script.of("7"))
        XCTAssertEqual(Script.of("Z"), "Latn")
    }
}

final class TextWrapTests: XCTestCase {
    /// A character is 10 wide.
    private func measure(_ s: String) -> Int { s.count * 10 }

    func testWordsWrapAtSpacesAndTheLastLineIsCutWithAnEllipsis() {
        let text = "The bookmark could not be saved: the disk is full"
        XCTAssertEqual(TextFit.wrap(text, width: 200, maxLines: 5, measure: measure),
                       ["The bookmark could", "not be saved: the", "disk is full"])
        let two = TextFit.wrap(text, width: 200, maxLines: 2, measure: measure)
        XCTAssertEqual(two.count, 2)
        XCTAssertEqual(two[0], "The bookmark could")
        XCTAssertTrue(two[1].hasSuffix("…"), two[1])
        XCTAssertTrue(two.allSatisfy { measure($0) <= 200 })
        XCTAssertEqual(TextFit.wrap("Supercalifragilistic", width: 100, maxLines: 2, measure: measure).map { measure($0) <= 100 }, [true])
        XCTAssertEqual(TextFit.wrap("", width: 100, maxLines: 2, measure: measure), [])
    }
}

final class NameSuggestionTests: XCTestCase {
    func testATypoFindsTheNameMeantAndNothingFarIsSuggested() {
        let names = ["Pictures", "Documents", "Music", "Videos", "pictures-old"]
        XCTAssertEqual(NameSuggestion.closest(to: "Pictres", among: names), "Pictures")
        XCTAssertEqual(NameSuggestion.closest(to: "pictures", among: names), "Pictures", "case does not count")
        XCTAssertEqual(NameSuggestion.closest(to: "Muisc", among: names), "Music")
        XCTAssertNil(NameSuggestion.closest(to: "Holiday", among: names))
        XCTAssertNil(NameSuggestion.closest(to: "", among: names))
    }
}
