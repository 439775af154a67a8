import Foundation
import GalleryCore

/// Shows a file in the desktop's file manager: `org.freedesktop.FileManager1.ShowItems` over D-Bus (the file
/// manager opens its folder with the file selected), through `gdbus`; where no file manager answers it, `xdg-open`
/// on the folder. Programs are run with their arguments as they are, never through a shell; `spawn` is the one
/// door (tests give their own and look at what was asked).
public struct FolderOpener {
    /// Runs a program (found on PATH) with arguments; `finished` hears its exit status, on any thread (127: no such
    /// program).
    public typealias Spawn = @Sendable (_ arguments: [String], _ finished: @escaping @Sendable (Int32) -> Void) -> Void

    let spawn: Spawn

    public init(spawn: @escaping Spawn = FolderOpener.run) { self.spawn = spawn }

    public func show(_ path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let spawn = self.spawn
        spawn(FolderOpener.showItems(path)) { status in
            guard status != 0 else { return }
            spawn(["xdg-open", folder.isEmpty ? "/" : folder]) { _ in }
        }
    }

    /// The `gdbus` call that asks the file manager to show the file (its URI in a GVariant string array).
    public static func showItems(_ path: String) -> [String] {
        ["gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.FileManager1",
         "--object-path", "/org/freedesktop/FileManager1", "--method", "org.freedesktop.FileManager1.ShowItems",
         "['\(fileURI(path))']", ""]
    }

    /// `file://` and the path's bytes, everything but letters, digits and `-._~/` percent-encoded (so no quote can
    /// end the GVariant string, and a name that is not UTF-8 keeps its bytes).
    public static func fileURI(_ path: String) -> String {
        var uri = "file://"
        for byte in PathBytes.bytes(path) {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || "-._~/".utf8.contains(byte)
            uri += plain ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return uri
    }

    /// The real spawner: `Process` through `/usr/bin/env` (PATH lookup), its output thrown away.
    public static let run: Spawn = { arguments, finished in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { finished($0.terminationStatus) }
        do { try process.run() } catch { finished(127) }
    }
}
