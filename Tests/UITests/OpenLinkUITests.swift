import Foundation
import XCTest

/// `o` on an open photo hands its link to the opener (`xdg-open`, here `TESSERA_OPENER`): the effect the model asks
/// for is carried out on the app's one effect path (`EffectPath`), as copy and fullscreen are.
final class OpenLinkUITests: XSessionTestCase {
    func testOOnAnOpenPhotoHandsItsFileToTheOpener() throws {
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        try x.tool(["convert", "-size", "800x600", "xc:red", root + "/photos/red.png"])
        let opened = root + "/opened.txt", opener = root + "/opener.sh"
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
        // The script opens the photo's pane and then leaves the window to the keys for a minute.
        let window = try x.launch([root + "/photos", "--name", "Ada", "--cache-dir", root + "/cache", "--renderer", "software",
                                   "--size", "900x600", "--script", "open,wait:60"],
                                  environment: ["TESSERA_OPENER": opener])
        // Pressed until the opener has run (the key may come before the window takes keys), with a deadline.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: opened), Date() < deadline {
            try x.tool(["xdotool", "key", "--window", window, "o"])
        }
        let url = try String(contentsOfFile: opened, encoding: .utf8)
        XCTAssertTrue(url.hasPrefix("file://") && url.hasSuffix("red.png"), url)
    }
}
