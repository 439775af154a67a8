import XCTest
@testable import GalleryCore

/// No secret reaches the log, in any form the frame might write it; ordinary words stay.
final class LogRedactionTests: XCTestCase {
    private let token = "Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycy1sb25n"

    func testARegisteredSecretIsTakenOutWhereverItStands() {
        let redaction = LogRedaction()
        redaction.register(secret: token)
        redaction.register(secret: "hunter2hunter2")
        let said = redaction.redact("remote: token \(token) read; mqtt password hunter2hunter2 used")
        XCTAssertFalse(said.contains(token))
        XCTAssertFalse(said.contains("hunter2"))
        XCTAssertEqual(said, "remote: token [redacted] read; mqtt password [redacted] used")
    }

    func testARegisteredSecretsEncodedFormsAreTakenOutToo() {
        let redaction = LogRedaction()
        redaction.register(secret: "frame:s3cret pass")
        XCTAssertFalse(redaction.redact("Authorisation Basic " + Data("frame:s3cret pass".utf8).base64EncodedString())
            .contains(Data("frame:s3cret pass".utf8).base64EncodedString()))
        XCTAssertFalse(redaction.redact("asked https://x/cal?p=frame%3As3cret%20pass").contains("s3cret"))
    }

    func testAShortConfiguredSecretIsTakenOutWhereItIsAWordOfItsOwn() {
        let redaction = LogRedaction()
        redaction.register(secret: "q7z")  // a 3-character MQTT password
        XCTAssertEqual(redaction.redact("mqtt: broker refused q7z (user frame)"), "mqtt: broker refused [redacted] (user frame)")
        XCTAssertEqual(redaction.redact("q7z"), "[redacted]")
        XCTAssertEqual(redaction.redact("said 'q7z',q7z."), "said '[redacted]',[redacted].")
        XCTAssertEqual(redaction.redact("auth " + Data("q7z".utf8).base64EncodedString()), "auth [redacted]", "its base64 too")
        XCTAssertEqual(redaction.redact("xq7z q7zq 1q7z stay"), "xq7z q7zq 1q7z stay", "inside a word it is not the secret")
        redaction.register(secret: "ab")
        XCTAssertEqual(redaction.redact("a table about abacus: ab."), "a table about abacus: [redacted].")
        XCTAssertEqual(redaction.redact("a table about abacus"), "a table about abacus", "common letters stay")
    }

    func testAShortValueIsNotRegistered() {
        let redaction = LogRedaction()
        redaction.register(secret: "ab")
        XCTAssertEqual(redaction.redact("a table about abacus"), "a table about abacus")
    }

    func testBearerAndBasicCredentials() {
        XCTAssertEqual(LogRedaction.redact("sent Bearer abcDEF123_-xyz.tok to it"), "sent Bearer [redacted] to it")
        XCTAssertEqual(LogRedaction.redact("sent basic ZnJhbWU6c2VjcmV0 to it"), "sent basic [redacted] to it")
        XCTAssertEqual(LogRedaction.redact("calendar: basic authentication over https only"),
                       "calendar: basic authentication over https only", "words stay words")
    }

    func testHeaderValues() {
        XCTAssertEqual(LogRedaction.redact("Authorization: Bearer abcDEF1234567890"), "Authorization: [redacted]")
        XCTAssertEqual(LogRedaction.redact("header authorization: Basic ZnJhbWU6c2VjcmV0, then"),
                       "header authorization: [redacted], then")
        XCTAssertEqual(LogRedaction.redact("headers x-api-key: kJ8s7dF6gH5 accept: json"),
                       "headers x-api-key: [redacted] accept: json")
        XCTAssertEqual(LogRedaction.redact("X-Api-Key=kJ8s7dF6gH5"), "X-Api-Key=[redacted]")
        XCTAssertEqual(LogRedaction.redact("Cookie: session=abc; other=def"), "Cookie: [redacted]")
    }

    func testNamedValuesInAddressesAndText() {
        XCTAssertEqual(LogRedaction.redact("GET https://host/a?password=pw1&size=3"), "GET https://host/a?password=[redacted]&size=3")
        XCTAssertEqual(LogRedaction.redact("GET /x?token=abc123&lines=5"), "GET /x?token=[redacted]&lines=5")
        XCTAssertEqual(LogRedaction.redact("GET /x?key=abc123"), "GET /x?key=[redacted]")
        XCTAssertEqual(LogRedaction.redact("GET /x?api_key=abc123#top"), "GET /x?api_key=[redacted]#top")
        XCTAssertEqual(LogRedaction.redact("config immich-key = abc123 read"), "config immich-key = [redacted] read")
        XCTAssertEqual(LogRedaction.redact("{\"api_key\": \"abc123\", \"size\": 3}"), "{\"api_key\": \"[redacted]\", \"size\": 3}")
        XCTAssertEqual(LogRedaction.redact("the monkey=banana stays, tokens are words"), "the monkey=banana stays, tokens are words")
        XCTAssertEqual(LogRedaction.redact("Immich needs an API key: set IMMICH_API_KEY"), "Immich needs an API key: set IMMICH_API_KEY")
    }

    func testAnAddresssPasswordGoesItsUserStays() {
        XCTAssertEqual(LogRedaction.redact("fetching https://anna:pa55@cal.example/x.ics failed"),
                       "fetching https://anna:[redacted]@cal.example/x.ics failed")
        XCTAssertEqual(LogRedaction.redact("mqtt: to mqtt://frame@broker:1883"), "mqtt: to mqtt://frame@broker:1883")
        XCTAssertEqual(LogRedaction.redact("listening at http://0.0.0.0:8080/"), "listening at http://0.0.0.0:8080/")
    }

    func testNothingToTakeOutLeavesTheLineAsItWas() {
        let line = "remote: listening at 127.0.0.1:8080 (photos: 30, 1.5 s per photo; key: value pairs)"
        XCTAssertEqual(LogRedaction.redact(line), line)
    }
}
