import Foundation
import RemoteControl
import XCTest

/// The remote's token file.
final class RemoteTokenTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "remote-token-\(UUID().uuidString)/config"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testTheTokenIsMadeOncePrivateAndReadBackTheSame() throws {
        let first = try RemoteToken.loadOrCreate(configFolder: folder)
        let file = folder + "/remote-token"
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(first.count, 43)
        XCTAssertTrue(first.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        XCTAssertEqual(try RemoteToken.loadOrCreate(configFolder: folder), first, "stable across loads")
        XCTAssertNotEqual(RemoteToken.make(), RemoteToken.make())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(leftovers, ["remote-token"], "no temporary file is left")
    }

    func testATokenFileOthersCanReadIsMadePrivateWithAWarning() throws {
        let token = try RemoteToken.loadOrCreate(configFolder: folder)
        let file = folder + "/remote-token"
        chmod(file, 0o644)
        var warnings: [String] = []
        XCTAssertEqual(try RemoteToken.loadOrCreate(configFolder: folder) { warnings.append($0) }, token)
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertFalse(warnings[0].contains(token), "the warning does not show the token")
    }

    /// Where a running frame listens: believed while its process lives, removed by it alone, never from bad bytes.
    func testTheRunningFramesAddressIsBelievedWhileItRuns() throws {
        let record = RemoteListening(address: "127.0.0.1:9123", tokenFile: "/srv/token")
        try record.write(in: folder)
        let file = folder + "/" + RemoteListening.fileName
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(RemoteListening.running(in: folder), record)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [RemoteListening.fileName],
                       "no temporary file is left")

        RemoteListening.remove(in: folder, pid: getpid() + 1)
        XCTAssertNotNil(RemoteListening.running(in: folder), "another process's remove leaves it")
        RemoteListening.remove(in: folder)
        XCTAssertNil(RemoteListening.running(in: folder))

        // A frame killed: its process is gone, its record not believed.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try RemoteListening(address: "127.0.0.1:9123", tokenFile: nil, pid: gone.processIdentifier).write(in: folder)
        XCTAssertNil(RemoteListening.running(in: folder))

        for bad in ["", "not json", #"{"address": "nowhere", "pid": 1}"#, #"{"address": "127.0.0.1:1", "pid": -1}"#,
                    String(repeating: " ", count: 5000) + #"{"address": "127.0.0.1:1", "pid": 1}"#] {
            try bad.write(toFile: file, atomically: true, encoding: .utf8)
            XCTAssertNil(RemoteListening.running(in: folder), bad)
        }
    }

    func testAUsersTokenFileIsTrimmedAndMustBeLongEnough() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/mine"
        try "  my-own-token-of-length-20 \n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try RemoteToken.read(file: file), "my-own-token-of-length-20")
        for bad in ["", "   \n", "short", "two words of a long token"] {
            try bad.write(toFile: file, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try RemoteToken.read(file: file), bad)
        }
        XCTAssertThrowsError(try RemoteToken.read(file: folder + "/missing"))
    }

    /// ssh refuses a key others can read; a token file is used all the same (the frame must start), but never
    /// without a word: the warning names the file and the fix, and leaves the user's file as it is.
    func testAUsersTokenFileOthersCanReadIsUsedWithAWarningAndTheFix() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/mine"
        try "my-own-token-of-length-20\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        var warnings: [String] = []
        XCTAssertEqual(try RemoteToken.read(file: file) { warnings.append($0) }, "my-own-token-of-length-20")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("\(file) can be read by others (mode 644)") == true, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("chmod 600 \(file)") == true, "\(warnings)")
        XCTAssertFalse(warnings.first?.contains("my-own-token") == true, "the warning does not show the token")
        XCTAssertEqual(try mode(file), 0o644, "the user's own file is theirs to change")
        chmod(file, 0o600)
        warnings = []
        _ = try RemoteToken.read(file: file) { warnings.append($0) }
        XCTAssertEqual(warnings, [], "a private file is said nothing of")
    }
}
