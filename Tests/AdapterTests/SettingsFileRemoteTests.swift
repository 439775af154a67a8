import Foundation
import GalleryCore
import RemoteControl
@testable import TesseraApp
import TesseraBench
import XCTest

/// The settings file through the remote's own server (a stand-in frame, the real form on a temporary file): the
/// export a download named for the frame, its import the form's save, and its refusals.
final class SettingsFileRemoteTests: XCTestCase {
    private var folder = ""
    private let token = "settings-file-token-0123456789"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tessera-settings-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func server(config: String) throws -> RemoteServer {
        let settings = ConfigSettings(path: folder + "/" + config, check: { _, _ in nil }, running: [:])
        let server = RemoteServer(address: ListenAddress(host: "127.0.0.1", port: 0), token: token,
                                  control: FakeFrameControl(), settings: settings,
                                  books: { _ in EnglishBook() }, log: { _ in })
        try server.start()
        return server
    }

    func testTheExportIsADownloadTheOtherFrameTakes() throws {
        try "interval = 9\nfill = matte\n".write(toFile: folder + "/kitchen", atomically: true, encoding: .utf8)
        let kitchen = try server(config: "kitchen"), hall = try server(config: "hall")
        defer { kitchen.stop(); hall.stop() }

        let exported = try XCTUnwrap(RawConnection(port: kitchen.boundPort).exchange("GET", "/api/v1/settings/export", token: token))
        XCTAssertEqual(exported.status, 200)
        XCTAssertEqual(exported.header("Content-Disposition"), #"attachment; filename="tessera-settings-kitchen.json""#)
        XCTAssertEqual(exported.header("Content-Type"), "application/json; charset=utf-8")
        let file = try SettingsFile.parse(exported.body).get()
        XCTAssertEqual(file.from, "Kitchen")
        XCTAssertEqual(file.values, ["interval": "9", "fill": "matte", "source": "demo", "album": ""])

        XCTAssertEqual(try XCTUnwrap(RawConnection(port: kitchen.boundPort).exchange("GET", "/api/v1/settings/export")).status,
                       401, "behind the token")
        let imported = try XCTUnwrap(RawConnection(port: hall.boundPort).exchange(
            "POST", "/api/v1/settings/import", token: token, body: String(decoding: exported.body, as: UTF8.self)))
        XCTAssertEqual(imported.status, 200, imported.text)
        XCTAssertEqual(imported.json?["applied"] as? [String], ["interval:9", "source:demo"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/hall", encoding: .utf8), "interval = 9\nfill = matte\nsource = demo\n")
    }

    func testARefusedFileWritesNothing() throws {
        try "# hall\ninterval = 30\n".write(toFile: folder + "/hall", atomically: true, encoding: .utf8)
        let hall = try server(config: "hall")
        defer { hall.stop() }
        let cases = [
            (#"{"tessera_settings": 1, "values": {"interval": 7, "fill": "purple", "nope": 1}}"#,
             "2 values were not saved: nothing changed"),
            (#"{"tessera_settings": 1, "values": {"interval": 7, "immich-key": "k"}}"#,
             "one value cannot be imported: nothing changed"),
            (#"{"tessera_settings": 3, "values": {"interval": 7}}"#, "the settings file is of version 3; this frame reads version 1"),
            ("<html>", "this is not a Tessera settings file"),
        ]
        for (body, message) in cases {
            let reply = try XCTUnwrap(RawConnection(port: hall.boundPort).exchange("POST", "/api/v1/settings/import",
                                                                                  token: token, body: body))
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertEqual(reply.json?["error"] as? String, message, reply.text)
        }
        XCTAssertEqual(try String(contentsOfFile: folder + "/hall", encoding: .utf8), "# hall\ninterval = 30\n")
    }
}
