import FixtureServer
import Foundation
import GalleryCore
import GalleryNet
import SDLKit
import XCTest

/// SDL (without video) for image encoding and decoding, started once for the whole test process.
enum SharedSDL {
    static let system: SDLSystem? = try? SDLSystem(video: false)
}

/// Collects one async result; the test waits on an expectation, never a sleep.
final class Box<T> {
    private let lock = NSLock()
    private var stored: T?
    var value: T? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ v: T) { lock.lock(); stored = v; lock.unlock() }
}

class FixtureTestCase: XCTestCase {
    var server: FixtureServer!

    override func setUpWithError() throws {
        XCTAssertNotNil(SharedSDL.system, "SDL must start without video")
        server = FixtureServer(photos: 250)
        try server.start(port: 0)
    }

    override func tearDown() {
        server.stop()
        server = nil
    }

    func wait<T>(timeout: Double = 15, _ start: (@escaping (T) -> Void) -> Void) -> T? {
        let done = expectation(description: "completion")
        let box = Box<T>()
        start { value in
            box.set(value)
            done.fulfill()
        }
        wait(for: [done], timeout: timeout)
        return box.value
    }
}

/// SDL with the offscreen video driver, for tests that need a renderer.
enum TestVideo {
    static let system: SDLSystem? = {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        SDLSystem.setHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
        return try? SDLSystem(video: true)
    }()

    static func renderer() throws -> Renderer {
        let system = try XCTUnwrap(system, "offscreen video must start")
        let window = try Window(system: system, title: "test", width: 320, height: 240)
        return try Renderer(window: window, kind: .software, vsync: false)
    }
}

import GRDB

/// Opens a store file directly, to damage or age it the way a test needs.
func GRDB_openForTest(_ path: String) throws -> DatabaseQueue {
    try DatabaseQueue(path: path)
}

func photos(_ range: Range<Int>) -> [Photo] {
    range.map { Photo(id: String($0), author: "A\($0)", width: 300, height: 200, url: "u\($0)", downloadURL: "d\($0)") }
}

/// A fixture server and a libcurl client talking to it, one each per test.
class ClientTestCase: FixtureTestCase {
    var client: CurlHTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        client = try CurlHTTPClient()
    }

    override func tearDown() {
        client.shutdown()
        client = nil
        super.tearDown()
    }
}

/// A JPEG of one flat colour, `w`×`h`: a photo for a folder's tests.
func flatJPEG(_ w: Int, _ h: Int, shade: UInt8 = 90) throws -> Data {
    let s = try Surface(width: w, height: h)
    s.fill(x: 0, y: 0, width: w, height: h, r: shade, g: 120, b: 200)
    return try s.jpegData(quality: 90)
}
