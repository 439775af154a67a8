import Foundation
import GalleryCore

/// The built-in catalogue, made in this process: pages from `DemoCatalog`, pictures drawn by `DemoPictures` at the
/// size asked. Nothing listens on a port and nothing leaves the process, so `--demo` and the no-network fallback
/// cannot be reached (or taken down) by another program. The Unsplash flavour adds each photo's colour and BlurHash
/// and credits photos the way Unsplash asks, so that source's placeholders and credit line can be seen offline.
public final class DemoSource: PhotoSource {
    public enum Flavour: Sendable { case picsum, unsplash }

    public let name = "demo"
    public let flavour: Flavour
    public var traits: SourceTraits {
        SourceTraits(pageSizes: 1...(flavour == .unsplash ? UnsplashSource.maxPageSize : PicsumSource.maxPageSize),
                     networked: false, cacheable: false, wrapsByDefault: true)
    }

    private let catalog: DemoCatalog
    private let pictures = DemoPictures(cacheLimit: 2 << 20)
    /// Drawing runs off the caller's thread, two at a time (as many as the pool decodes while one is large).
    private let work: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        queue.name = "tessera-demo"
        return queue
    }()
    private let lock = NSLock()
    private var nextID: UInt64 = 1
    private var operations: [RequestID: Operation] = [:]

    public init(photos: Int, flavour: Flavour = .picsum) {
        catalog = DemoCatalog(count: photos)
        self.flavour = flavour
    }

    deinit { work.cancelAllOperations() }

    public func photos(page: Int, limit: Int) -> [Photo] {
        catalog.page(page, limit: traits.pageSize(near: limit)).map { e in
            var photo = Photo(id: e.id, author: e.author, width: e.width, height: e.height, url: "", downloadURL: "")
            if flavour == .unsplash {
                let c = DemoPictures.color(e.id)
                photo.color = String(format: "#%02X%02X%02X", c.r, c.g, c.b)
                photo.blurHash = BlurHash.flat(r: c.r, g: c.g, b: c.b)
            }
            return photo
        }
    }

    public func credit(for photo: Photo) -> Credit {
        Credit(line: flavour == .unsplash ? "Photo by \(photo.author) on Unsplash" : photo.author, page: "",
               details: ["Demo photo \(photo.id), \(photo.width) × \(photo.height), drawn by Tessera"])
    }

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let photos = photos(page: page, limit: limit)
        return enqueue { completion(.success(PageContents(photos: photos))) }
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<Data, SourceError>) -> Void) -> RequestID {
        let pictures = self.pictures
        // Like picsum: exactly the size asked, within its limits.
        let w = min(max(1, size.width), PicsumSource.maxImageSide), h = min(max(1, size.height), PicsumSource.maxImageSide)
        return enqueue(priority: priority) {
            do {
                completion(.success(try pictures.jpeg(id: photo.id, width: w, height: h)))
            } catch {
                completion(.failure(.malformed("demo picture: \(error)")))
            }
        }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool {
        lock.lock()
        // Whoever removes the entry first decides: the block runs the completion only if it finds it there.
        let operation = operations.removeValue(forKey: id)
        lock.unlock()
        operation?.cancel()
        return operation != nil
    }

    private func enqueue(priority: Int = -1, _ body: @escaping () -> Void) -> RequestID {
        lock.lock()
        let id = RequestID(nextID)
        nextID += 1
        let operation = BlockOperation()
        operation.addExecutionBlock { [weak self] in
            guard let self else { return }
            self.lock.lock()
            // Withdrawn: the completion never runs (the contract of `cancel`).
            let wanted = self.operations.removeValue(forKey: id) != nil
            self.lock.unlock()
            if wanted { body() }
        }
        operation.queuePriority = priority < 0 ? .veryHigh : priority < 8 ? .high : .normal
        operations[id] = operation
        lock.unlock()
        work.addOperation(operation)
        return id
    }
}
