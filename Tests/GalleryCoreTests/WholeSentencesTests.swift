import Foundation
import XCTest
@testable import GalleryCore

/// Words a language can put in its own order and grammar (issue 41, review): paths not there as whole sentences for
/// one and for several, logged in English; the weather line as one template; the demo's name in the header; numbers
/// with a fraction and per cent as the language writes them.
final class WholeSentencesTests: XCTestCase {
    typealias FakeBook = WordsInCoreTests.FakeBook

    private func opened(_ paths: [String], there: Set<String>) -> OpenPaths {
        OpenPaths(paths, kind: { there.contains($0) ? .folder : nil }, canonical: { $0 })
    }

    func testPathsNotThereAreWholeSentencesInTheLanguageAndEnglishForTheLog() {
        var book = FakeBook(language: Language("pl"), rule: .polish)
        book.plurals["{paths} is not there"] = ["{paths}: nie ma", "{paths}: nie ma (kilka)", "{paths}: nie ma (wiele)"]
        book.plurals["{paths} and {count} more are not there: the others are shown"] =
            ["{paths} i jeszcze {count}", "{paths} i jeszcze {count} (kilka)", "{paths} i jeszcze {count} (wiele)"]
        let old = Words.install(book)
        defer { Words.install(old) }
        let one = opened(["/gone"], there: [])
        XCTAssertEqual(one.missingText, "/gone: nie ma")
        XCTAssertEqual(one.missingEnglish, "/gone is not there", "the journal's line stays English")
        let two = opened(["/a", "/b"], there: [])
        XCTAssertEqual(two.missingText, "/a, /b: nie ma (kilka)", "the form for two, chosen by the language's rule")
        XCTAssertEqual(two.missingEnglish, "/a, /b are not there")
        let many = opened(["/x1", "/x2", "/x3", "/x4", "/x5", "/here"], there: ["/here"])
        XCTAssertEqual(many.missingText, "/x1, /x2, /x3 i jeszcze 2 (kilka)", "{count} is how many more, not all")
        XCTAssertEqual(many.missingEnglish, "/x1, /x2, /x3 and 2 more are not there: the others are shown")
    }

    func testTheWeatherLineIsOneTemplateWithTheConditionAsTheCatalogueWritesIt() throws {
        var book = FakeBook(language: Language("de"))
        book.words = ["partly cloudy": "Teilweise bewölkt", "{temperature}, {condition}": "{condition} bei {temperature}",
                      "{temperature}, {condition}, {age}": "{condition} bei {temperature} ({age})"]
        let old = Words.install(book)
        defer { Words.install(old) }
        let reports = WeatherReports()
        let overlay = WeatherOverlay(settings: WeatherSettings(query: .named("Berlin"), units: .metric), reports: reports)
        let gallery = GalleryModel(config: GalleryConfig())
        let noon = 1_796_126_400.0
        reports.post(WeatherForecast(place: WeatherPlace(name: "Berlin", latitude: 52.52, longitude: 13.41)!,
                                     units: .metric, now: .init(temperature: 12.3, code: 2, isDay: true), days: [],
                                     utcOffset: 3600, fetchedAt: noon))
        XCTAssertTrue(overlay.refresh(OverlayContext(date: Date(timeIntervalSince1970: noon + 1), gallery: gallery)))
        XCTAssertEqual(overlay.words, "Teilweise bewölkt bei 12 °C", "the language's order, its own capitals")
        XCTAssertTrue(overlay.refresh(OverlayContext(date: Date(timeIntervalSince1970: noon + 3 * 3600), gallery: gallery)))
        XCTAssertEqual(overlay.words, "Teilweise bewölkt bei 12 °C (as of 3 h ago)")
    }

    func testTheDemosNameInTheHeaderIsTranslatedAndAPlaceIsNot() {
        var book = FakeBook(language: Language("de"))
        book.words = ["source name\u{4}demo": "Demo", "Lorem Picsum": "Lorem Picsum"]
        let old = Words.install(book)
        defer { Words.install(old) }
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: false, networked: false, title: "the demo", name: "demo"), "Demo")
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: false, networked: false, title: "the folders", name: "/photos"),
                       "/photos")
        XCTAssertEqual(HeaderStatus.sourceLabel(kiosk: true, networked: true, title: "Lorem Picsum", name: "127.0.0.1"),
                       "Lorem Picsum")
    }

    func testSizesAndPerCentAreWrittenAsTheLanguageWritesNumbers() {
        let old = Words.install(FakeBook(language: Language("de_DE")))
        defer { Words.install(old) }
        XCTAssertEqual(ListDetails.byteText(8_600_000), "8,2 MB")
        XCTAssertEqual(ListDetails.byteText(3 << 20), "3,0 MB")
        XCTAssertEqual(ListDetails.byteText(1_234 << 20), "1.234,0 MB")
        XCTAssertEqual(ListDetails.byteText(412 << 10), "412 KB")
        XCTAssertEqual(Language("en").number(8.25, fractionDigits: 1), "8.3", "half up")
        XCTAssertEqual(Language("en").percent(150), "150%")
        let german = Language("de_DE").percent(150)
        XCTAssertTrue(german.hasPrefix("150") && german.hasSuffix("%") && german != "150%", "a space before %: \(german)")
    }

    /// The search's empty text has two numbers and gettext one plural: its translators are told {pages} is 5.
    func testTheSearchsPageCountIsTheOneItsTranslatorsAreTold() {
        XCTAssertEqual(Search.maxPagesWithoutMatch, 5, "SearchScreen.emptyText's translators' note says 5")
    }
}
