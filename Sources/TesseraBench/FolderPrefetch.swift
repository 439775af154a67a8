@_spi(Bench) import TesseraApp
import ImageLayer
import Foundation
import GalleryCore

/// The folder benchmark's bulk pass: every photo of the folder decoded once at the size its grid cell has, through
/// the app's own source, decode pool and cell cache, most of them while nothing is on screen to want them. At most
/// a few loads are out at once, so a big folder never holds more than those files' bytes.
final class FolderPrefetch {
    private let lock = NSLock()
    private var waiting: [(photo: Photo, size: PixelSize, token: UInt64)]
    private var inFlight = 0
    private var completed = 0
    private(set) var failures = 0
    let total: Int
    private let images: ImagePipeline
    private let window: Int

    /// Cell sizes from a grid of the window's width over every photo, as the wall lays them out.
    init(photos: [Photo], config: GalleryConfig, viewport: Viewport, images: ImagePipeline, workers: Int) {
        var layout = MasonryLayout(width: viewport.size.width, metrics: config.layoutMetrics(width: viewport.size.width))
        layout.append(photos)
        waiting = photos.indices.map { i in
            (photos[i], ResidencyPolicy.pixelSize(of: layout.frames[i], scale: viewport.scale), images.newToken())
        }
        waiting.reverse()  // taken from the end
        total = photos.count
        self.images = images
        // Enough queued behind each worker that none waits for a file read.
        window = 2 * workers + 2
    }

    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return completed == total }

    /// Starts the first loads; each completion starts the next (from worker threads).
    func start() { pump() }

    private func pump() {
        var next: [(photo: Photo, size: PixelSize, token: UInt64, priority: Int)] = []
        lock.lock()
        while inFlight < window, let item = waiting.popLast() {
            inFlight += 1
            // Behind every visible cell: the wall's own loads go first.
            next.append((item.photo, item.size, item.token, 10_000 + total - waiting.count))
        }
        lock.unlock()
        for item in next {
            images.load(item.photo, size: item.size, cell: true, priority: item.priority,
                        token: item.token) { [weak self] result, _ in
                guard let self else { return }
                self.lock.lock()
                self.inFlight -= 1
                self.completed += 1
                if case .failure = result { self.failures += 1 }
                self.lock.unlock()
                self.pump()
            }
        }
    }
}
