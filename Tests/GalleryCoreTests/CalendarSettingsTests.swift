import GalleryCore
import XCTest

/// The calendar's addresses: a `webcal://` subscription link is fetched over https, and a password from
/// `--calendar-auth-file` is never sent over plain http (refused at start, naming the source).
final class CalendarSettingsTests: XCTestCase {
    func testAWebcalLinkIsFetchedOverHTTPS() {
        XCTAssertEqual(CalendarSettings.fetchedAddress(of: "webcal://calendar.example.org/family.ics?key=1"),
                       "https://calendar.example.org/family.ics?key=1")
        XCTAssertEqual(CalendarSettings.fetchedAddress(of: "WEBCAL://p01.example.com/x.ics"), "https://p01.example.com/x.ics")
        XCTAssertEqual(CalendarSettings.fetchedAddress(of: "webcals://example.com/x.ics"), "https://example.com/x.ics")
        XCTAssertEqual(CalendarSettings.fetchedAddress(of: "http://example.com/x.ics"), "http://example.com/x.ics")
        XCTAssertEqual(CalendarSettings.fetchedAddress(of: "/home/ada/webcal.ics"), "/home/ada/webcal.ics")
        XCTAssertTrue(CalendarSettings.isAddress("webcal://example.com/x.ics"))
        XCTAssertFalse(CalendarSettings.isAddress("/home/ada/webcal://x.ics"))
    }

    func testAPasswordIsRefusedOverPlainHTTPNamingTheSource() throws {
        let words = try XCTUnwrap(CalendarSettings.refusal(
            sources: ["/home/ada/family.ics", "http://ada:pw@nas.local:5232/cal/family.ics?token=s3cret"],
            authFile: "/etc/tessera/calendar-auth"))
        XCTAssertTrue(words.contains("http://nas.local:5232/cal/family.ics"), words)
        XCTAssertTrue(words.contains("https://"), "says what to give: \(words)")
        XCTAssertFalse(words.contains("s3cret"), "the query stays out of the words")
        XCTAssertFalse(words.contains("pw"), "the password stays out of the words")
        XCTAssertNotNil(CalendarSettings.refusal(sources: ["HTTP://nas.local/x.ics"], authFile: "auth"))
    }

    func testHTTPSWebcalAndNoPasswordAreAllowed() {
        XCTAssertNil(CalendarSettings.refusal(sources: ["https://nas.local/x.ics", "webcal://nas.local/y.ics"],
                                              authFile: "auth"))
        XCTAssertNil(CalendarSettings.refusal(sources: ["http://nas.local/public.ics"], authFile: nil))
        XCTAssertNil(CalendarSettings.refusal(sources: ["http://127.0.0.1:8080/x.ics", "http://localhost/y.ics"],
                                              authFile: "auth"), "the loopback is no network")
        XCTAssertNil(CalendarSettings.refusal(sources: ["/home/ada/http.ics"], authFile: "auth"))
    }
}
