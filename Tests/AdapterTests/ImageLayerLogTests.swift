import Foundation
import GalleryCore
import ImageLayer
import XCTest

/// The image layer's own lines go where the app's go: the log's ring behind `GET /api/v1/log`, secrets taken out.
final class ImageLayerLogTests: XCTestCase {
    func testTheImageLayersLinesReachTheRingWithSecretsTakenOut() {
        let mark = "layer-line-\(UUID().uuidString)"
        let secret = "s3cr3t-\(UUID().uuidString.prefix(8))"
        Log.secret(secret)
        WarnOnce(prefix: "Colour: ").note("\(mark) in a file behind \(secret)")
        let line = Log.ring.last(LogRing.Limits().lines).last { $0.text.contains(mark) }
        XCTAssertEqual(line?.level, "info")
        XCTAssertEqual(line?.text.hasPrefix("Colour: \(mark) in a file behind "), true, line?.text ?? "not in the ring")
        XCTAssertEqual(line?.text.contains(secret), false, "the secret taken out")
    }
}
