import Foundation
import GalleryCore

/// `--memories-first`: a show that opens each pass with today's memories and then goes on with the rest, for any
/// source that can say what its memories are. The feed's first pages are the memories (asked of the source when
/// page 1 is, so a frame left running shows tomorrow's tomorrow), in pages of the size asked; the source's own
/// pages follow, numbered on from there. The rest keeps its own place (`place(shown:)` is the source's, except for
/// the memories, which move nothing), so a restart opens with the memories again and then carries on where the
/// show stood.
final class MemoriesFirstSource: PhotoSource {
    private let inner: PhotoSource
    private let today: () -> PhotoDateFilter.Day
    private let lock = NSLock()
    // Guarded by `lock`: this pass's memories, and the feed pages they take.
    private var memories: [Photo] = []
    private var memoryIDs: Set<String> = []
    private var leadingPages = 0

    init(_ inner: PhotoSource, today: @escaping () -> PhotoDateFilter.Day) {
        self.inner = inner
        self.today = today
    }

    var name: String { inner.name }
    var traits: SourceTraits { inner.traits }
    var pageInterval: Double? { inner.pageInterval }
    var answersAtRequestedSize: Bool { inner.answersAtRequestedSize }
    var emptyFeedText: String { inner.emptyFeedText }
    var offersMemories: Bool { inner.offersMemories }
    var knownPhotoCount: Int? { inner.knownPhotoCount }
    /// A memory's clip or Live Photo plays from where the source says, as it does later in the pass.
    func motionLocation(for photo: Photo) -> MediaLocation? { inner.motionLocation(for: photo) }
    func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) { inner.interest(of: photo, completion: completion) }
    func credit(for photo: Photo) -> Credit { inner.credit(for: photo) }
    func start() { inner.start() }
    func stop() { inner.stop() }
    func resume(from place: String) { inner.resume(from: place) }
    func probe(_ answered: @escaping (Bool) -> Void) { inner.probe(answered) }
    @discardableResult
    func cancel(_ id: RequestID) -> Bool { inner.cancel(id) }

    func memories(on day: PhotoDateFilter.Day, limit: Int, completion: @escaping (Result<[Photo], SourceError>) -> Void) {
        inner.memories(on: day, limit: limit, completion: completion)
    }

    func place(shown photo: Photo) -> String? {
        lock.withLock { memoryIDs.contains(photo.id) } ? nil : inner.place(shown: photo)
    }

    @discardableResult
    func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                    completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        inner.fetchImage(photo, size: size, priority: priority, progress: progress, completion: completion)
    }

    @discardableResult
    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let size = max(1, limit)
        guard page > 1 else {
            // A new pass: today's memories are asked for again; none, or a source that cannot answer, and the
            // source's own first page is the feed's.
            inner.memories(on: today(), limit: PhotoDateFilter.memoriesLimit) { [self] result in
                let found = (try? result.get()) ?? []
                lock.withLock {
                    memories = found
                    memoryIDs = Set(found.map(\.id))
                    leadingPages = (found.count + size - 1) / size
                }
                if found.isEmpty { inner.fetchPage(1, limit: limit, completion: completion) }
                else { completion(.success(lock.withLock { chunk(1, size: size) })) }
            }
            return RequestID(UInt64.max - 1)
        }
        let leading: Int = lock.withLock { leadingPages }
        if page <= leading {
            let contents = lock.withLock { chunk(page, size: size) }
            DispatchQueue.global().async { completion(.success(contents)) }
            return RequestID(UInt64.max - 1 - UInt64(page))
        }
        return inner.fetchPage(page - leading, limit: limit, completion: completion)
    }

    /// The memories of feed page `page` (1-based), a short one padded as skipped: the show goes on past it.
    private func chunk(_ page: Int, size: Int) -> PageContents {
        let start = min(memories.count, (page - 1) * size)
        let photos = Array(memories[start..<min(memories.count, start + size)])
        return PageContents(photos: photos, skipped: size - photos.count)
    }
}
