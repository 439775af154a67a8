import Foundation
import GalleryCore

/// The folder source's second stage: the `FolderIndex`, fed by the walk (batches of files, changes seen), and the
/// pages, memories and credits answered from it. Each piece of its state has one owner: the index (and the clips the
/// prober refused) behind one lock, held by the walk for a batch and while a page is put in order (a million files'
/// index grows its tables under it); what the main thread asks for (the scan's progress, the page waited for, the
/// pane's credits) behind locks of their own, held briefly, so the frame seldom waits on the walk. Two questions
/// still take the index's lock on the main thread when their answer is not kept already: a credit for a photo whose
/// page was not served (`credit(for:)`) and where a clip plays from (`FolderMotion`); either may wait for a batch. Pages are put in order and answered on the stage's queue, off the caller's thread.
final class FolderIndexStage {
    struct Progress {
        var finished = false
        var photos = 0
        /// Whether the index is in the store for the next start.
        var kept = false
    }
    typealias Waiter = (id: RequestID, page: Int, limit: Int, done: (Result<PageContents, SourceError>) -> Void)
    typealias MemoriesRequest = (day: PhotoDateFilter.Day, limit: Int, completion: (Result<[Photo], SourceError>) -> Void)
    private struct Asked {
        var page: Waiter?
        /// Memories asked for before the first walk finished.
        var memories: [MemoriesRequest] = []
    }
    private struct Book {
        var index: FolderIndex
        /// Clips and animations the prober refused, by path: their size and modification time then (not asked again
        /// while they stay so; forgotten at the next start).
        var refusedMedia: [String: [Int64]] = [:]
    }

    private let book: Locked<Book>
    let progress = Locked(Progress())
    private let asked = Locked(Asked())
    /// How the pane credits photos of pages served lately, so it never waits for the index.
    private let credits = Locked([String: Credit]())
    private let queue = DispatchQueue(label: "tessera-folder-pages", qos: .userInitiated)
    private let sort: FolderSort
    private let dates: PhotoDateFilter

    init(sort: FolderSort, dates: PhotoDateFilter) {
        self.sort = sort
        self.dates = dates
        book = Locked(Book(index: FolderIndexStage.fresh(sort: sort, dates: dates, kept: nil)))
    }

    private static func fresh(sort: FolderSort, dates: PhotoDateFilter, kept: ShowPlace?) -> FolderIndex {
        var index = FolderIndex(sort: sort, seed: UInt64.random(in: 1...UInt64.max))
        index.dates = dates
        if let kept { index.resume(from: kept) }
        return index
    }

    /// Works on the index under its lock (off the main thread: a walk's batch may hold it).
    func withIndex<T>(_ body: (inout FolderIndex) -> T) -> T { book.withLock { body(&$0.index) } }

    /// Starts afresh (a stored index that could not be read), keeping a place not yet taken up.
    func reset() {
        book.withLock { $0.index = FolderIndexStage.fresh(sort: sort, dates: dates, kept: $0.index.keptPlace) }
    }

    // MARK: fed by the walk

    /// Files found or changed: their edits for the catalog.
    func add(_ files: [LocalFile]) -> FolderIndex.Edits {
        var edits = FolderIndex.Edits()
        let count = withIndex { index in
            for file in files { edits.merge(index.add(file)) }
            return index.count
        }
        progress.withLock { $0.photos = count }
        return edits
    }

    /// The walk has found everything there is: pages need not wait for more. Returns how many photos it found.
    func finishWalk() -> Int {
        let count = withIndex { index in
            index.scanFinished = true
            return index.count
        }
        progress.withLock { $0.finished = true; $0.photos = count }
        return count
    }

    func noteCount() { let count = withIndex { $0.count }; progress.withLock { $0.photos = count } }

    /// Whether a rescan need not read this file again: known as it is, or a clip refused as it is.
    func isKnown(path: String, bytes: Int64, modified: Int64, companion: String?) -> Bool {
        book.withLock { book in
            if let refused = book.refusedMedia[path], refused == [bytes, modified] { return true }
            return book.index.has(path: path, bytes: bytes, modified: modified, companion: companion)
        }
    }

    func refused(path: String, bytes: Int64, modified: Int64) {
        book.withLock { book in
            // A bound on what is remembered: a folder of a million broken clips costs probes, not memory.
            if book.refusedMedia.count > 100_000 { book.refusedMedia.removeAll() }
            book.refusedMedia[path] = [bytes, modified]
        }
    }

    // MARK: asked by the pager

    func ask(_ waiter: Waiter) {
        asked.withLock { $0.page = waiter }
        answer()
    }

    /// A page request waiting for the walk is withdrawn.
    func withdraw(_ id: RequestID) -> Bool {
        asked.withLock { asked in
            guard asked.page?.id == id else { return false }
            asked.page = nil
            return true
        }
    }

    func askMemories(_ request: MemoriesRequest) {
        asked.withLock { $0.memories.append(request) }
        answer()
    }

    /// Answers the page and the memories waited for, if the walk now allows it, on the stage's queue.
    func answer() {
        queue.async { [weak self] in
            self?.answerPage()
            self?.answerMemories()
        }
    }

    private func answerPage() {
        guard let waiting = asked.withLock({ $0.page }) else { return }
        let answer: (photos: [Photo], resumed: ShowResume?, files: [LocalFile])? = withIndex { index in
            guard let photos = index.page(waiting.page, limit: waiting.limit) else { return nil }
            return (photos, index.takeResumed(), photos.compactMap { index.file(id: $0.id) })
        }
        guard let answer else { return }
        let current = asked.withLock { asked -> Bool in
            guard asked.page?.id == waiting.id else { return false }  // withdrawn meanwhile
            asked.page = nil
            return true
        }
        guard current else { return }
        remember(answer.files, forgettingPast: 20_000)
        waiting.done(.success(PageContents(photos: answer.photos, resumed: answer.resumed)))
    }

    /// Memories are answered once the first walk has finished (a memory may be anywhere in the folders).
    private func answerMemories() {
        guard progress.withLock({ $0.finished }) else { return }
        let waiting: [MemoriesRequest] = asked.withLock { asked in
            defer { asked.memories.removeAll() }
            return asked.memories
        }
        for request in waiting {
            let files = withIndex { $0.memories(on: request.day, limit: request.limit) }
            remember(files, forgettingPast: nil)
            request.completion(.success(files.map(\.photo)))
        }
    }

    private func remember(_ files: [LocalFile], forgettingPast bound: Int?) {
        credits.withLock { credits in
            if let bound, credits.count > bound { credits.removeAll(keepingCapacity: true) }
            for file in files { credits[file.id] = FolderSource.credit(file) }
        }
    }

    /// Asked every frame the pane is open, on the main thread: from the photos of pages served lately, else (a photo
    /// of an edit) from the index.
    func credit(for photo: Photo) -> Credit {
        if let known = credits.withLock({ $0[photo.id] }) { return known }
        guard let file = withIndex({ $0.file(id: photo.id) }) else { return Credit(line: photo.author, page: "") }
        let credit = FolderSource.credit(file)
        credits.withLock { $0[photo.id] = credit }
        return credit
    }
}
