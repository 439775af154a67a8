import Foundation
@testable import GalleryCore
import XCTest

/// The settings file one frame exports and another imports: what it carries, how it reads back, and every hostile
/// file refused with a clear reason (nothing of it taken).
final class SettingsFileTests: XCTestCase {
    private func field(_ name: String, _ value: String?) -> SettingField {
        SettingField(name: name, label: name, kind: "text", value: value, live: false)
    }

    private func refusal(_ text: String) -> SettingsRefusal? { refusal(Data(text.utf8)) }

    private func refusal(_ data: Data) -> SettingsRefusal? {
        if case .failure(let refusal) = SettingsFile.parse(data) { return refusal }
        return nil
    }

    func testAFormsValuesGoOutAndComeBackAsTheyWere() throws {
        let fields = [field("interval", "8"), field("caption", "date # and \"place\" ünï"), field("fill", nil),
                      field("schedule", "mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30"), field("album", "")]
        let exported = Date(timeIntervalSince1970: 1_796_200_000)
        let file = SettingsFile(fields: fields, from: "Küche", exported: exported)
        XCTAssertEqual(file.values, ["interval": "8", "caption": "date # and \"place\" ünï", "album": "",
                                     "schedule": "mon-fri 06:30-08:30,17:00-23:00; sat-sun 08:00-23:30"],
                       "a field without a value is not carried")
        let text = String(decoding: file.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""tessera_settings" : 1"#), text)
        XCTAssertTrue(text.contains(#""exported" : "2026-12-02T"#), text)
        XCTAssertTrue(text.contains(#""from" : "Küche""#), text)
        XCTAssertEqual(try SettingsFile.parse(file.encoded()).get(), file)
        XCTAssertEqual(file.encoded(), file.encoded(), "the same settings read the same")
        XCTAssertEqual(SettingsFile.fileName(from: "Küche"), "tessera-settings-kuche.json")
        XCTAssertEqual(SettingsFile.fileName(from: "\"; rm -rf /"), "tessera-settings-rm-rf.json")
        XCTAssertEqual(SettingsFile.fileName(from: nil), "tessera-settings-frame.json")
    }

    func testNumbersAndTruthAreTheFormsText() throws {
        let file = try SettingsFile.parse(Data(#"{"tessera_settings": 1, "values": {"interval": 8, "speed": 12.5, "wake-on-touch": true}}"#.utf8)).get()
        XCTAssertEqual(file.values, ["interval": "8", "speed": "12.5", "wake-on-touch": "yes"])
        XCTAssertNil(file.from)
    }

    func testTheFramesOwnIsNeverExportedAndRefusedOnImport() throws {
        for name in ["name", "remote", "remote-token-file", "mqtt", "mqtt-password", "immich-key", "unsplash-key", "id"] {
            XCTAssertTrue(SettingsFile.isFrameOwn(name), name)
        }
        for name in ["interval", "idle", "mode", "source", "album", "location", "wake-on-touch", "calendar-corner"] {
            XCTAssertFalse(SettingsFile.isFrameOwn(name), name)
        }
        let file = SettingsFile(fields: [field("interval", "8"), field("immich-key", "s3cret"), field("name", "Hall")],
                                from: "Hall", exported: Date())
        XCTAssertEqual(file.values, ["interval": "8"])
        XCTAssertFalse(String(decoding: file.encoded(), as: UTF8.self).contains("s3cret"))

        let refused = refusal(#"{"tessera_settings": 1, "values": {"interval": 8, "immich-key": "x", "name": "Hall"}}"#)
        XCTAssertEqual(refused?.message, "2 values cannot be imported: nothing changed")
        XCTAssertEqual(refused?.problems, ["immich-key": "is the frame's own: it is not carried from one frame to another",
                                           "name": "is the frame's own: it is not carried from one frame to another"])
    }

    func testWrongTypesAreSaidByName() {
        let refused = refusal(#"{"tessera_settings": 1, "values": {"interval": [8], "fill": null, "clock": {"a": 1}, "sort": "date"}}"#)
        XCTAssertEqual(refused?.message, "3 values cannot be imported: nothing changed")
        XCTAssertEqual(refused?.problems, ["interval": "must be a string, a number or true/false",
                                           "fill": "must be a string, a number or true/false",
                                           "clock": "must be a string, a number or true/false"])
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {"fill": null}}"#)?.message,
                       "one value cannot be imported: nothing changed")
    }

    func testAHostileNameIsSaidWithoutItsControlCharacters() throws {
        // ESC ] 0 ; … BEL would retitle a terminal; ESC [ 2 J would clear it; U+202E would reverse the rest.
        let refused = try XCTUnwrap(refusal(#"{"tessera_settings": 1, "values": {"\u001b]0;owned\u0007x": [1], "\u001b[2J\u202Ey": {}}}"#))
        XCTAssertEqual(refused.problems.count, 2)
        XCTAssertEqual(refused.problemLines, ["[2Jy: must be a string, a number or true/false",
                                              "]0;ownedx: must be a string, a number or true/false"])
        for line in refused.problemLines {
            XCTAssertFalse(line.unicodeScalars.contains(where: ExternalText.isForbidden), line.debugDescription)
        }
    }

    func testWhatIsNotASettingsFileIsRefusedClearly() {
        let notOne = "this is not a Tessera settings file"
        for text in ["", "not json", "[1, 2]", "\"tessera\"", "{}", #"{"values": {"interval": 8}}"#,
                     #"{"tessera_settings": "one", "values": {}}"#, #"{"tessera_settings": 1, "values": [1]}"#,
                     #"{"tessera_settings": 1, "values": {"interval": 8}"#, "\u{FEFF}\u{0}{"] {
            XCTAssertEqual(refusal(text)?.message, notOne, text)
            XCTAssertEqual(refusal(text)?.problems, [:], text)
        }
        XCTAssertEqual(refusal(#"{"tessera_settings": 2, "values": {"interval": 8}}"#)?.message,
                       "the settings file is of version 2; this frame reads version 1")
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {}}"#)?.message, "the settings file holds no values")
        XCTAssertEqual(refusal(#"{"tessera_settings": 1}"#)?.message, "the settings file holds no values")
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {"": 8}}"#)?.message,
                       "a setting's name is longer than 64 bytes")
    }

    func testHostileSizesAreRefusedWithinTheirBounds() {
        // Past the limit: refused before it is read.
        let huge = Data(#"{"tessera_settings": 1, "values": {"caption": ""#.utf8) + Data(repeating: 0x61, count: 1 << 20)
            + Data(#""}}"#.utf8)
        XCTAssertEqual(refusal(huge)?.message, "the file is longer than 16,384 bytes: it is not a settings file")
        // Nested deep within the limit: refused, not a crash.
        let deep = String(repeating: "[", count: 8000) + String(repeating: "]", count: 8000)
        XCTAssertEqual(refusal(deep)?.message, "this is not a Tessera settings file")
        let deepValue = #"{"tessera_settings": 1, "values": {"clock": "# + String(repeating: "[", count: 5000)
            + String(repeating: "]", count: 5000) + "}}"
        XCTAssertNotNil(refusal(deepValue))
        // Too many values, a value too long, a name too long.
        let many = (0...RemoteSettingsBody.maxSettings).map { #""s\#($0)": 1"# }.joined(separator: ",")
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {\#(many)}}"#)?.message,
                       "the settings file holds more than 100 values")
        let long = String(repeating: "x", count: RemoteSettingsBody.maxValueBytes + 1)
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {"caption": "\#(long)"}}"#)?.problems,
                       ["caption": "longer than 1,024 bytes"])
        let name = String(repeating: "n", count: 65)
        XCTAssertEqual(refusal(#"{"tessera_settings": 1, "values": {"\#(name)": 1}}"#)?.message,
                       "a setting's name is longer than 64 bytes")
    }

    /// The form's free-text fields at their longest (`CommandNames.maxArgumentBytes`, every byte escaped in JSON)
    /// still make a file the remote takes in one request.
    func testTheLongestFormStillFitsInOneRequest() throws {
        let text = String(repeating: "\\", count: CommandNames.maxArgumentBytes)
        let free = ["caption", "clock", "schedule", "schedule-except", "dim", "location", "night-clock", "album"]
        let short = ["mode": "slideshow", "interval": "86400", "transition": "crossfade", "fill": "matte",
                     "calendar-lines": "20", "calendar-corner": "bottom-right", "wake-on-touch": "yes",
                     "speed": "1000", "idle": "3600", "sort": "random", "source": "immich"]
        var values = short
        for name in free { values[name] = text }
        let file = SettingsFile(values: values, exported: SettingsFile.time(Date()), from: String(repeating: "é", count: 64))
        XCTAssertLessThanOrEqual(file.encoded().count, SettingsFile.maxBytes)
        XCTAssertEqual(try SettingsFile.parse(file.encoded()).get().values, values)
    }
}
