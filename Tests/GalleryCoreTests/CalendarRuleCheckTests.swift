import GalleryCore
import XCTest

/// Rules no date satisfies, found from their text before libical's iterator spins on them.
final class CalendarRuleCheckTests: XCTestCase {
    func testMonthDaysNoneOfTheMonthsHave() {
        XCTAssertTrue(CalendarRuleCheck.neverMatches("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"))
        XCTAssertTrue(CalendarRuleCheck.neverMatches("FREQ=YEARLY;BYMONTH=4,6,9,11;BYMONTHDAY=31,-31"))
        XCTAssertTrue(CalendarRuleCheck.neverMatches("freq=monthly;bymonthday=32"))
    }

    func testRulesSomeDateSatisfies() {
        XCTAssertFalse(CalendarRuleCheck.neverMatches("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"), "a leap day")
        XCTAssertFalse(CalendarRuleCheck.neverMatches("FREQ=DAILY;BYMONTH=2,3;BYMONTHDAY=30"), "March has one")
        XCTAssertFalse(CalendarRuleCheck.neverMatches("FREQ=MONTHLY;BYMONTHDAY=-1"))
        XCTAssertFalse(CalendarRuleCheck.neverMatches("FREQ=WEEKLY;BYDAY=TU"))
        XCTAssertFalse(CalendarRuleCheck.neverMatches("FREQ=MONTHLY;BYMONTHDAY=31"))
    }
}
