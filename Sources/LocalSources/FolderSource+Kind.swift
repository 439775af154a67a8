import Foundation
import GalleryCore

/// How a folder source is installed: the kind the app's registry lists, and the walkers it can walk with.
extension FolderSource {
    /// The walkers a folder source can walk with, asked in order; the first that claims the roots walks them. One
    /// line each: a WebDAV or SMB walker is a line here and a file of its own.
    public static let walkers: [FileWalkerKind] = [.local]

    /// The folders and files named on the command line (or `folder` lines of the configuration file).
    public static let kind = kind(walkers: walkers)

    /// The folder kind, walking with `walkers` (a test installs a walker of its own this way).
    public static func kind(walkers: [FileWalkerKind]) -> SourceKind {
        SourceKind(
            name: "folder", title: untranslated("the folders"), summary: "Folders and files named on the command line",
            chosen: { !$0.paths.isEmpty }, fallbacks: [SourceFallback(.setupFailed, to: "demo", note: "{reason}")]
        ) { context in try make(context, walkers: walkers) }
    }

    private static func make(_ context: SourceContext, walkers: [FileWalkerKind]) throws -> InstalledSource {
        guard let first = context.paths.first else {
            throw SourceSetupError("--source folder needs a folder or file to show")
        }
        guard let kind = walkers.first(where: { $0.claims(first) }) else {
            throw SourceSetupError("\(PathBytes.display(first)): no walker reads it")
        }
        let strangers = context.paths.filter { path in walkers.first { $0.claims(path) }?.name != kind.name }
        guard strangers.isEmpty else {
            let names = strangers.map(PathBytes.display).joined(separator: ", ")
            // Translators: {paths} and {path} name folders; a folder of another kind is a WebDAV share, say.
            throw SourceSetupError(tr("{paths} cannot be shown with {path} (another kind of folder)",
                                      ["paths": names, "path": PathBytes.display(first)]))
        }
        let walker = kind.make()
        // A folder not there yet (a USB stick, a network share mounted later) is waited for, never an exit.
        let present = context.paths.filter { walker.isFolder(walker.canonical($0)) != nil }
        guard !present.isEmpty else {
            let names = context.paths.map(PathBytes.display).joined(separator: ", ")
            // Translators: the header's note; {paths} names folders, separated by commas.
            throw SourceSetupError(tr("Waiting for {paths} to appear: showing the demo", ["paths": names]), mayComeLater: true,
                                   explanation: notFound(context.paths, walker: walker))
        }
        for path in context.paths where !present.contains(path) {
            context.log("\(PathBytes.display(path)) does not exist (yet): the others are shown")
        }
        var settings = Settings()
        settings.sort = context.folderSort
        settings.hidden = context.hidden
        settings.followLinks = context.followLinks
        settings.onlyTopFolders = context.onlyTopFolders
        settings.dates = context.dates
        settings.prober = context.mediaProber
        let folder = FolderSource(roots: present, settings: settings, walker: walker, cells: context.cells,
                                  indexStore: context.indexStore, log: context.log)
        folder.onEdits = context.edits
        return InstalledSource(folder, key: sourceKey(context.paths, onlyTopFolders: context.onlyTopFolders))
    }

    /// The key a folder source's bookmarks, kept place and cached pages belong to: the paths named. Joined by a
    /// newline, not a NUL: the store reads a key as C text, so everything after a NUL was lost and every run naming
    /// the same first path shared one key. One path's key is what it always was ("folder:" and the path).
    static func sourceKey(_ paths: [String], onlyTopFolders: Bool) -> String {
        "folder:" + (onlyTopFolders ? "top:" : "") + paths.joined(separator: "\n")
    }

    /// What a person who typed a path that is not there is told: which, and the likeliest name they meant.
    static func notFound(_ paths: [String], walker: FileWalker) -> String {
        let lines = paths.map { path -> String in
            let absolute = walker.canonical(path)
            let parent = (absolute as NSString).deletingLastPathComponent, name = (absolute as NSString).lastPathComponent
            if walker.isFolder(parent) == nil {
                // Translators: an alert; {path} is the folder asked for, {parent} the folder it would be in.
                return tr("{path} does not exist, nor does the folder it would be in ({parent}).",
                          ["path": PathBytes.display(path), "parent": PathBytes.display(parent)])
            }
            let siblings = walker.names(in: parent)
            guard let guess = NameSuggestion.closest(to: name, among: siblings.filter { !$0.hasPrefix(".") }) else {
                return tr("{path} does not exist.", ["path": PathBytes.display(path)])
            }
            // Translators: an alert; {guess} is a folder beside it with a name close to the one asked for.
            return tr("{path} does not exist. Did you mean {guess}?",
                      ["path": PathBytes.display(path), "guess": PathBytes.display((parent as NSString).appendingPathComponent(guess))])
        }
        return lines.joined(separator: " ") + " " + tr("The demo photos show meanwhile; the folder is shown as soon as it appears.")
    }
}
