import Foundation
import XCTest
@testable import GalleryCore

/// The core's words go through the frame's book (issue 41): a toast, a help line, the header's status, the calendar's
/// days and the memories' ages are looked up, plural forms follow the language's own rule, and dates are written as
/// Foundation writes them for the language's locale.
final class WordsInCoreTests: XCTestCase {
    /// A small catalogue: words by English (with `context\u{4}` in front where there is one), plural forms by the
    /// English singular, and a plural rule as gettext's `plural=` would give it.
    struct FakeBook: WordBook {
        enum Rule: Sendable {
            /// Japanese, Chinese: one form for every count.
            case oneForm
            /// German, English: one for 1, another for the rest.
            case twoForms
            /// Polish: 1; 2-4 (not 12-14) and 22-24…; the rest.
            case polish

            func form(_ n: Int) -> Int {
                switch self {
                case .oneForm: return 0
                case .twoForms: return n == 1 ? 0 : 1
                case .polish:
                    if n == 1 { return 0 }
                    return (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? 1 : 2
                }
            }
        }

        let language: Language
        var words: [String: String] = [:]
        var plurals: [String: [String]] = [:]
        var rule = Rule.twoForms

        func lookUp(_ english: String, context: String?) -> String {
            words[context.map { "\($0)\u{4}\(english)" } ?? english] ?? english
        }

        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String {
            guard let forms = plurals[singular] else { return count == 1 ? singular : plural }
            return forms[rule.form(count)]
        }
    }

    private var old: (any WordBook)?
    override func tearDown() {
        if let old { Words.install(old) }
        old = nil
        super.tearDown()
    }

    /// Installs `book` for this test; `tearDown` puts the one before back.
    private func install(_ book: FakeBook) {
        let replaced = Words.install(book)
        if old == nil { old = replaced }
    }

    private var german: FakeBook {
        FakeBook(language: Language("de_DE"), words: [
            "Bookmarked": "Lesezeichen gesetzt",
            "Undo": "Rückgängig",
            "Offline": "Offline",
            "Next photo": "Nächstes Foto",
            "Mouse and touch": "Maus und Berührung",
            "Scroll the wall": "Die Wand blättern",
            "key\u{4}Ctrl": "Strg",
            "Today": "Heute",
            "Tomorrow": "Morgen",
            "{day} {time} {event}": "{day} um {time}: {event}",
            "(stale)": "(veraltet)",
            "a year ago": "vor einem Jahr",
            "Offline: showing cached photos; retrying in the background": "Offline: zeige gespeicherte Fotos",
        ], plurals: [
            "{count} photo": ["{count} Foto", "{count} Fotos"],
            "{count} year ago": ["vor {count} Jahr", "vor {count} Jahren"],
            "loading {count} image": ["lade {count} Bild", "lade {count} Bilder"],
        ])
    }

    func testAToastIsInTheBooksWordsWithItsButton() {
        install(german)
        let model = loadedGallery()
        _ = model.apply(.focusNext)
        _ = model.handle(key: .character("b"))
        XCTAssertEqual(model.toasts.current?.text, "Lesezeichen gesetzt")
        XCTAssertEqual(model.toasts.current?.actionLabel, "Rückgängig")
    }

    func testTheHelpSheetsLinesAndKeyNamesAreInTheBooksWords() {
        install(german)
        let gestures = HelpSheet.gestures(kiosk: false)
        XCTAssertEqual(gestures.title, "Maus und Berührung")
        XCTAssertTrue(gestures.rows.contains { $0.action == "Die Wand blättern" })
        let sections = HelpSheet.sections(for: KeyMap())
        let rows = sections.flatMap(\.rows)
        XCTAssertTrue(rows.contains { $0.action == "Nächstes Foto" }, "a command's summary is looked up")
        XCTAssertTrue(rows.contains { $0.keys.contains("Strg+") }, "a key's name is looked up in its context")
        XCTAssertFalse(rows.contains { $0.keys.contains("Ctrl+") })
        // Words the book lacks stay English, never vanish.
        XCTAssertTrue(rows.contains { $0.action == "Go to the top" })
    }

