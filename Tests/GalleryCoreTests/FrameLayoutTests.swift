import GalleryCore
import XCTest

/// How a player's frame lies in its slot (`FrameLayout`), and the words that carry it between app and worker.
final class FrameLayoutTests: XCTestCase {
    func testPlanesFollowEachOtherAndEveryLayoutFitsASlot() {
        XCTAssertEqual(FrameLayout.bgra.planes(width: 1920, height: 1080), [.init(offset: 0, pitch: 7680, rows: 1080)])
        XCTAssertEqual(FrameLayout.i420.planes(width: 1920, height: 1080), [
            .init(offset: 0, pitch: 1920, rows: 1080), .init(offset: 2_073_600, pitch: 960, rows: 540),
            .init(offset: 2_592_000, pitch: 960, rows: 540),
        ])
        XCTAssertEqual(FrameLayout.i420.bytes(width: 1920, height: 1080), 1920 * 1080 * 3 / 2)
        XCTAssertEqual(FrameLayout.nv12.planes(width: 622, height: 350), [
            .init(offset: 0, pitch: 622, rows: 350), .init(offset: 217_700, pitch: 622, rows: 175),
        ])
        // An odd side rounds the chroma planes up.
        XCTAssertEqual(FrameLayout.i420.planes(width: 5, height: 3).map(\.pitch), [5, 3, 3])
        XCTAssertEqual(FrameLayout.i420.planes(width: 5, height: 3).map(\.rows), [3, 2, 2])
        for layout in FrameLayout.allCases {
            for (w, h) in [(1, 1), (2, 2), (3, 1), (1, 7), (5, 3), (622, 350), (16384, 16384)] {
                XCTAssertLessThanOrEqual(layout.bytes(width: w, height: h), w * h * 4, "\(layout) \(w)x\(h) fits a slot")
            }
        }
    }

    func testAFrameCarriesItsLayoutAndAnUnknownOneIsNoMessage() {
        for layout in FrameLayout.allCases {
            let message = MediaWireMessage.frame(slot: 2, pts: 1.5, layout: layout)
            XCTAssertEqual(MediaWireMessage(line: message.line), message)
        }
        XCTAssertEqual(MediaWireMessage.frame(slot: 0, pts: 0).line, "frame 0 0.0\n", "BGRA as before")
        XCTAssertEqual(MediaWireMessage(line: "frame 1 0.5 i420"), .frame(slot: 1, pts: 0.5, layout: .i420))
        for text in ["frame 1 0.5 yuv444", "frame 1 0.5 I420", "frame 1 0.5 i420 more", "frame 1 0.5 %"] {
            XCTAssertNil(MediaWireMessage(line: text), text)
        }
    }

    func testAPlayerAskedForPlanesSaysSoAndOnlyThen() {
        let location = MediaLocation(file: "/clips/a.mp4")
        let planes = MediaWorkerLaunch(playback: .init(location: location, width: 2, height: 2, loops: true,
                                                       planes: true), limits: MediaLimits())
        XCTAssertTrue(planes.arguments.contains("planes=yuv"))
        XCTAssertEqual(MediaWorkerLaunch(arguments: planes.arguments), planes)
        let bgra = MediaWorkerLaunch(playback: .init(location: location, width: 2, height: 2, loops: true),
                                     limits: MediaLimits())
        XCTAssertFalse(bgra.arguments.contains { $0.hasPrefix("planes=") })
        XCTAssertEqual(MediaWorkerLaunch(arguments: bgra.arguments), bgra)
        var odd = planes.arguments
        odd[odd.firstIndex(of: "planes=yuv")!] = "planes=rgb"
        XCTAssertNil(MediaWorkerLaunch(arguments: odd))
    }
}
