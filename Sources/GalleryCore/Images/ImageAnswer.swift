import Foundation

/// What a source answers for an image request: the bytes and everything it knows of them, so nobody has to ask it
/// again afterwards (one image layer: the pipeline decodes what it got, and whoever kept the bytes is told through
/// the answer itself when they turn out bad).
public struct ImageAnswer {
    public var data: Data
    /// Another size of the photo, served while its server is away: shown, and asked for again at its own size once
    /// the server answers.
    public var isStandIn: Bool
    /// The header, when the source (or a cache in front of it) has read it already: the decoder does not read it
    /// again.
    public var header: ImageHeader?
    /// What names exactly these bytes at the size asked (a file's path, size, times and the cell's size): a cell
    /// decoded from them is kept under it in the `CellCache`. Nil when a decoded cell is not worth keeping (network
    /// answers come at the cell's size; an answer that is a kept cell already).
    public var cellKey: String?
    /// Forgets these bytes where they were kept (the offline cache, the cell cache) when they do not decode, so the
    /// next try fetches afresh. Called at most once, from a decode worker.
    public var undecodable: (() -> Void)?
    /// A moving picture whose poster the media worker makes (a clip's first frame, an animation's first frame), at
    /// the size asked: `data` is empty then, and the pipeline never holds the clip's bytes.
    public var media: MediaLocation?
    /// The bytes are pixels in the display's colours already (a kept cell): the decoder does not convert them again.
    public var inDisplayColours = false
    /// The bytes are a file in the user's own folders, just read by the folder source's reader: only these may be
    /// a camera RAW, which LibRaw reads inside the app. Bytes from a server, the offline cache or the cell cache
    /// never carry it (a TIFF from them is refused, as any other format the core does not read).
    public var fromFolder = false

    public init(_ data: Data, isStandIn: Bool = false, header: ImageHeader? = nil, cellKey: String? = nil,
                undecodable: (() -> Void)? = nil, fromFolder: Bool = false) {
        self.data = data; self.isStandIn = isStandIn; self.header = header; self.cellKey = cellKey
        self.undecodable = undecodable; self.fromFolder = fromFolder
    }

    /// The answer for a moving picture's poster, made by the media worker from `location`.
    public init(poster location: MediaLocation, cellKey: String? = nil, undecodable: (() -> Void)? = nil) {
        self.init(Data(), cellKey: cellKey, undecodable: undecodable)
        media = location
    }
}

/// What a source of originals asks the image layer before it reads a file: the cell the layer kept under `key`, as an
/// answer ready to decode (it forgets the cell itself if that does not decode), or nil. The layer alone reads and
/// writes the cell cache; a source only names the key. Thread-safe; may block on disk (asked on a source's threads).
public protocol KeptCells: AnyObject {
    func keptCell(forKey key: String) -> ImageAnswer?
}

/// Decoded cells kept between runs, for every source whose answers name a `cellKey` (a folder's originals: a
/// camera file costs far more to decode than a cell-sized JPEG read back); the image layer's store, reached by the
/// layer alone (sources ask through `KeptCells`). Implementations are thread-safe and may block on disk, so callers
/// keep them off the main thread.
public protocol CellCache: AnyObject {
    /// The cell kept under `key` (nil: none, or no cache).
    func cell(forKey key: String) -> Data?
    /// Whether a cell decoded for `key` is still to be kept (false once kept this run).
    func wants(_ key: String) -> Bool
    /// Keeps an encoded cell under `key` (written in batches, off the caller's thread).
    func keep(_ encoded: Data, forKey key: String)
    /// Forgets the cell under `key` (it did not decode).
    func forget(_ key: String)
}
