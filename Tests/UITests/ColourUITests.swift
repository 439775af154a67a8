import Foundation
import SDLKit
import XCTest

/// True colours, judged on screen: a JPEG, PNG and WebP of one flat colour tagged with a wide-gamut profile (Adobe
/// RGB, embedded by ImageMagick without touching the pixels) is drawn in its sRGB colours, not its raw values; and
/// with a display profile named (`--display-profile`) or published by an X11 desktop (`_ICC_PROFILE` on the root
/// window), an untagged photo is drawn in that display's colours.
final class ColourUITests: XCTestCase {
    private var root = ""
    private let adobe = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
    private let raw: [UInt8] = [200, 60, 60]

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "tessera-colour-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: adobe) else { throw missing("icc-profiles-free (TEST_PACKAGES)") }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// A 400x300 picture of `raw`, with the Adobe RGB profile embedded when `tagged` (ImageMagick's first
    /// `-profile` assigns, it does not convert).
    private func photo(_ name: String, tagged: Bool) throws -> String {
        // A folder of its own: each run opens one photo in a folder nothing else has touched.
        let folder = root + "/" + name.replacingOccurrences(of: ".", with: "-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        let colour = "xc:rgb(\(raw[0]),\(raw[1]),\(raw[2]))"
        let lossless = name.hasSuffix(".webp") ? ["-define", "webp:lossless=true"] : []
        try tool(["convert", "-size", "400x300", colour] + (tagged ? ["-profile", adobe] : []) + lossless
                 + ["-quality", "98", path])
        return path
    }

    private func tool(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, arguments.joined(separator: " "))
    }

    /// The middle of the pane opened on `path` (`tessera FILE`).
    private func drawn(_ path: String, driver: String = "offscreen", options: [String] = []) throws -> (colour: [Int], log: String) {
        let cache = root + "/cache-\(UUID().uuidString)"
        let run = try AppProcess.run(["--size", "900x600", "--cache-dir", cache] + options + [path], driver: driver)
        XCTAssertEqual(run.status, 0, run.log)
        let frame = try XCTUnwrap(run.frame, run.log)
        let p = frame.pixel(x: 450, y: 300)
        return ([Int(p.r), Int(p.g), Int(p.b)], run.log)
    }

    private func assertClose(_ got: [Int], _ want: [Int], within: Int = 4, _ what: String, line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= within }, "\(what): drawn \(got), expected \(want)",
                      line: line)
    }

    /// Adobe RGB → sRGB from the standards' numbers (primaries, D65, the 563/256 power).
    private var converted: [Int] {
        ColourMaths.toSRGB(raw, primaries: ColourMaths.adobeRGB, decode: { pow($0, ColourMaths.adobeGamma) })
    }

    func testAWideGamutJPEGPNGAndWebPAreDrawnInTheirConvertedColours() throws {
        let want = converted
        XCTAssertGreaterThan(zip(want, raw).map { abs($0 - Int($1)) }.max() ?? 0, 12, "the test must tell them apart")
        for name in ["adobe.jpg", "adobe.png", "adobe.webp"] {
            let shown = try drawn(try photo(name, tagged: true))
            assertClose(shown.colour, want, name)
        }
        // Untagged: its values as they are; tagged but with colour management off: the raw values too.
        assertClose(try drawn(try photo("plain.jpg", tagged: false)).colour, raw.map(Int.init), "untagged")
        assertClose(try drawn(root + "/adobe-jpg/adobe.jpg", options: ["--no-colour-management"]).colour, raw.map(Int.init),
                    "--no-colour-management")
    }

    func testADisplayProfileNamedOrPublishedOnX11IsWhereColoursGo() throws {
        let plain = try photo("plain.jpg", tagged: false)
        // sRGB → Adobe RGB: what the display's profile asks for an untagged (sRGB) photo.
        let onAdobe = ColourMaths.fromSRGB(raw, primaries: ColourMaths.adobeRGB, encode: { pow($0, 1 / ColourMaths.adobeGamma) })
        assertClose(try drawn(plain, options: ["--display-profile", adobe]).colour, onAdobe, "--display-profile")
        guard XSession.hasDisplay else { throw missing("an X display (run under xvfb-run)") }
        // A colour manager publishes the display's profile on the root window and stays connected (Xvfb forgets
        // every property when its last client leaves); tessera reads it through libX11.
        let publisher = Process()
        publisher.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        publisher.arguments = ["python3", "-c", ColourUITests.publishRootProfile, adobe]
        let toPublisher = Pipe(), fromPublisher = Pipe()
        publisher.standardInput = toPublisher
        publisher.standardOutput = fromPublisher
        try publisher.run()
        defer { try? toPublisher.fileHandleForWriting.close(); publisher.waitUntilExit() }
        let said = String(decoding: fromPublisher.fileHandleForReading.firstLine(), as: UTF8.self)
        XCTAssertTrue(said.hasPrefix("published"), "the publisher: \(said)")
        let profile = try XCTUnwrap(FileManager.default.contents(atPath: adobe))
        let shown = try drawn(plain, driver: "x11")
        XCTAssertTrue(shown.log.contains("_ICC_PROFILE, \(profile.count) bytes"), shown.log)
        assertClose(shown.colour, onAdobe, "the X11 display's profile")
        try toPublisher.fileHandleForWriting.close()
        publisher.waitUntilExit()
        XCTAssertEqual(publisher.terminationStatus, 0)
        let unpublished = try drawn(plain, driver: "x11")
        XCTAssertTrue(unpublished.log.contains("the display is sRGB"), unpublished.log)
        assertClose(unpublished.colour, raw.map(Int.init), "no profile published: sRGB")
    }

    /// Publishes the profile in the file named as the X11 root window's `_ICC_PROFILE`, as colord or dispwin would
    /// (libX11 through ctypes: xprop cannot set bytes), says "published", and holds its connection until its standard
    /// input ends; then it takes the property away.
    static let publishRootProfile = """
        import ctypes, sys
        x = ctypes.CDLL("libX11.so.6")
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                      ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        x.XDeleteProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        x.XFlush.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        d = x.XOpenDisplay(None)
        if not d: sys.exit(2)
        root = x.XDefaultRootWindow(d)
        atom = x.XInternAtom(d, b"_ICC_PROFILE", 0)
        data = open(sys.argv[1], "rb").read()
        x.XChangeProperty(d, root, atom, 6, 8, 0, data, len(data))  # XA_CARDINAL, 8 bits, PropModeReplace
        x.XFlush(d)
        print("published", flush=True)
        sys.stdin.read()
        x.XDeleteProperty(d, root, atom)
        x.XCloseDisplay(d)
        """
}

private extension FileHandle {
    /// What the other end wrote first: its first line (or what came before it closed).
    func firstLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { return line }
            line.append(byte)
        }
    }
}
