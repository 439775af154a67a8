import CPlatform
import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// What the detail pane says of a file: its name, folder, size, date taken and camera, and a file:// link.
extension FolderSource {
    static func credit(_ file: LocalFile) -> Credit {
        var about = FolderSource.megabytes(file.bytes) + " · "
        // Translators: in the pane's file details; {date} is "2026-11-23 14:03".
        about += file.taken.map { tr("taken {date}", ["date": FolderSource.readable(exifDate: $0)]) }
            // Translators: in the pane's file details, the file's time when it has no date taken; {date} is "2026-11-23 14:03".
            ?? tr("modified {date}", ["date": FolderSource.readable(nanoseconds: file.modified)])
        if let camera = file.camera { about += " · " + camera }
        return Credit(line: file.name, page: FolderSource.fileURL(file.path), details: [tr("Folder: {folder}", ["folder": file.folder]), about])
    }

    /// The file's URL with every byte of its path that is not plain ASCII percent-encoded (the path's own bytes, so a
    /// name that is not UTF-8 opens too).
    static func fileURL(_ path: String) -> String {
        var url = "file://"
        for byte in PathBytes.bytes(path) {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~!$&'()*+,;=:@".contains(c) { url.append(c) }
            else { url += String(format: "%%%02X", byte) }
        }
        return url
    }

    static func megabytes(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, bytes >> 10)) KB"
    }

    /// "2024:06:01 14:03:22" → "2024-06-01 14:03".
    static func readable(exifDate: String) -> String {
        let parts = exifDate.split(whereSeparator: { $0 == ":" || $0 == " " })
        guard parts.count >= 5 else { return exifDate }
        return "\(parts[0])-\(parts[1])-\(parts[2]) \(parts[3]):\(parts[4])"
    }

    /// "2026-11-23 14:03" in local time (`localtime_r`: safe on any thread, unlike a shared formatter).
    static func readable(nanoseconds: Int64) -> String {
        var t = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "?" }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