    func testTheHeadersStatusCountsInTheLanguagesPluralForms() {
        install(german)
        XCTAssertEqual(HeaderStatus(photos: 1, sourceName: "demo", pageLoading: false, imagesLoading: 1, offline: true)
            .summary, "1 Foto · demo · Offline · lade 1 Bild")
        XCTAssertEqual(HeaderStatus(photos: 1234, sourceName: "demo", pageLoading: false, imagesLoading: 3).summary,
                       "1.234 Fotos · demo · lade 3 Bilder", "{count} in the language's digits and grouping")
    }

    func testAPolishBookPicksEachOfItsThreeForms() {
        install(FakeBook(language: Language("pl"), plurals: [
            "{count} photo": ["{count} zdjęcie", "{count} zdjęcia", "{count} zdjęć"],
        ], rule: .polish))
        func header(_ n: Int) -> String {
            HeaderStatus(photos: n, sourceName: "x", pageLoading: false, imagesLoading: 0).summary
        }
        XCTAssertEqual(header(1), "1 zdjęcie · x")
        XCTAssertEqual(header(2), "2 zdjęcia · x")
        XCTAssertEqual(header(4), "4 zdjęcia · x")
        XCTAssertEqual(header(5), "5 zdjęć · x")
        XCTAssertEqual(header(12), "12 zdjęć · x", "12-14 take the third form")
        XCTAssertEqual(header(22), "22 zdjęcia · x")
    }

    func testEnglishStillSaysOneAndMany() {
        install(FakeBook(language: .english))
        XCTAssertEqual(HeaderStatus(photos: 1, sourceName: "demo", pageLoading: true, imagesLoading: 1).summary,
                       "1 photo · demo · loading page, 1 image")
        XCTAssertEqual(HeaderStatus(photos: 2, sourceName: "demo", pageLoading: true, imagesLoading: 2).summary,
                       "2 photos · demo · loading page, 2 images")
        XCTAssertEqual(WordDates.yearsAgo(1), "a year ago")
        XCTAssertEqual(WordDates.yearsAgo(3), "3 years ago")
        XCTAssertEqual(WordDates.day(year: 2024, month: 6, day: 1), "1 June 2024")
        XCTAssertEqual(DateSections.dayTitle(.init(year: 2026, month: 11, day: 3)), "Tuesday 3 November 2026")
    }

    func testTheCalendarsDaysAndLineAreTheBooks() {
        install(german)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = calendar.date(from: DateComponents(year: 2026, month: 12, day: 1, hour: 9))!
        let tomorrow = calendar.date(from: DateComponents(year: 2026, month: 12, day: 2, hour: 18, minute: 30))!
        let choir = CalendarOccurrence(title: "Chor", start: tomorrow, end: tomorrow.addingTimeInterval(3600), allDay: false)
        let lines = CalendarAgenda.lines([choir], now: now, timeZone: calendar.timeZone, limit: 5)
        XCTAssertEqual(lines, ["Morgen um 18:30: Chor"])
        // Further days are weekdays in the language's own words: Foundation's, for its locale.
        let friday = calendar.date(from: DateComponents(year: 2026, month: 12, day: 4, hour: 8))!
        let later = CalendarOccurrence(title: "Markt", start: friday, end: friday.addingTimeInterval(3600), allDay: false)
        let weekday = DateFormatter()
        weekday.locale = Locale(identifier: "de_DE")
        weekday.timeZone = calendar.timeZone
        weekday.setLocalizedDateFormatFromTemplate("EEEE")
        XCTAssertEqual(CalendarAgenda.lines([later], now: now, timeZone: calendar.timeZone, limit: 5),
                       ["\(weekday.string(from: friday)) um 08:00: Markt"])
    }

