import Foundation
import GalleryCore

/// Opens a page in the user's browser with `xdg-open`, the URL as one argument of its own (never through a
/// shell), and only an http or https URL.
enum Browser {
    static func open(_ url: String) {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") || ExternalText.isFileURL(url) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Log.warn("cannot open \(url): \(error)")
        }
    }
}
