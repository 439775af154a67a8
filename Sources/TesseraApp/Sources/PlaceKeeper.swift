import Foundation
import GalleryCore

/// Keeps the show's place (`ShowPlace`, as the source words it) in the user's library as photos are shown, so a
/// restart, a `kill -9` or a power cut carries on from there: the library is the user's own data, apart from the
/// cache, and each write is a committed transaction. The slideshow's place moves with each photo; the wall's at most
/// every two seconds while it scrolls, and to the photo it comes to rest at (or shows at exit). The source's answer
/// and the write happen on a queue of their own: a folder's index may be busy with a scan, and a commit on an SD
/// card takes milliseconds the frame does not have.
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

    /// At exit: the place moved by what shows now, if the wall's pace held it back, and then waits for what was
    /// handed to the queue (the last place written, the last photo logged).
    func flush() {
        if let pending { keep(pending.photos, source: pending.source, sourceKey: pending.sourceKey, now: lastWrite) }
        queue.sync {}
    }

    /// What shows now, not yet kept because the wall's place moves at most every two seconds: kept when they have
    /// passed, though the wall has stopped meanwhile (the photo it rests at is its place), or at exit.
    private var pending: (photos: [Photo], source: PhotoSource, sourceKey: String)?

    /// Each frame: a photo newly on show (two, for a pair) moves the place.
    func frame(model: GalleryModel, source: PhotoSource, sourceKey: String, now: Double) {
        // Nowhere to keep it and nobody reading the log: nothing to work out each frame.
        guard library != nil || logsShown else { return }
        let photos = model.onShow.photosOnShow
        let ids = photos.map(\.id)
        guard !ids.isEmpty, ids != lastIDs else { pending = nil; return }
        guard model.screen.frameMode == .slideshow || now - lastWrite >= 2 else {
            pending = (photos, source, sourceKey)
            return
        }
        keep(photos, source: source, sourceKey: sourceKey, now: now)
    }

    /// Moves the place by the photos newly on show, on the queue.
    private func keep(_ photos: [Photo], source: PhotoSource, sourceKey: String, now: Double) {
        pending = nil
        let fresh = photos.filter { !lastIDs.contains($0.id) }
        lastIDs = photos.map(\.id)
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
