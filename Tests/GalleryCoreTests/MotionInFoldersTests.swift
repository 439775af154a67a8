import Foundation
@testable import GalleryCore
import ImageSamples
import XCTest

/// The pure parts of moving pictures in folders: which still and MOV make a Live Photo, where a motion photo's clip
/// lies in its JPEG, an animation's canvas, and what a file's motion makes of its photo.
final class MotionInFoldersTests: XCTestCase {
    // MARK: Live Photos

    func testAStillAndTheMOVOfItsNameAreOneLivePhotoWhateverTheirCase() {
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1234.HEIC", "IMG_1234.MOV", "IMG_9.PNG"]), ["IMG_1234.HEIC": "IMG_1234.MOV"])
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["img_0001.JPG", "IMG_0001.mov"]), ["img_0001.JPG": "IMG_0001.mov"])
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["a.jpeg", "a.MoV", "b.heif", "b.mov"]), ["a.jpeg": "a.MoV", "b.heif": "b.mov"])
    }

    func testAMOVWithoutAStillStaysAClipAndOtherClipsNeverPair() {
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1.MOV", "IMG_2.HEIC"]), [:])
        XCTAssertEqual(LivePhotoPairing.pairedClips(in: ["IMG_1.MOV", "IMG_2.HEIC"]), [])
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1.HEIC", "IMG_1.MP4"]), [:], "only a MOV is a Live Photo's clip")
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1.PNG", "IMG_1.MOV"]), [:], "a screenshot is no Live Photo")
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1.HEIC.MOV", "IMG_1.HEIC"]), [:], "the base is all before the last dot")
    }

    func testTwoStillsOfOneBaseGiveTheClipToTheHEIC() {
        let names = ["IMG_7.JPG", "IMG_7.HEIC", "IMG_7.MOV"]
        XCTAssertEqual(LivePhotoPairing.pairs(in: names), ["IMG_7.HEIC": "IMG_7.MOV"], "the camera's original")
        XCTAssertEqual(LivePhotoPairing.pairs(in: names.reversed()), ["IMG_7.HEIC": "IMG_7.MOV"], "whatever the order read")
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["b.jpg", "B.JPG", "b.mov"]), ["B.JPG": "b.mov"], "else the first by bytes")
        // Two MOVs of one base (a case-sensitive copy): one pairs, the other stays a clip.
        XCTAssertEqual(LivePhotoPairing.pairedClips(in: ["c.heic", "c.mov", "C.MOV"]), ["C.MOV"])
    }

    func testHiddenNamesPairOnlyWithHiddenNames() {
        XCTAssertEqual(LivePhotoPairing.pairs(in: ["IMG_1.HEIC", "._IMG_1.MOV", ".IMG_1.MOV"]), [:],
                       "macOS's resource forks and hidden copies never take a photo's clip")
        XCTAssertEqual(LivePhotoPairing.pairs(in: [".IMG_1.HEIC", ".IMG_1.MOV"]), [".IMG_1.HEIC": ".IMG_1.MOV"])
        XCTAssertEqual(LivePhotoPairing.pairs(in: [".mov", ".heic", "noext"]), [:])
    }

    // MARK: motion photos

    private let still = HeaderBytes.jpeg(width: 40, height: 30)

    func testGooglesMicroVideoOffsetCountsFromTheEndOfTheFile() throws {
        let clip = MotionBytes.fakeMP4(count: 700)
        let file = MotionBytes.withXMP(still, MotionBytes.microVideoXMP(offsetFromEnd: clip.count)) + clip
        let found = MotionPhotoLocator.candidates(prefix: file.prefix(4096), fileSize: Int64(file.count))
        XCTAssertEqual(found.first, .init(offset: Int64(file.count - 700), length: 700))
        let head = file.subdata(in: Int(found[0].offset)..<Int(found[0].offset) + 12)
        XCTAssertTrue(MotionPhotoLocator.looksLikeMP4(head))
        XCTAssertFalse(MotionPhotoLocator.looksLikeMP4(file.prefix(12)), "the JPEG's own start is no MP4")
    }

    func testTheContainerDirectoryGivesTheClipsLengthAndPadding() {
        let clip = MotionBytes.fakeMP4(count: 900)
        let plain = MotionBytes.withXMP(still, MotionBytes.motionPhotoXMP(length: 900)) + clip
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: plain, fileSize: Int64(plain.count)),
                       [.init(offset: Int64(plain.count - 900), length: 900)])
        // Padding after the clip: the range ends before it; the range without it comes second, for the caller's
        // check by the bytes.
        let padded = MotionBytes.withXMP(still, MotionBytes.motionPhotoXMP(length: 900, padding: 16)) + clip
            + Data(count: 16)
        let found = MotionPhotoLocator.candidates(prefix: padded, fileSize: Int64(padded.count))
        XCTAssertEqual(found.first, .init(offset: Int64(padded.count - 916), length: 900))
        XCTAssertEqual(found.count, 2)
        // Written as elements instead of attributes.
        let elements = MotionBytes.microVideoXMP(offsetFromEnd: 900)
            .replacingOccurrences(of: "GCamera:MicroVideoOffset=\"900\"", with: "")
            .replacingOccurrences(of: "/></rdf:RDF>", with: "><GCamera:MicroVideoOffset>900</GCamera:MicroVideoOffset></rdf:Description></rdf:RDF>")
        let asElements = MotionBytes.withXMP(still, elements) + clip
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: asElements, fileSize: Int64(asElements.count)).first?.length, 900)
    }

    func testAClaimTheFileCannotHoldIsNoClip() {
        let lying = MotionBytes.withXMP(still, MotionBytes.microVideoXMP(offsetFromEnd: 1 << 40))
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: lying, fileSize: Int64(lying.count)), [])
        let tiny = MotionBytes.withXMP(still, MotionBytes.microVideoXMP(offsetFromEnd: 3))
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: tiny, fileSize: Int64(tiny.count)), [], "no MP4 is 3 bytes")
        let negative = MotionBytes.withXMP(still, MotionBytes.motionPhotoXMP(length: -5))
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: negative, fileSize: 1 << 20), [])
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: still, fileSize: 1 << 20), [], "no XMP: a plain still")
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: HeaderBytes.png(width: 2, height: 2), fileSize: 1 << 20), [])
        // XMP that only mentions the words, not in a JPEG segment.
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: Data(MotionBytes.microVideoXMP(offsetFromEnd: 10).utf8),
                                                     fileSize: 1 << 20), [])
        // A segment length running past the bytes read: nothing, no trap.
        var cut = [UInt8](MotionBytes.withXMP(still, MotionBytes.microVideoXMP(offsetFromEnd: 100)))
        cut = Array(cut.prefix(60))
        XCTAssertEqual(MotionPhotoLocator.candidates(prefix: Data(cut), fileSize: 1 << 20), [])
    }

    func testSamsungsTrailerNamesTheClipBlock() throws {
        let clip = MotionBytes.fakeMP4(count: 5000)
        let file = MotionBytes.samsung(still, clip: clip)
        let tail = file.suffix(MotionPhotoLocator.trailerTailBytes)
        let range = try XCTUnwrap(MotionPhotoLocator.samsungTrailer(tail: Data(tail), fileSize: Int64(file.count)))
        XCTAssertEqual(range, .init(offset: Int64(still.count + 24), length: 5000))
        XCTAssertEqual(file.subdata(in: Int(range.offset)..<Int(range.offset + range.length)), clip)
        // A clip longer than the tail read: the block's name is not in the tail, the range is still right.
        let long = MotionBytes.samsung(still, clip: MotionBytes.fakeMP4(count: 20_000))
        XCTAssertEqual(MotionPhotoLocator.samsungTrailer(tail: Data(long.suffix(4096)), fileSize: Int64(long.count)),
                       .init(offset: Int64(still.count + 24), length: 20_000))
        XCTAssertNil(MotionPhotoLocator.samsungTrailer(tail: still, fileSize: Int64(still.count)))
        var broken = [UInt8](file)
        broken[broken.count - 8] = 0xFF  // the directory's size, far too large
        XCTAssertNil(MotionPhotoLocator.samsungTrailer(tail: Data(broken.suffix(4096)), fileSize: Int64(broken.count)))
    }

    // MARK: animations

    func testAnAnimationsCanvasComesFromItsFirstBytes() {
        let gif = Data(Array("GIF89a".utf8) + HeaderBytes.le16(320) + HeaderBytes.le16(240) + [0xF7, 0, 0])
        XCTAssertEqual(AnimationHeader.read(gif), AnimationHeader(format: .gif, width: 320, height: 240))
        XCTAssertNil(AnimationHeader.read(Data(Array("GIF89a".utf8) + [0, 0, 10, 0])), "a canvas of no width")
        XCTAssertEqual(AnimationHeader.read(HeaderBytes.webpExtended(width: 500, height: 400, animated: true)),
                       AnimationHeader(format: .webp, width: 500, height: 400))
        XCTAssertNil(AnimationHeader.read(HeaderBytes.webpExtended(width: 500, height: 400)), "a still WebP")
        XCTAssertNil(AnimationHeader.read(HeaderBytes.jpeg(width: 5, height: 5)))
        XCTAssertNil(AnimationHeader.read(Data("GIF8".utf8)))
    }

    // MARK: files

    func testAFilesMotionIsItsPhotosAndNeverChangesItsID() {
        let still = LocalFile(path: "/p/IMG_1.HEIC", bytes: 10, modified: 5, width: 4, height: 3)
        let live = LocalFile(path: "/p/IMG_1.HEIC", bytes: 10, modified: 5, width: 4, height: 3,
                             motion: LocalMotion(kind: .livePhoto, duration: 2.5, companion: "IMG_1.MOV"))
        XCTAssertNil(still.photo.motion)
        XCTAssertEqual(still.id, LocalFile(path: "/p/IMG_1.HEIC", bytes: 10, modified: 5, width: 9, height: 9).id,
                       "a still's ID is as before")
        XCTAssertEqual(live.id, still.id, "a still that gains its clip is the same photo (its bookmark names it)")
        let probedAgain = LocalFile(path: "/p/IMG_1.HEIC", bytes: 10, modified: 5, width: 4, height: 3,
                                    motion: LocalMotion(kind: .livePhoto, duration: nil, companion: "IMG_1.MOV"))
        XCTAssertEqual(probedAgain.id, live.id, "a probe that failed once makes no other photo")
        XCTAssertEqual(live.photo.motion, PhotoMotion(kind: .livePhoto, duration: 2.5))
        XCTAssertEqual(live.companionPath, "/p/IMG_1.MOV")
        let sneaky = LocalFile(path: "/p/a.jpg", bytes: 10, modified: 5, width: 4, height: 3,
                               motion: LocalMotion(kind: .livePhoto, companion: "../../etc/passwd"))
        XCTAssertNil(sneaky.companionPath, "a companion is a name beside the still, never a path")
        XCTAssertFalse(LocalMotion(kind: .motionPhoto, clipOffset: 90, clipLength: 20).isConsistent(fileBytes: 100))
        XCTAssertTrue(LocalMotion(kind: .motionPhoto, clipOffset: 80, clipLength: 20).isConsistent(fileBytes: 100))
        XCTAssertFalse(LocalMotion(kind: .clip, companion: "x.mov").isConsistent(fileBytes: 100))
    }

    func testAProbeBeyondTheLimitsIsRefused() {
        final class Fixed: MediaProber {
            let info: MediaInfo
            init(_ info: MediaInfo) { self.info = info }
            func probe(_ location: MediaLocation) -> Result<MediaInfo, MediaRefusal> { .success(info) }
        }
        let long = Fixed(MediaInfo(width: 1920, height: 1080, duration: 5 * 3600, codec: "h264"))
        XCTAssertEqual(long.judged(MediaLocation(file: "/x.mp4")), .failure(.tooLong(seconds: 5 * 3600)))
        let fine = Fixed(MediaInfo(width: 1080, height: 1920, rotation: 90, duration: 3, codec: "hevc"))
        XCTAssertEqual(try fine.judged(MediaLocation(file: "/x.mp4")).get().height, 1920)
    }
}
