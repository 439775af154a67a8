import ArgumentParser
import Foundation
import GalleryCore
import GalleryStore

/// For the several-instances test: opens the library and the cache as the app does at start, adds one bookmark, and
/// says what the openers said (nothing when all was well).
struct LibraryStress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-library", abstract: "Open the library and the cache as the app does and add a bookmark.",
        shouldDisplay: false)

    @Option var library: String
    @Option var cache: String
    @Option var id: String

    func run() throws {
        let cacheOutcome = StoreOpener.open(directory: cache, budgetBytes: 8 << 20)
        if let message = cacheOutcome.message { print("cache: \(message)") }
        let opened = LibraryOpener.open(directory: library)
        if let message = opened.message { print("library: \(message)") }
        let photo = Photo(id: id, author: "instance \(id)", width: 3, height: 2, url: "", downloadURL: "")
        try opened.library.addBookmark(Bookmark(photo: photo, source: "demo:1000", added: Date().timeIntervalSince1970))
        print("added \(id)")
    }
}
