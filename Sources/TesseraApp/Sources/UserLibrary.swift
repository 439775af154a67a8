import GalleryCore
import GalleryStore

/// The user's library for this run, chosen at the composition root: the one on disk for a person's session, none
/// for automation, benchmarks and `--name` (they never show the welcome screen and never touch the user's data).
enum UserLibrary {
    /// The library and whether to ask for a name: in memory (bookmarks work for the run, nothing asked or kept)
    /// for automation, benchmarks and `--name`.
    static func open(for options: AppOptions) -> (library: Library, asksName: Bool) {
        guard options.usesLibrary else { return (MemoryLibrary(), false) }
        let directory = options.libraryDirectory ?? LibraryStore.defaultDirectory()
        let opened = LibraryOpener.open(directory: directory)
        // Why changes cannot be kept is said on screen too (the header), for as long as it lasts.
        if let message = opened.message ?? opened.library.notice { Log.warn("\(message) (\(directory))") }
        return (opened.library, true)
    }
}
