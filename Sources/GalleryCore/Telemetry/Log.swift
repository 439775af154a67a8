import Foundation

/// Messages for the person at the terminal, and for a remote (`GET /api/v1/log` reads `ring`): one log for the whole
/// process, the app's lines and the image layer's alike. Every line has the secrets taken out first (`redaction`:
/// the values registered with `secret`, and whatever looks like one), before it reaches standard error or the ring.
public enum Log {
    public static func info(_ message: String) { write(message, level: "info") }
    public static func warn(_ message: String) { write(message, level: "warning") }

    /// A value never to be written (a token, a password, a key), from the moment it is read.
    public static func secret(_ value: String?) { if let value { redaction.register(secret: value) } }

    /// The last lines, bounded (`LogRing.Limits`).
    public static let ring = LogRing()
    public static let redaction = LogRedaction()

    private static func write(_ message: String, level: String) {
        let said = redaction.redact(message)
        ring.append(LogLine(time: Date().timeIntervalSince1970, level: level, text: said))
        let line = level == "warning" ? "tessera: warning: \(said)\n" : "tessera: \(said)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
