import Foundation
import GalleryCore
import Workers

/// The folder source's third stage: an image's bytes for the decoder, on the reader's own threads (a `RequestQueue`,
/// each request withdrawable). A cell decoded before at this size comes from the image layer (`KeptCells`), keyed by
/// the file as it is now (so a changed file is never shown stale); a clip's or animation's poster is the media worker's to make; a
/// still is read through the walker, only as far as a photo of its size could go, and the bytes being read at once,
/// by all readers together, are bounded (`ByteGate`). Holds no state of its own beyond those two owners.
final class FolderReader {
    private let walker: FileWalker
    /// Where the image layer keeps decoded cells (a camera file costs far more to decode than a cell-sized JPEG).
    private let cells: KeptCells?
    private let gate: ByteGate
    private let maxFileBytes: Int
    /// The file a photo is, as the index has it now (nil: gone).
    private let lookup: (Photo) -> LocalFile?
    let requests = RequestQueue(name: "tessera-folder-read", width: max(2, ProcessInfo.processInfo.activeProcessorCount))

    init(walker: FileWalker, cells: KeptCells?, maxFileBytes: Int, maxBytesInFlight: Int,
         lookup: @escaping (Photo) -> LocalFile?) {
        self.walker = walker
        self.cells = cells
        self.maxFileBytes = maxFileBytes
        self.lookup = lookup
        gate = ByteGate(limit: maxBytesInFlight)
    }

    func read(_ photo: Photo, size: PixelSize, priority: Int,
              completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        let cap = maxFileBytes, gate = self.gate, cells = self.cells, walker = self.walker, lookup = self.lookup
        return requests.submit(priority: priority) {
            guard let file = lookup(photo) else { return completion(.failure(.malformed("the file is gone"))) }
            // The file as it is now: a changed one misses the cache and is read afresh.
            let key = walker.cellKey(path: file.path, size: size)
            if let key, let cell = cells?.keptCell(forKey: key) { return completion(.success(cell)) }
            // A clip's or animation's poster is the media worker's to make: its bytes are not read here.
            if let kind = file.motion?.kind, !kind.isExtra {
                return completion(.success(ImageAnswer(poster: MediaLocation(file: file.path),
                                                       cellKey: cells == nil ? nil : key)))
            }
            let limit = LocalFileReader.byteLimit(width: file.width, height: file.height, cap: cap)
            // The share is taken for the bytes the file can bring, and given back once they are handed on.
            let share = gate.acquire(min(limit, Int(clamping: file.bytes)))
            let read = walker.contents(of: file, limit: limit)
            gate.release(share)
            switch read {
            case .success(let data):
                completion(.success(ImageAnswer(data, cellKey: cells == nil ? nil : key, fromFolder: true)))
            case .failure(let why): completion(.failure(.malformed("\(file.name): \(why)")))
            }
        }
    }
}
