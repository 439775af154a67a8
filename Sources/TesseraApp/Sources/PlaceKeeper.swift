import Foundation
import GalleryCore

/// Keeps the show's place (`ShowPlace`, as the source words it) in the user's library as photos are shown, so a
/// restart, a `kill -9` or a power cut carries on from there: the library is the user's own data, apart from the
/// cache, and each write is a committed transaction. The slideshow's place moves with each photo; the wall's at most
/// every two seconds while it scrolls.
final class PlaceKeeper {
    private let library: Library?
    private var lastIDs: [String] = []
    private var lastWrite = -Double.infinity
    private var warned = false
    /// `TESSERA_LOG_SHOWN`: each photo shown, in the log (the restart tests read it).
    private let logsShown = ProcessInfo.processInfo.environment["TESSERA_LOG_SHOWN"] != nil

    init(library: Library?) { self.library = library }

    private static func key(_ sourceKey: String) -> String { "place " + sourceKey }

    /// The place an earlier run kept for this source.
    func kept(for sourceKey: String) -> String? { library?.setting(PlaceKeeper.key(sourceKey)) }

    /// Each frame: a photo newly on show (two, for a pair) moves the place.
    func frame(model: GalleryModel, source: PhotoSource, sourceKey: String, now: Double) {
        let photos = model.photosOnShow
        let ids = photos.map(\.id)
        guard !ids.isEmpty, ids != lastIDs else { return }
        guard model.screen is SlideshowScreen || now - lastWrite >= 2 else { return }
        let fresh = photos.filter { !lastIDs.contains($0.id) }
        lastIDs = ids
        lastWrite = now
        guard let text = fresh.compactMap({ source.place(shown: $0) }).last else { return }
        do {
            try library?.setSetting(PlaceKeeper.key(sourceKey), to: text)
        } catch {
            if !warned { Log.warn("the show's place cannot be kept: \(error)") }
            warned = true
        }
        if logsShown { for photo in fresh { Log.info("shown \(photo.id)") } }
    }
}