    func testDatesAndAgesFollowTheLanguagesLocaleAsFoundationWritesThem() {
        for identifier in ["de_DE", "ja_JP", "fr_FR"] {
            install(FakeBook(language: Language(identifier)))
            let locale = Locale(identifier: identifier)
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let day = utc.date(from: DateComponents(year: 2024, month: 6, day: 1, hour: 12))!
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = utc.timeZone
            formatter.setLocalizedDateFormatFromTemplate("dMMMMy")
            XCTAssertEqual(Caption.date(Int64(utc.date(from: DateComponents(year: 2024, month: 6, day: 1, hour: 14))!
                .timeIntervalSince1970)), formatter.string(from: day), identifier)
            formatter.setLocalizedDateFormatFromTemplate("MMMMy")
            XCTAssertEqual(DateSections.monthTitle(.init(year: 2024, month: 6, day: 1)), formatter.string(from: day))
        }
        install(FakeBook(language: Language("de_DE")))
        XCTAssertTrue(Caption.date(1_717_250_000).contains("Juni"), Caption.date(1_717_250_000))
    }

    func testAMemorysHeadingSaysItsAgeInTheLanguagesPluralForms() {
        let sections = WallSections(today: .init(year: 2026, month: 12, day: 1))
        install(german)
        XCTAssertEqual(sections.title(2025), "2025 · vor einem Jahr")
        XCTAssertEqual(sections.title(2023), "2023 · vor 3 Jahren")
        install(FakeBook(language: Language("ja_JP"), plurals: ["{count} year ago": ["{count} 年前"]], rule: .oneForm))
        XCTAssertEqual(sections.title(2023), "2023 · 3 年前")
        install(FakeBook(language: Language("pl"), plurals: ["{count} year ago": ["{count} rok temu", "{count} lata temu",
                                                                                  "{count} lat temu"]], rule: .polish))
        XCTAssertEqual(sections.title(2023), "2023 · 3 lata temu")
        XCTAssertEqual(sections.title(2021), "2021 · 5 lat temu")
    }

    func testTheHouseValueAndTheHeadersNoteAreTheBooks() {
        install(german)
        XCTAssertEqual(HouseValueStaleness.note(age: 0, brokerLost: true, after: 7200), "(veraltet)")
        let model = loadedGallery()
        let status = HeaderStatus.of(model, sourceName: "demo", sourceNote: nil, imagesLoading: 0, online: false,
                                     storeProblem: nil)
        XCTAssertEqual(status.note, "Offline: zeige gespeicherte Fotos")
        XCTAssertTrue(status.summary.hasSuffix(" · Offline"), status.summary)
    }

    func testAnOptionsRefusalIsInTheBooksWordsWithItsValue() {
        install(FakeBook(language: Language("de_DE"), words: [
            "--clock: \"{word}\" is not a clock word; use {words}": "--clock: „{word}“ ist kein Uhr-Wort; erlaubt: {words}",
            "{option} must be at least 1 MB": "{option} muss mindestens 1 MB sein",
        ]))
        XCTAssertThrowsError(try ClockStyle.parse("large purple")) { error in
            XCTAssertTrue("\(error)".contains("--clock: „purple“ ist kein Uhr-Wort; erlaubt: a size (small"), "\(error)")
        }
        guard case .failure(let refusal) = CacheSizeText.bytes("1K") else { return XCTFail("1K taken") }
        XCTAssertEqual(refusal.message, "--cache-size muss mindestens 1 MB sein")
    }

    func testTheClocksLocaleIsTheChosenLanguagesOverTheEnvironment() {
        let environment = ["LANG": "en_US.UTF-8", "LC_TIME": "en_US.UTF-8"]
        XCTAssertEqual(ClockLocale.locale(environment: environment).identifier, "en_US", "none chosen: the environment")
        let chosen = ClockLocale.locale(environment: environment, chosen: Language("de_DE"))
        XCTAssertEqual(chosen.identifier, "de_DE")
        XCTAssertEqual(ClockLocale.hours(of: chosen), .twentyFour, "German reads 24 hours, though en_US reads 12")

        // The frame's language named with --language wins by default; one from the environment does not.
        let before = Words.install(FakeBook(language: Language("de_DE")), chosen: true)
        defer { Words.install(before) }
        XCTAssertEqual(ClockLocale.locale(environment: environment).identifier, "de_DE")
        Words.install(FakeBook(language: Language("de_DE")))
        XCTAssertEqual(ClockLocale.locale(environment: environment).identifier, "en_US")
    }
}
