import Foundation

/// Where photos come from. Views never know which source they show: picsum today, a local folder or another API later.
public protocol PhotoSource: AnyObject {
    /// A short name for the header ("picsum", "demo").
    var name: String { get }
    /// Fetches one page (1-based) of the catalogue. An empty page means the catalogue has ended.
    @discardableResult
    func fetchPage(_ page: Int, limit: Int, completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID
    /// Fetches a photo's encoded bytes at (about) the given pixel size.
    @discardableResult
    func fetchImage(_ photo: Photo, size: PixelSize, priority: Int,
                    completion: @escaping (Result<Data, SourceError>) -> Void) -> RequestID
    func cancel(_ id: RequestID)
}

public struct PageContents: Equatable, Sendable {
    public var photos: [Photo]
    /// Entries the source sent but that were unusable (counted so a short page is not mistaken for the last one).
    public var skipped: Int
    public init(photos: [Photo], skipped: Int = 0) { self.photos = photos; self.skipped = skipped }
    public var rawCount: Int { photos.count + skipped }
}

public enum SourceError: Error, Equatable, CustomStringConvertible {
    case http(HTTPError)
    case malformed(String)

    public var isRetryable: Bool {
        switch self {
        case .http(let e): return e.isRetryable
        case .malformed: return true  // a server that sent garbage once may not next time
        }
    }

    public var isNetworkFailure: Bool {
        if case .http(let e) = self { return e.isNetworkFailure }
        return false
    }

    public var retryAfter: Double? {
        if case .http(let e) = self { return e.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .http(let e): return e.description
        case .malformed(let why): return why
        }
    }
}
