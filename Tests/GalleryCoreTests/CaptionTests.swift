import XCTest
@testable import GalleryCore

final class CaptionTests: XCTestCase {
    func testTheChosenFactsInOrderFromWhatThePhotoCarries() {
        var photo = GalleryCoreTests.photo("a")
        photo.facts = PhotoFacts(taken: ExifInfo.seconds(fromExifDate: "2024:06:01 14:03:22"), place: "Lisbon",
                                 camera: "Canon EOS R5")
        XCTAssertEqual(Caption.text(for: photo, fields: .kiosk), "1 June 2024 · Lisbon")
        XCTAssertEqual(Caption.text(for: photo, fields: [.camera, .date, .author]), "1 June 2024 · Canon EOS R5 · \(photo.author)")
        XCTAssertNil(Caption.text(for: GalleryCoreTests.photo("b"), fields: .kiosk), "nothing known, no caption")
        XCTAssertEqual(CaptionFields(parsing: "date, place"), .kiosk)
        XCTAssertEqual(CaptionFields(parsing: "none"), [])
        XCTAssertNil(CaptionFields(parsing: "date,weather"))
    }

    func testFactsFromOutsideAreCleanedAndAFolderPhotoCarriesItsExifDateAndCamera() {
        var hostile = GalleryCoreTests.photo("h")
        hostile.facts = PhotoFacts(taken: Int64.max, place: "\u{202E}evil\u{1B}[2J" + String(repeating: "x", count: 500),
                                   camera: "\u{7}")
        let checked = hostile.validated()!
        XCTAssertNil(checked.facts?.taken, "an absurd date is dropped")
        XCTAssertNil(checked.facts?.camera, "nothing left of it")
        XCTAssertEqual(checked.facts?.place?.count, 80)
        XCTAssertFalse(checked.facts!.place!.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        let file = LocalFile(path: "/p/a.jpg", bytes: 1, modified: 0, width: 3, height: 2, taken: "2019:12:31 23:59:00",
                             camera: "Canon EOS R5")
        XCTAssertEqual(Caption.text(for: file.photo, fields: [.date, .camera]), "31 December 2019 · Canon EOS R5")
        let undated = LocalFile(path: "/p/b.jpg", bytes: 1, modified: 1_700_000_000_000_000_000, width: 3, height: 2)
        XCTAssertNil(undated.photo.facts, "a file's own time is not a date taken")
    }
}
