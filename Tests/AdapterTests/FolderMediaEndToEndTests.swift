import Foundation
import GalleryCore
import GalleryStore
import GRDB
import ImageSamples
import LocalSources
import SDLKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Real clips made with ffmpeg, read through ffprobe: the numbers the folder keeps are the clips' own.
final class FolderMediaEndToEndTests: XCTestCase {
    func testRealClipsALivePhotoAndAMotionPhotoMadeByHand() throws {
        XCTAssertNotNil(SharedSDL.system)
        let root = NSTemporaryDirectory() + "tessera-media-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try MediaSamples.clip(at: root + "/portrait.mp4", rotated: true)
        try MediaSamples.clip(at: root + "/IMG_0100.MOV", seconds: 2)
        try flatJPEG(64, 48).write(to: URL(fileURLWithPath: root + "/IMG_0100.JPG"))
        // A Pixel's motion photo, put together by hand: the still, its XMP saying where, then the MP4.
        let scratch = root + "/.clip.mp4"
        try MediaSamples.clip(at: scratch)
        let mp4 = try Data(contentsOf: URL(fileURLWithPath: scratch))
        try FileManager.default.removeItem(atPath: scratch)
        let motion = MotionBytes.withXMP(try flatJPEG(80, 60), MotionBytes.motionPhotoXMP(length: mp4.count)) + mp4
        try motion.write(to: URL(fileURLWithPath: root + "/PXL_20240101_120000000.MP.jpg"))

        var scanner = FolderScanner()
        scanner.prober = FFprobeProber()
        var skipped: [String] = []
        scanner.skipped = { skipped.append($0) }
        var found: [String: LocalFile] = [:]
        scanner.scan([root]) { found[$0.name] = $0 }
        XCTAssertEqual(Set(found.keys), ["portrait.mp4", "IMG_0100.JPG", "PXL_20240101_120000000.MP.jpg"], "\(skipped)")

        let clip = try XCTUnwrap(found["portrait.mp4"])
        XCTAssertEqual([clip.width, clip.height], [48, 64], "stored 64x48, turned 90°: drawn upright")
        XCTAssertEqual(try XCTUnwrap(clip.motion?.duration), 1, accuracy: 0.1)
        XCTAssertEqual(clip.motion?.hasSound, true)
        XCTAssertEqual(clip.photo.motion?.badge, "0:01")

        let live = try XCTUnwrap(found["IMG_0100.JPG"]?.motion)
        XCTAssertEqual(live.kind, .livePhoto)
        XCTAssertEqual(try XCTUnwrap(live.duration), 2, accuracy: 0.1)

        let embedded = try XCTUnwrap(found["PXL_20240101_120000000.MP.jpg"]?.motion)
        XCTAssertEqual(embedded.kind, .motionPhoto)
        XCTAssertEqual(embedded.clipLength, Int64(mp4.count))
        XCTAssertEqual(embedded.clipOffset, Int64(motion.count - mp4.count))
        XCTAssertEqual(try XCTUnwrap(embedded.duration), 1, accuracy: 0.1, "the clip inside, probed by its range")
        XCTAssertEqual(found["PXL_20240101_120000000.MP.jpg"].map { [$0.width, $0.height] }, [80, 60], "the still's size")
    }
}
