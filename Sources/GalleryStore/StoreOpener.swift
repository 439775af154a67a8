import Foundation
import GalleryCore

/// Opens the cache the way a user needs it: a store that cannot be used (a file of garbage, one from a newer
/// version, a damaged one) is reported in one line, moved aside, and replaced by a new one; if no store can be made
/// at all (a read-only or full disk), the gallery runs without one. It never refuses to start.
public enum StoreOpener {
    public struct Outcome {
        public let store: SQLiteStore?
        /// One line when something was wrong, nil when all was well: in English, for the log.
        public let message: String?
        /// The same line in the frame's language, for the header.
        public let words: String?
    }

    /// `english` (a template marked for the catalogue) filled from `values`: English for the log, translated for
    /// the screen. `{error}` and `{reason}` are the system's own words, which stay as they are.
    private static func said(_ store: SQLiteStore?, _ english: String, _ values: [String: String]) -> Outcome {
        Outcome(store: store, message: EnglishBook().tr(english, values), words: tr(english, values))
    }

    /// `$XDG_CACHE_HOME/tessera`, else `~/.cache/tessera`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("tessera")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".cache/tessera")
    }

    /// `ownsDirectory`: false for a folder the user named, whose permissions are left as they are.
    public static func open(directory: String, budgetBytes: Int, ownsDirectory: Bool = true,
                            now: Date = Date()) -> Outcome {
        do {
            return Outcome(store: try SQLiteStore(directory: directory, budgetBytes: budgetBytes,
                                                  ownsDirectory: ownsDirectory), message: nil, words: nil)
        } catch SQLiteStore.OpenError.unavailable(let why) {
            // Busy with another copy, a full or read-only disk: the file is fine; this session runs without it.
            // Translators: the header's note; {reason} is what the system said.
            return said(nil, untranslated("cache not used this session: {reason}"), ["reason": "\(why)"])
        } catch let first {
            let path = (directory as NSString).appendingPathComponent(SQLiteStore.fileName)
            let parts = [path, path + "-wal", path + "-shm"]
            guard parts.contains(where: PrivatePlace.exists) else {
                // Translators: the header's note; {path} is the cache's file, {error} what the system said.
                return said(nil, untranslated("cache disabled: cannot create {path}: {error}"),
                            ["path": path, "error": "\(first)"])
            }
            let aside = path + ".broken-\(Int(now.timeIntervalSince1970))"
            do {
                // rename(2): a symlink moves as itself, a FIFO is never opened.
                for (part, suffix) in zip(parts, ["", "-wal", "-shm"]) where PrivatePlace.exists(part) {
                    try FileManager.default.moveItem(atPath: part, toPath: aside + suffix)
                }
            } catch {
                // Translators: the header's note; {path} is the cache's file, {error} and {reason} what the system said.
                return said(nil, untranslated("cache disabled: {path} is unusable ({error}) and cannot be moved aside: {reason}"),
                            ["path": path, "error": "\(first)", "reason": "\(error)"])
            }
            pruneMovedAside(directory: directory, keep: 2)
            do {
                let store = try SQLiteStore(directory: directory, budgetBytes: budgetBytes, ownsDirectory: ownsDirectory)
                // Translators: the header's note; {path} and {aside} are files, {error} what the system said.
                return said(store, untranslated("cache at {path} was unusable ({error}); moved to {aside}, starting a new one"),
                            ["path": path, "error": "\(first)", "aside": aside])
            } catch {
                // Translators: the header's note; {error} is what the system said.
                return said(nil, untranslated("cache disabled: {error}"), ["error": "\(error)"])
            }
        }
    }

    /// Keeps the `keep` newest copies moved aside (with their -wal and -shm), deletes older ones: a cache that keeps
    /// breaking must not fill the disk with copies.
    static func pruneMovedAside(directory: String, keep: Int) {
        let prefix = SQLiteStore.fileName + ".broken-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let stamps = Set(names.filter { $0.hasPrefix(prefix) }.compactMap { name -> Int? in
            Int(name.dropFirst(prefix.count).prefix { $0.isNumber })
        }).sorted(by: >)
        for stamp in stamps.dropFirst(keep) {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(prefix + "\(stamp)" + suffix))
            }
        }
    }
}
