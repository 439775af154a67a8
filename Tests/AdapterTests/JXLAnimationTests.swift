import Foundation
import GalleryCore
import LocalSources
@testable import MediaWorkers
import SDLKit
import XCTest

/// An animated JPEG XL (cjxl of a two-frame GIF: red, then blue) plays like an animated WebP: the folder lists it as
/// an animation when a media worker is there, and the real worker process probes it and makes its poster (the first
/// frame) through the frame source that also plays it (`JXLAnimation`).
final class JXLAnimationTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system)
        dir = NSTemporaryDirectory() + "tessera-jxl-anim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func run(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(arguments[0]) (make test-deps installs it)")
    }

    /// Red then blue, 64×48, a tenth of a second each.
    private func animation() throws -> String {
        try run(["convert", "-delay", "10", "-size", "64x48", "xc:rgb(220,30,30)", "xc:rgb(30,30,220)", dir + "/anim.gif"])
        try run(["cjxl", dir + "/anim.gif", dir + "/anim.jxl"])
        return dir + "/anim.jxl"
    }

    func testTheWorkerProbesItAndMakesItsPoster() throws {
        let path = try animation()
        let media = MediaService(executable: MediaClips.worker, limits: .standard)
        let info = try media.probe(MediaLocation(file: path)).get()
        XCTAssertEqual(info.codec, "jxl")
        XCTAssertEqual([info.width, info.height], [64, 48])
        let poster = try media.poster(MediaLocation(file: path), width: 32, height: 24).get()
        XCTAssertEqual([poster.width, poster.height], [32, 24])
        let first = poster.argb(x: 16, y: 12)
        XCTAssertGreaterThan(Int(first >> 16 & 0xFF), Int(first & 0xFF) + 100, String(format: "the first frame is red: %08X", first))

        guard case .success(let file) = LocalFileReader.read(path: path, prober: media) else { return XCTFail("not read") }
        XCTAssertEqual(file.motion?.kind, .animation)
        XCTAssertEqual([file.width, file.height], [64, 48])
        guard case .success(let still) = LocalFileReader.read(path: path) else { return XCTFail("not read") }
        XCTAssertNil(still.motion, "without a worker, its first frame is a still")
    }
}
