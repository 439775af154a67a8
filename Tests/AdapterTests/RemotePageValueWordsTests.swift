import Foundation
import GalleryCore
@testable import RemoteControl
import XCTest

/// The remote page says the frame's protocol words (an overlay's name, a setting's choice, a photo's kind, the
/// server's English refusals, the MQTT id notice) in the phone's words: the page's word functions run in Node on
/// the tables a book makes.
final class RemotePageValueWordsTests: XCTestCase {
    /// A book that marks every word, and says a few as Japanese would.
    struct MarkedBook: WordBook {
        let language = Language("ja")
        func lookUp(_ english: String, context: String?) -> String {
            switch english {
            case "the frame did not answer in time": return "フレームが時間内に応答しませんでした。"
            case ClientIDClash.template: return "ID {id} は別のフレームも使っています"
            default: return "JA " + english
            }
        }
        func lookUp(_ singular: String, _ plural: String, count: Int, context: String?) -> String { "JA " + singular }
    }

    /// What each expression says, run after the page's words script.
    private func say(_ expressions: [String], book: any WordBook) throws -> [String] {
        let node = "/usr/bin/node"
        guard FileManager.default.isExecutableFile(atPath: node) else { throw XCTSkip("no Node at \(node)") }
        let program = RemotePageWords.script(book) + "\nconsole.log(JSON.stringify([" + expressions.joined(separator: ", ") + "]));\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", program]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String])
    }

    func testTheProtocolsWordsAreSaidInThePhonesBook() throws {
        let notice = ClientIDClash.words(id: FrameID("hall")!)
        let said = try say([#"overlayTitle("clock")"#, #"overlayTitle("values")"#, #"overlayTitle("new-thing")"#,
                            #"choiceWords("crossfade")"#, #"choiceWords("bottom-left")"#, #"choiceWords("immich")"#,
                            #"kindWords("livePhoto")"#, "sayNotice(\(RemotePageWords.json([notice]).dropFirst().dropLast()))",
                            #"sentence("the frame did not answer in time")"#, #"sentence("no photo shows")"#,
                            #"sentence("終わり！")"#, #"sentence("انتهى؟")"#, #"sentence("done")"#],
                           book: MarkedBook())
        XCTAssertEqual(said, ["JA Clock", "JA House values", "New thing",
                              "JA Crossfade", "JA Bottom left", "immich",
                              "JA Live Photo", "ID hall は別のフレームも使っています",
                              "フレームが時間内に応答しませんでした。", "JA no photo shows.",
                              "終わり！", "انتهى؟", "Done."])
        XCTAssertEqual(notice, "another frame uses the id hall on the MQTT broker: they throw each other off it. Give one "
                       + "of them an id of its own (its frame-id file, beside its configuration) and start it again",
                       "the log's English kept")
    }

    func testAnEnglishPageSaysWhatItSaidBefore() throws {
        let notice = ClientIDClash.words(id: FrameID("hall")!)
        let said = try say([#"overlayTitle("clock")"#, #"choiceWords("crossfade")"#,
                            "sayNotice(\(RemotePageWords.json([notice]).dropFirst().dropLast()))",
                            #"sentence("the frame did not answer in time")"#], book: EnglishBook())
        XCTAssertEqual(said, ["Clock", "Crossfade", notice, "The frame did not answer in time."])
    }
}
