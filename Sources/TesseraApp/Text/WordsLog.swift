import Foundation
import GalleryCore

/// A test seam, hidden like `--screenshot`: with `TESSERA_WORDS_LOG=FILE` in the environment, every distinct line of
/// text the interface draws is appended to FILE once, one per line (a line's own newlines written as `\n`), so a
/// test can assert the words a user reads ("the rendered strings") in their language without reading pixels.
/// Without the variable nothing is kept and drawing pays one nil check.
final class WordsLog {
    private let handle: FileHandle
    private var written: Set<String> = []

    /// The log the environment asks for, or nil (unset, or a file that cannot be opened: said once to the log).
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> WordsLog? {
        guard let path = environment["TESSERA_WORDS_LOG"], !path.isEmpty else { return nil }
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            Log.warn("cannot write the words log \(path)")
            return nil
        }
        handle.seekToEndOfFile()
        return WordsLog(handle: handle)
    }

    private init(handle: FileHandle) { self.handle = handle }

    deinit { try? handle.close() }

    /// Appends `line` the first time it is drawn.
    func note(_ line: String) {
        guard written.insert(line).inserted else { return }
        handle.write(Data((line.replacingOccurrences(of: "\n", with: "\\n") + "\n").utf8))
    }
}
