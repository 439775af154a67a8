import GalleryCore
import GalleryStore

/// The user's library for this run, chosen at the composition root: the one on disk for a person's session, none
/// for automation, benchmarks and `--name` (they never show the welcome screen and never touch the user's data).
enum UserLibrary {
    static func open(for options: AppOptions) -> Library? {
        guard options.usesLibrary else { return nil }
        let opened = LibraryOpener.open(directory: options.libraryDirectory ?? LibraryStore.defaultDirectory())
        if let message = opened.message { Log.warn(message) }
        return opened.library
    }
}
