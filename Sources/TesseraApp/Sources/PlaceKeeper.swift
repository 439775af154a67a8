import Foundation
import GalleryCore

/// Keeps the show's place (`ShowPlace`, as the source words it) in the user's library as photos are shown, so a
/// restart, a `kill -9` or a power cut carries on from there: the library is the user's own data, apart from the
/// cache, and each write is a committed transaction. The slideshow's place moves with each photo; the wall's at most
/// every two seconds while it scrolls. The source's answer and the write happen on a queue of their own: a folder's
/// index may be busy with a scan, and a commit on an SD card takes milliseconds the frame does not have.
final class PlaceKeeper {
    private let library: Library?
    /// Part of the key: a place kept for one order means nothing in another.
    private let sort: FolderSort
    private var lastIDs: [String] = []
    private var lastWrite = -Double.infinity
    private let queue = DispatchQueue(label: "tessera.show-place", qos: .utility)
    private var warned = false
    /// `TESSERA_LOG_SHOWN`: each photo shown, in the log (the restart tests read it).
    private let logsShown = ProcessInfo.processInfo.environment["TESSERA_LOG_SHOWN"] != nil

    init(library: Library?, sort: FolderSort) {
        self.library = library
        self.sort = sort
    }

    private func key(_ sourceKey: String) -> String { "place \(sort.rawValue) \(sourceKey)" }

    /// The place an earlier run kept for this source and order.
    func kept(for sourceKey: String) -> String? { library?.setting(key(sourceKey)) }

    /// Waits for what was handed to the queue (at exit: the last place written, the last photo logged).
    func flush() { queue.sync {} }

    /// Each frame: a photo newly on show (two, for a pair) moves the place.
    func frame(model: GalleryModel, source: PhotoSource, sourceKey: String, now: Double) {
        // Nowhere to keep it and nobody reading the log: nothing to work out each frame.
        guard library != nil || logsShown else { return }
        let photos = model.photosOnShow
        let ids = photos.map(\.id)
        guard !ids.isEmpty, ids != lastIDs else { return }
        guard model.screen is SlideshowScreen || now - lastWrite >= 2 else { return }
        let fresh = photos.filter { !lastIDs.contains($0.id) }
        lastIDs = ids
        lastWrite = now
        let key = self.key(sourceKey), library = self.library, logsShown = self.logsShown
        queue.async { [weak self] in
            let text = fresh.compactMap({ source.place(shown: $0) }).last
            if let text {
                do {
                    try library?.setSetting(key, to: text)
                } catch {
                    if self?.warned == false { Log.warn("the show's place cannot be kept: \(error)") }
                    self?.warned = true
                }
            }
            // After the place is kept; logged also when the source keeps none (a sorted show, a shuffle offline).
            if logsShown { for photo in fresh { Log.info("shown \(photo.id) \(photo.author)") } }
        }
    }
}
