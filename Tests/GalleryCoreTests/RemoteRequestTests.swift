import Foundation
@testable import GalleryCore
import XCTest

/// What the remote reads from a request: its route, a command's body, a settings body; and the JSON it answers.
final class RemoteRequestTests: XCTestCase {
    func parse(_ json: String) -> Result<Command, CommandRefusal> { RemoteCommandBody.parse(Data(json.utf8)) }

    func refusal(_ json: String) -> String? {
        if case .failure(let refusal) = parse(json) { return refusal.message }
        return nil
    }

    func testCommandsByNameWithTheirArguments() {
        XCTAssertEqual(parse(#"{"command": "next"}"#), .success(.nextPhoto))
        XCTAssertEqual(parse(#"{"command": "PAUSE"}"#), .success(.setPaused(true)))
        XCTAssertEqual(parse(#"{"command": "interval", "argument": 8}"#), .success(.setInterval(8)))
        XCTAssertEqual(parse(#"{"command": "interval", "argument": 2.5}"#), .success(.setInterval(2.5)))
        XCTAssertEqual(parse(#"{"command": "interval", "argument": "8"}"#), .success(.setInterval(8)))
        XCTAssertEqual(parse(#"{"command": "speed", "argument": 40}"#), .success(.setSpeed(40)))
        XCTAssertEqual(parse(#"{"command": "open-photo", "argument": "abc-123"}"#), .success(.openPhoto(id: "abc-123")))
        XCTAssertEqual(parse(#"{"command": "open-photo", "argument": 12345}"#), .success(.openPhoto(id: "12345")))
        XCTAssertEqual(parse(#"{"command": "source", "argument": "immich", "album": "A1"}"#),
                       .success(.useSource("immich", album: "A1")))
        XCTAssertEqual(parse(#"{"command": "source", "argument": "picsum"}"#), .success(.useSource("picsum", album: nil)))
    }

    func testRefusalsSayWhy() {
        XCTAssertEqual(refusal(#"{"command": "quit"}"#), "quit is not taken from afar: a person at the frame does that")
        XCTAssertEqual(refusal(#"{"command": "Quit"}"#), "quit is not taken from afar: a person at the frame does that")
        XCTAssertEqual(refusal(#"{"command": "explode"}"#), #"no command called "explode""#)
        XCTAssertEqual(refusal(#"{"command": "next", "argument": 3}"#), "next takes no argument")
        XCTAssertEqual(refusal(#"{"command": "interval", "argument": 0}"#), "interval wants seconds between 1 and 86400")
        XCTAssertEqual(refusal(#"{"command": "interval"}"#), "interval wants seconds between 1 and 86400")
        XCTAssertEqual(refusal(#"{"command": "next", "extra": 1}"#), #"unknown member "extra""#)
        XCTAssertEqual(refusal(#"{"command": "next", "album": "x"}"#), #""album" goes with the source command and its argument"#)
        XCTAssertEqual(refusal(#"{"command": "source", "argument": "immich", "album": "a:b"}"#), #""album" must be an album's id"#)
        XCTAssertEqual(refusal(#"{"command": 3}"#), #""command" must be a command's name (GET /api/v1/commands lists them)"#)
        XCTAssertEqual(refusal(#"{}"#), #""command" must be a command's name (GET /api/v1/commands lists them)"#)
        XCTAssertEqual(refusal(#"{"command": "interval", "argument": true}"#), #""argument" must be a string or a number"#)
        XCTAssertEqual(refusal(#"{"command": "interval", "argument": null}"#), "interval wants seconds between 1 and 86400", "null is no argument")
        XCTAssertEqual(refusal(#"{"command": "interval", "argument": [8]}"#), #""argument" must be a string or a number"#)
        for notAnObject in [#"["next"]"#, #""next""#, "next", "", "{", #"{"command": "next""#, "null", "\u{0}"] {
            XCTAssertEqual(refusal(notAnObject), #"the body must be a JSON object such as {"command": "next"}"#, notAnObject)
        }
        XCTAssertEqual(RemoteCommandBody.parse(Data(#"{"command": "next"}"#.utf8), maxBytes: 10),
                       .failure(CommandRefusal("the body is longer than 10 bytes")))
    }

    func testSettingsBodyTurnsNumbersAndTruthIntoTheFilesText() throws {
        let parsed = RemoteSettingsBody.parse(Data(#"{"interval": 8, "kiosk": true, "clock": false, "speed": 12.5, "schedule": "07:00-23:00"}"#.utf8))
        XCTAssertEqual(try parsed.get(), ["interval": "8", "kiosk": "yes", "clock": "no", "speed": "12.5",
                                          "schedule": "07:00-23:00"])
    }

    func testSettingsBodyRefusesWhatIsNotAValue() {
        guard case .failure(let refusal) = RemoteSettingsBody.parse(Data(#"{"interval": [1], "name": "ok", "x": null}"#.utf8))
        else { return XCTFail("refused") }
        XCTAssertEqual(Set(refusal.problems.keys), ["interval", "x"])
        for bad in ["[]", "3", "", #"{"a": 1"#] {
            guard case .failure = RemoteSettingsBody.parse(Data(bad.utf8)) else { return XCTFail(bad) }
        }
        let many = "{" + (0..<101).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}"
        XCTAssertEqual(RemoteSettingsBody.parse(Data(many.utf8)),
                       .failure(SettingsRefusal(message: "more than 100 settings at once")))
    }

    func testRoutesByMethodAndPath() {
        func route(_ method: String, _ target: String) -> Result<RemoteRoute, RouteRefusal> {
            RemoteRoute.resolve(method: method, target: target)
        }
        XCTAssertEqual(route("GET", "/"), .success(.page))
        XCTAssertEqual(route("GET", "/favicon.ico"), .success(.icon))
        XCTAssertEqual(route("GET", "/api/v1/state"), .success(.state))
        XCTAssertEqual(route("GET", "/api/v1/commands"), .success(.commandList))
        XCTAssertEqual(route("POST", "/api/v1/commands"), .success(.perform))
        XCTAssertEqual(route("GET", "/api/v1/photo"), .success(.photo(maxSide: 1024)))
        XCTAssertEqual(route("GET", "/api/v1/photo?size=300"), .success(.photo(maxSide: 300)))
        XCTAssertEqual(route("GET", "/api/v1/photo?x=1&size=9000"), .success(.photo(maxSide: 2048)))
        XCTAssertEqual(route("GET", "/api/v1/photo?size=1"), .success(.photo(maxSide: 64)))
        XCTAssertEqual(route("GET", "/api/v1/photo?size=big"),
                       .failure(.badRequest("size must be a number of pixels (64 to 2048)")))
        XCTAssertEqual(route("GET", "/api/v1/settings"), .success(.settingsForm))
        XCTAssertEqual(route("POST", "/api/v1/settings"), .success(.saveSettings))
        XCTAssertEqual(route("POST", "/api/v1/state"), .failure(.methodNotAllowed(allowed: ["GET"])))
        XCTAssertEqual(route("DELETE", "/api/v1/commands"), .failure(.methodNotAllowed(allowed: ["GET", "POST"])))
        for elsewhere in ["/api/v1/state/", "/../etc/passwd", "/api/v1/photo/../../x", "/index.html", "//", "*", ""] {
            XCTAssertEqual(route("GET", elsewhere), .failure(.notFound), elsewhere)
        }
        XCTAssertFalse(RemoteRoute.page.needsToken)
        XCTAssertFalse(RemoteRoute.icon.needsToken)
        XCTAssertTrue(RemoteRoute.state.needsToken)
        XCTAssertTrue(RemoteRoute.photo(maxSide: 1024).needsToken)
    }

    func testRepliesAreJSONWithTheirNames() throws {
        let error = try JSONSerialization.jsonObject(with: RemoteReplies.error("no", problems: ["a": "b"])) as? [String: Any]
        XCTAssertEqual(error?["error"] as? String, "no")
        XCTAssertEqual(error?["problems"] as? [String: String], ["a": "b"])
        XCTAssertEqual(String(decoding: RemoteReplies.error("no"), as: UTF8.self), #"{"error":"no"}"#)
        let list = try JSONSerialization.jsonObject(with: RemoteReplies.commandList()) as? [String: [String]]
        XCTAssertTrue(list?["commands"]?.contains("next") == true)
        XCTAssertTrue(list?["commands"]?.contains("interval") == true)
        XCTAssertFalse(list?["commands"]?.contains("quit") == true, "the remote does not offer quit")
        XCTAssertEqual(RemoteReplies.name(of: .nextPhoto), "next")
        XCTAssertEqual(RemoteReplies.name(of: .setInterval(8)), "interval:8")
        XCTAssertEqual(RemoteReplies.name(of: .setSpeed(12.5)), "speed:12.5")
        XCTAssertEqual(RemoteReplies.name(of: .useSource("immich", album: "A")), "source:immich:A")
        XCTAssertEqual(RemoteReplies.name(of: .setPaused(true)), "pause")
    }
}
