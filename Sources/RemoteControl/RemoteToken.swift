import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The remote's token: 32 random bytes as 43 characters of base64url, kept in `<config folder>/remote-token`
/// (mode 600), made at the first start and read at every later one; or read from a file of the user's
/// (`--remote-token-file`). Whoever holds it steers the frame: it is never logged.
public enum RemoteToken {
    /// The file's name in the configuration folder.
    public static let fileName = "remote-token"
    /// A token shorter than this is refused (a guessable one would make the remote open to anyone nearby).
    public static let minimumLength = 16

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The token in `configFolder` (the folder of the configuration file), made there if there is none. The
    /// folder is made (mode 700) if missing. A token file others could read is made private again (`warn` says
    /// so): a copy may have been seen, so the user hears about it.
    public static func loadOrCreate(configFolder: String, warn: (String) -> Void = { _ in }) throws -> String {
        let path = (configFolder as NSString).appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: path) { return try read(file: path, ownFile: true, warn: warn) }
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let token = make()
        try writeOnce(token + "\n", to: path)
        // Another tessera may have made one at the same moment: theirs and ours are the one in the file.
        return try read(file: path, ownFile: true, warn: warn)
    }

    /// The token in a file of the user's (`--remote-token-file`): its text with the white space around it taken
    /// off, at least `minimumLength` characters. A file others can read is used all the same (it is the user's, and
    /// the frame must start), but `warn` hears of it, with the fix, as ssh refuses a key others can read.
    public static func read(file: String, warn: (String) -> Void = { _ in }) throws -> String {
        try read(file: file, ownFile: false, warn: warn)
    }

    /// 32 bytes from the system's random source, base64url without padding (43 characters).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func read(file: String, ownFile: Bool, warn: (String) -> Void) throws -> String {
        if ownFile, let mode = permissions(of: file), mode & 0o077 != 0 {
            guard chmod(file, 0o600) == 0 else {
                throw Problem(description: "\(file) can be read by others and cannot be made private: \(errorText())")
            }
            warn("\(file) could be read by others; it is private now (mode 600). If someone may have read it, delete it and restart for a new token.")
        } else if !ownFile, let mode = permissions(of: file), mode & 0o077 != 0 {
            warn("\(file) can be read by others (mode \(String(mode, radix: 8))): whoever reads it steers the frame. "
                 + "Make it private: chmod 600 \(file)")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Problem(description: "cannot read the remote's token from \(file)")
        }
        guard data.count <= 4096, let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "\(file) does not hold a token (text of at most 4 KB)")
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count >= minimumLength else {
            throw Problem(description: token.isEmpty
                ? "\(file) is empty: it must hold the remote's token"
                : "the token in \(file) is too short (at least \(minimumLength) characters)")
        }
        guard !token.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw Problem(description: "the token in \(file) holds white space: one word, please")
        }
        return token
    }

    /// Writes `text` to `path` only if nothing is there: a private temporary file (created with O_EXCL, mode 600,
    /// synced), then linked under its name (link(2) fails rather than replace a file another process made meanwhile)
    /// and unlinked. A crash leaves no file or the whole one, never half a token.
    private static func writeOnce(_ text: String, to path: String) throws {
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Problem(description: "cannot make \(temporary): \(errorText())") }
        defer { unlink(temporary) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else { throw Problem(description: "cannot write \(temporary): \(errorText())") }
        if link(temporary, path) != 0, errno != EEXIST {
            throw Problem(description: "cannot make \(path): \(errorText())")
        }
    }

    /// The file's permission bits (stat(2)), nil if it cannot be looked at.
    private static func permissions(of file: String) -> mode_t? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
