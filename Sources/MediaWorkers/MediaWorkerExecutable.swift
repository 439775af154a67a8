import Foundation

/// The executable a media worker runs: the app's own (`<executable> media-worker …`), so what decodes is what
/// shipped.
public enum MediaWorkerExecutable {
    /// `TESSERA_MEDIA_WORKER` when set (the tests name the built `tessera`), else this process's own executable
    /// (/proc/self/exe, resolved: a path that stays right if the file is replaced by an upgrade while running).
    public static var path: String {
        if let named = ProcessInfo.processInfo.environment["TESSERA_MEDIA_WORKER"], !named.isEmpty { return named }
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return CommandLine.arguments[0]
    }
}
