import GalleryCore
import XCTest

/// The pre-parse cut of an iCalendar file: events counted by their `END:VEVENT` lines in any case (iCalendar's
/// names are case-insensitive) and only at a line's start; the time zones standing past the cut kept.
final class CalendarTextTests: XCTestCase {
    private func event(_ n: Int, end: String = "END:VEVENT") -> String {
        "BEGIN:VEVENT\r\nUID:\(n)\r\nSUMMARY:x\r\n\(end)\r\n"
    }

    func testLowerCaseEndsAreCountedAndCut() {
        let text = "BEGIN:VCALENDAR\r\n" + (0..<5).map { event($0, end: $0 % 2 == 0 ? "end:vevent" : "End:VEvent") }.joined()
            + "END:VCALENDAR\r\n"
        let cut = CalendarText.bounded(Data(text.utf8), maxEvents: 2)
        XCTAssertEqual(cut.eventsLeftOut, 3)
        XCTAssertEqual(String(decoding: cut.bytes, as: UTF8.self),
                       "BEGIN:VCALENDAR\r\n" + event(0, end: "end:vevent") + event(1, end: "End:VEvent").dropLast(1)
                       + "\r\nEND:VCALENDAR\r\n")
    }

    func testTheNameCountsOnlyAtALinesStart() {
        // A summary quoting the name, and a folded line continuing with it, are not the end of an event.
        let quoting = "BEGIN:VEVENT\r\nSUMMARY:END:VEVENT\r\nDESCRIPTION:a\r\n END:VEVENT\r\nEND:VEVENT\r\n"
        let text = "BEGIN:VCALENDAR\r\n" + String(repeating: quoting, count: 3) + "END:VCALENDAR\r\n"
        XCTAssertEqual(CalendarText.bounded(Data(text.utf8), maxEvents: 2).eventsLeftOut, 1)
        XCTAssertEqual(CalendarText.bounded(Data(text.utf8), maxEvents: 3).eventsLeftOut, 0)
        // Bare line feeds too, and the last line without one.
        let bare = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nend:vevent\nBEGIN:VEVENT\nEND:VEVENT"
        XCTAssertEqual(CalendarText.bounded(Data(bare.utf8), maxEvents: 1).eventsLeftOut, 1)
    }

    func testZonesPastTheCutAreKept() {
        let zone = "BEGIN:VTIMEZONE\r\nTZID:Far\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0500\r\n"
            + "DTSTART:19700101T000000\r\nEND:STANDARD\r\nend:vtimezone"
        let text = "BEGIN:VCALENDAR\r\n" + (0..<4).map { event($0) }.joined() + zone + "\r\n" + event(9)
            + "END:VCALENDAR\r\n"
        let cut = CalendarText.bounded(Data(text.utf8), maxEvents: 2)
        XCTAssertEqual(cut.eventsLeftOut, 3)
        XCTAssertEqual(String(decoding: cut.bytes, as: UTF8.self),
                       "BEGIN:VCALENDAR\r\n" + event(0) + event(1).dropLast(1) + "\r\n" + zone + "\r\nEND:VCALENDAR\r\n")
        // A hostile file of zones keeps only so many.
        let many = "BEGIN:VCALENDAR\r\n" + (0..<3).map { event($0) }.joined()
            + String(repeating: zone + "\r\n", count: CalendarText.maxZonesKept + 50) + "END:VCALENDAR\r\n"
        let kept = String(decoding: CalendarText.bounded(Data(many.utf8), maxEvents: 1).bytes, as: UTF8.self)
        XCTAssertEqual(kept.components(separatedBy: "BEGIN:VTIMEZONE").count - 1, CalendarText.maxZonesKept)
    }
}
