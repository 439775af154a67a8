/// The freedesktop.org Trash specification 1.0, as far as it is words and names (the file system's part is
/// `TrashCan`, in LocalSources): where a file goes, what its `.trashinfo` says, which name it takes in the trash.
/// https://specifications.freedesktop.org/trash-spec/1.0/
public enum TrashSpec {
    /// The home trash: `$XDG_DATA_HOME/Trash`, `~/.local/share/Trash` when XDG_DATA_HOME is unset, empty or not
    /// absolute (the base directory specification ignores a relative one).
    public static func homeTrash(dataHome: String?, home: String) -> String {
        if let dataHome, dataHome.hasPrefix("/") { return joined(dataHome, "Trash") }
        return joined(joined(home, ".local/share"), "Trash")
    }

    /// What is known of a volume's top directory for choosing its trash.
    public struct VolumeFacts: Equatable, Sendable {
        /// `$topdir/.Trash` exists as a directory, not a symbolic link, with the sticky bit set.
        public var adminTrashUsable: Bool
        public init(adminTrashUsable: Bool) { self.adminTrashUsable = adminTrashUsable }
    }

    /// Where a trashed file goes when it is not on the home trash's device: `$topdir/.Trash/$uid` when the
    /// administrator's `.Trash` passes the spec's checks, else `$topdir/.Trash-$uid` (created 0700 if needed).
    /// Both are tried in this order: the caller falls back to the second if the first cannot be made.
    public static func volumeTrashes(topdir: String, uid: UInt32, facts: VolumeFacts) -> [String] {
        let own = joined(topdir, ".Trash-\(uid)")
        return facts.adminTrashUsable ? [joined(joined(topdir, ".Trash"), "\(uid)"), own] : [own]
    }

    /// The `.trashinfo` text for a file that was at `path` (absolute), trashed at `date` (local time).
    public static func info(path: String, deletedAt date: LocalDateTime) -> String {
        "[Trash Info]\nPath=\(percentEncoded(path))\nDeletionDate=\(date.text)\n"
    }

    /// What a `.trashinfo` says: the original path (decoded) and the deletion date as written; nil when it is not
    /// one (no `[Trash Info]` group first, no Path).
    public static func parseInfo(_ text: String) -> (path: String, deletionDate: String?)? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingTrailingCR() }
        while let first = lines.first, first.isEmpty || first.hasPrefix("#") { lines.removeFirst() }
        guard lines.first == "[Trash Info]" else { return nil }
        var path: String?, date: String?
        for line in lines.dropFirst() {
            if line.hasPrefix("[") { break }  // another group
            if line.hasPrefix("Path=") { path = percentDecoded(String(line.dropFirst(5))) }
            if line.hasPrefix("DeletionDate=") { date = String(line.dropFirst(13)) }
        }
        return path.map { ($0, date) }
    }

    /// A path's bytes escaped as RFC 2396 says (the spec's "URL escaping"): unreserved characters and `/` stay,
    /// every other byte becomes `%XX`, so a name that is not UTF-8 survives too.
    public static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in PathBytes.bytes(path) {
            if isUnreserved(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { out += "%" + hex(byte) }
        }
        return out
    }

    /// The bytes a percent-encoded path stands for, as a path string (`PathBytes`); a `%` not followed by two hex
    /// digits stays as it is.
    public static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == 0x25, i + 2 < utf8.count,
               let v = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return PathBytes.string(bytes[...])
    }

    /// The name a file takes in the trash at the `attempt`th try (1: its own; then `name.2.jpg`, `name.3.jpg`…),
    /// the number before the extension so the file manager still knows its type.
    public static func candidateName(for name: String, attempt: Int) -> String {
        guard attempt > 1 else { return name }
        // A leading dot is the name's, not an extension's (".hidden" → ".hidden.2").
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return "\(name[..<dot]).\(attempt)\(name[dot...])"
        }
        return "\(name).\(attempt)"
    }

    /// Tries at most this many names before giving up (a trash with a thousand `IMG_0001.*.jpg` is not a trash
    /// anyone empties).
    public static let maxAttempts = 1000

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || "-_.!~*'()/".utf8.contains(b)
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// A local wall-clock time to the second, as a `.trashinfo`'s DeletionDate writes it (`YYYY-MM-DDThh:mm:ss`, no
/// zone: the spec says local time). The file system's side reads the clock (`localtime_r`).
public struct LocalDateTime: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
    }

    public var text: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(year), year4 = String(repeating: "0", count: max(0, 4 - y.count)) + y
        return "\(year4)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }
}

private extension Substring {
    func trimmingTrailingCR() -> String { hasSuffix("\r") ? String(dropLast()) : String(self) }
}
