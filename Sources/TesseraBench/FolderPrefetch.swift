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
    /// Each photo's file and its cell's size, for the decode floor measured after the run (`DecodeFloor`).
    let cells: [(path: String, size: PixelSize)]
    private let images: ImagePipeline
    private let window: Int
    /// Photos whose cells the wall decodes (`decoded`), counted as done; one whose load the wall gave up comes back
    /// to the pass (`reclaim`).
    private var leftToWall: [String: (photo: Photo, size: PixelSize, token: UInt64)] = [:]

    /// Cell sizes from a grid of the window's width over every photo, as the wall lays them out. `decoded`: IDs of
    /// photos whose cells the wall has decoded or is decoding (the first screen's), counted as done without a
    /// second decode.
    init(photos: [Photo], config: GalleryConfig, viewport: Viewport, images: ImagePipeline, workers: Int,
         decoded: Set<String> = []) {
        var layout = MasonryLayout(width: viewport.size.width, metrics: config.layoutMetrics(width: viewport.size.width))
        layout.append(photos)
        waiting = photos.indices.map { i in
            (photos[i], ResidencyPolicy.pixelSize(of: layout.frames[i], scale: viewport.scale), images.newToken())
        }
        cells = waiting.compactMap { item in item.photo.imageReference.map { ($0, item.size) } }
        for item in waiting where decoded.contains(item.photo.id) { leftToWall[item.photo.id] = item }
        waiting.removeAll { decoded.contains($0.photo.id) }
        completed = photos.count - waiting.count
        waiting.reverse()  // taken from the end
        total = photos.count
        self.images = images
        // Enough queued behind each worker that none waits for a file read.
        window = 2 * workers + 2
    }

    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return completed == total }

    /// Starts the first loads; each completion starts the next (from worker threads).
    func start() { pump() }

    /// Photos left to the wall whose loads it dropped (`dropped` says so of a photo ID, on the main thread) are
    /// decoded by the pass after all. Returns whether every photo left to the wall is done (`done`).
    func reclaim(dropped: (String) -> Bool, done: (String) -> Bool) -> Bool {
        let back = leftToWall.filter { dropped($0.key) }
        if !back.isEmpty {
            lock.lock()
            for (id, item) in back { leftToWall[id] = nil; waiting.append(item); completed -= 1 }
            lock.unlock()
            pump()
        }
        return leftToWall.keys.allSatisfy(done)
    }

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

extension FolderPrefetch {
    /// The pass, begun behind the wall's own loads as soon as the scan has finished and the wall has started a load
    /// for every visible cell (nil before): the workers, idle while the app starts and the first screen's few cells
    /// decode, take the pass's photos from then on, the wall's first (they are more urgent in the reader's queue
    /// and the pool's). Photos the wall is loading or has drawn are left to it.
    static func behindWall(of app: GalleryApp) -> FolderPrefetch? {
        guard let folder = app.sources.upstream as? ScanningSource, folder.scanState.finished else { return nil }
        let browse = app.model.browse, items = browse.catalog.items
        let visible = browse.visibleIndices
        guard !items.isEmpty, !visible.isEmpty,
              visible.allSatisfy({ app.images.state(of: ImageKey(item: items[$0].key, detail: false)) != .empty })
        else { return nil }
        let wall = Set(items.filter { app.images.state(of: ImageKey(item: $0.key, detail: false)) != .empty }
            .map(\.key.photoID))
        return FolderPrefetch(photos: folder.photosInOrder(), config: app.model.config, viewport: app.model.viewport,
                              images: app.images, workers: app.pool.workerCount, decoded: wall)
    }

    /// Whether every cell is decoded: the pass's own, and those left to the wall (ready, or failed for good).
    func isFinished(on app: GalleryApp) -> Bool {
        guard isFinished else { return false }
        var states: [String: ImageLayer.ImagePipeline.State] = [:]
        for item in app.model.browse.catalog.items {
            states[item.key.photoID] = app.images.state(of: ImageKey(item: item.key, detail: false))
        }
        let finished = reclaim(dropped: { states[$0] == nil || states[$0] == .empty },
                               done: { states[$0] == .ready || states[$0] == .failed })
        return finished && isFinished
    }
}
