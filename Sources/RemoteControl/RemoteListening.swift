import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// Where a running frame's remote listens, and with which token file: written by the frame once its server listens
/// (`remote-listening` in the configuration folder, beside the token), removed when it stops. `tessera remote-token`
/// reads it, so the address it prints is the one the frame really uses, whether `--remote` came from the command
/// line or from the configuration file. A record whose process is gone (a frame killed) is not believed.
public struct RemoteListening: Codable, Equatable, Sendable {
    public static let fileName = "remote-listening"

    /// `ListenAddress.description` of the address bound (`127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`).
    public var address: String
    /// The token's file when it is not the configuration folder's (`--remote-token-file`).
    public var tokenFile: String?
    /// The frame's process.
    public var pid: Int32

    public init(address: String, tokenFile: String?, pid: Int32 = getpid()) {
        self.address = address; self.tokenFile = tokenFile; self.pid = pid
    }

    /// Writes the record into `folder` atomically (a temporary file, then a rename), readable by its owner alone
    /// (it names the token's file).
    public func write(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = (folder as NSString).appendingPathComponent(Self.fileName)
        let temporary = file + ".\(pid).tmp"
        let data = try JSONEncoder().encode(self)
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary]) }
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
    }

    /// The record of a frame that runs now, from `folder`; nil when there is none, it is not a record (hostile or
    /// broken bytes: too large, not JSON, an address that does not parse) or its process is gone.
    public static func running(in folder: String) -> RemoteListening? {
        let file = (folder as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file), data.count <= 4096,
              let record = try? JSONDecoder().decode(RemoteListening.self, from: data),
              record.pid > 0, ListenAddress(parsing: record.address) != nil, isAlive(record.pid) else { return nil }
        return record
    }

    /// Removes `folder`'s record if it is this process's (another frame's, written since, stays).
    public static func remove(in folder: String, pid: Int32 = getpid()) {
        let file = (folder as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file),
              let record = try? JSONDecoder().decode(RemoteListening.self, from: data), record.pid == pid else { return }
        unlink(file)
    }

    /// `kill(pid, 0)`: the process exists (EPERM: it does, another user's).
    private static func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
