import GalleryCore
import XCTest

/// The pane's row of controls at a desk's width and at a phone's: every button inside the panel, none over another,
/// and the credit line (the photo's author and its URL) keeps its room when the file actions are offered.
final class DetailLayoutTests: XCTestCase {
    private let photo = Photo(id: "1", author: "IMG_0042.jpg", width: 400, height: 300, url: "file:///p/IMG_0042.jpg",
                              downloadURL: "")

    private func layout(width: Int, files: Bool) -> DetailLayout {
        DetailLayout(window: PixelSize(width: width, height: 800), headerHeight: 48, margin: 12, photo: photo,
                     lineHeight: 20, lines: 0, files: files)
    }

    private func assertTidy(_ layout: DetailLayout, file: StaticString = #filePath, line: UInt = #line) {
        let inner = (minX: layout.panel.x + DetailLayout.padding, maxX: layout.panel.maxX - DetailLayout.padding)
        for (control, frame) in layout.controls {
            XCTAssertGreaterThanOrEqual(frame.x, inner.minX, "\(control) starts left of the panel", file: file, line: line)
            XCTAssertLessThanOrEqual(frame.maxX, inner.maxX, "\(control) ends right of the panel", file: file, line: line)
            XCTAssertLessThanOrEqual(frame.maxY, layout.imageArea.y, "\(control) over the photo", file: file, line: line)
        }
        for (i, a) in layout.controls.enumerated() {
            for b in layout.controls[(i + 1)...] {
                let apart = a.frame.maxX <= b.frame.x || b.frame.maxX <= a.frame.x
                    || a.frame.maxY <= b.frame.y || b.frame.maxY <= a.frame.y
                XCTAssertTrue(apart, "\(a.control) and \(b.control) overlap", file: file, line: line)
            }
        }
    }

    func testADeskHasOneRowWithTheFileActionsLeftOfTheViewersControls() {
        let wide = layout(width: 1280, files: true)
        assertTidy(wide)
        XCTAssertGreaterThanOrEqual(wide.title.width, DetailLayout.minimumTitleWidth)
        XCTAssertEqual(Set(wide.controls.map(\.frame.y)).count, 1, "one row at 1280 px")
        let trash = try? XCTUnwrap(wide.frame(of: .trash)), star = try? XCTUnwrap(wide.frame(of: .bookmark))
        XCTAssertLessThan(trash?.x ?? .max, star?.x ?? .min)
        XCTAssertEqual(wide.imageArea.y, layout(width: 1280, files: false).imageArea.y,
                       "the file actions cost the photo nothing on a desk")
    }

    func testANarrowWindowGivesTheFileActionsARowOfTheirOwn() {
        for width in [480, 540, 600] {
            let narrow = layout(width: width, files: true)
            assertTidy(narrow)
            XCTAssertEqual(narrow.title.width, layout(width: width, files: false).title.width,
                           "at \(width) px the file actions take no room from the credit line")
            XCTAssertEqual(narrow.controls.count, layout(width: 1280, files: true).controls.count, "no button lost")
            let fileRow = Set(narrow.controls.filter { $0.control.fileAction != nil }.map(\.frame.y))
            let viewerRow = Set(narrow.controls.filter { $0.control.fileAction == nil }.map(\.frame.y))
            XCTAssertEqual(fileRow.count, 1); XCTAssertEqual(viewerRow.count, 1)
            XCTAssertGreaterThan(fileRow.first ?? 0, viewerRow.first ?? 0, "at \(width) px the file actions go under")
        }
        assertTidy(layout(width: 480, files: false))
    }
}
