import Foundation
import GalleryCore

/// The desktop's folder chooser, out of process: zenity (GNOME and most others) or kdialog (KDE), whichever is
/// installed, each given its arguments directly (no shell). The answer comes back on any thread. The XDG desktop
/// portal's FileChooser would serve sandboxes too, but answers by a D-Bus signal on a request object; without a
/// D-Bus library here that is left to a later change, and a path can always be typed.
enum FolderChooser {
    /// The chooser's command, if one is installed (`TESSERA_FOLDER_CHOOSER` names another, for tests).
    static func command(start: String) -> [String]? {
        if let forced = ProcessInfo.processInfo.environment["TESSERA_FOLDER_CHOOSER"], !forced.isEmpty {
            return [forced, start]
        }
        // The chooser's title: the welcome screen's label of the folder field.
        let title = tr("Photos to show")
        if let zenity = Executables.find("zenity") {
            return [zenity, "--file-selection", "--directory", "--title=\(title)", "--filename=\(start)/"]
        }
        if let kdialog = Executables.find("kdialog") { return [kdialog, "--getexistingdirectory", start, "--title", title] }
        return nil
    }

    /// Runs the chooser; `answered` hears the folder picked (nil: cancelled, or it failed).
    static func choose(start: String, answered: @escaping @Sendable (String?) -> Void) {
        guard let command = command(start: start) else { return answered(nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { done in
            // At most a path's worth: a chooser that prints more is not believed.
            let data = (try? out.fileHandleForReading.read(upToCount: 8192)) ?? nil
            let text = String(decoding: data ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            answered(done.terminationStatus == 0 && text.hasPrefix("/") && !text.contains("\n") ? text : nil)
        }
        do { try process.run() } catch {
            Log.warn("the folder chooser \(command[0]) did not start: \(error)")
            answered(nil)
        }
    }


    /// The user's Pictures folder: `XDG_PICTURES_DIR` from user-dirs.dirs (or the environment), else ~/Pictures,
    /// if it is there and holds a photo (desktops make an empty ~/Pictures: offering it would swap a first look at
    /// photos for an empty wall). Never the home folder itself (xdg-user-dirs' way of turning the folder off) nor a
    /// relative path (it would be the working directory).
    static func picturesFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var candidates: [String] = []
        if let set = environment["XDG_PICTURES_DIR"] { candidates.append(set) }
        let config = environment["XDG_CONFIG_HOME"] ?? home + "/.config"
        if let dirs = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in dirs.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                let value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                candidates.append(value.replacingOccurrences(of: "$HOME", with: home))
            }
        }
        candidates.append(home + "/Pictures")
        let homePath = (home as NSString).standardizingPath
        for candidate in candidates where candidate.hasPrefix("/") || candidate.hasPrefix("~/") {
            guard let folder = resolve(candidate, home: home), folder != homePath, holdsPhoto(folder) else { continue }
            return folder
        }
        return nil
    }

    /// Whether a folder holds a photo within its first few hundred entries, two levels down at most (bounded: a
    /// Pictures folder of a million files costs no more than a glance).
    static func holdsPhoto(_ folder: String, depth: Int = 2) -> Bool {
        let kinds: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif"]
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        for name in entries.prefix(400) where !name.hasPrefix(".") {
            if kinds.contains((name as NSString).pathExtension.lowercased()) { return true }
        }
        guard depth > 0 else { return false }
        for name in entries.prefix(50) where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
               holdsPhoto(path, depth: depth - 1) { return true }
        }
        return false
    }

    /// A path as a person writes it: under the home folder, with `~` ("~/Pictures").
    static func abbreviated(_ path: String, home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) -> String {
        path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    /// A typed path as a folder that can be read: `~` expanded, made absolute; nil when it is not one.
    static func resolve(_ typed: String, home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) -> String? {
        var path = typed
        if path == "~" { path = home } else if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else { return nil }
        return (path as NSString).standardizingPath
    }
}
