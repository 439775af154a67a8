import Foundation

/// The image layer's words for the person at the terminal, worded as the app's (`tessera: `, on standard error).
enum Log {
    static func info(_ message: String) { write("tessera: \(message)\n") }
    static func warn(_ message: String) { write("tessera: warning: \(message)\n") }
    private static func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
