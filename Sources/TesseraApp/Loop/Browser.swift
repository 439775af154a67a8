import Foundation
import GalleryCore

/// Opens a page in the user's browser with `xdg-open`, the URL as one argument of its own (never through a
/// shell), and only an http or https URL (or a local photo's own file). `failed` hears, on any thread, the words
/// for the user when nothing opened: xdg-open missing, or no browser answering it.
enum Browser {
    static func open(_ url: String, failed: @escaping @Sendable (String) -> Void) {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") || ExternalText.isFileURL(url) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ProcessInfo.processInfo.environment["TESSERA_OPENER"] ?? "xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { done in
            // env exits 127 when xdg-open is not there; xdg-open 3 when no tool for the URL is installed.
            guard done.terminationStatus != 0 else { return }
            Log.warn("xdg-open \(url) exited with \(done.terminationStatus)")
            failed(done.terminationStatus == 127
                ? tr("Could not open a browser: xdg-open is not installed (Debian: xdg-utils)")
                // Translators: {status} is the helper program's exit status, a number.
                : tr("Could not open a browser for this link (xdg-open exited with {status})",
                     ["status": String(done.terminationStatus)]))
        }
        do {
            try process.run()
        } catch {
            Log.warn("cannot open \(url): \(error)")
            // Translators: {reason} is the system's own words for why the helper program did not start.
            failed(tr("Could not open a browser: {reason}", ["reason": error.localizedDescription]))
        }
    }
}
