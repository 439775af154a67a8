import Foundation
import GalleryCore

/// The built-in catalogue, made in this process: pages from `DemoCatalog`, pictures drawn by `DemoPictures` at the
/// size asked. Nothing listens on a port and nothing leaves the process, so `--demo` and the no-network fallback
/// cannot be reached (or taken down) by another program. The Unsplash flavour adds each photo's colour and BlurHash
/// and credits photos the way Unsplash asks, so that source's placeholders and credit line can be seen offline.
public final class DemoSource: PhotoSource {
    public enum Flavour: Sendable { case picsum, unsplash, immich }

    public let name = "demo"
    public let flavour: Flavour
    public var traits: SourceTraits {
        SourceTraits(pageSizes: 1...(flavour == .unsplash ? UnsplashSource.maxPageSize : PicsumSource.maxPageSize),
                     networked: false, cacheable: false, wrapsByDefault: true)
    }

    private let catalog: DemoCatalog
    private let pictures = DemoPictures(cacheLimit: 2 << 20)
    /// Drawing runs off the caller's thread, two at a time (as many as the pool decodes while one is large).
    private let work = RequestQueue(name: "tessera-demo", width: 2)

    public init(photos: Int, flavour: Flavour = .picsum) {
        catalog = DemoCatalog(count: photos)
        self.flavour = flavour
    }

    public func photos(page: Int, limit: Int) -> [Photo] {
        let entries = catalog.page(page, limit: traits.pageSize(near: limit))
        if flavour == .immich {
            // As Immich's API would describe them: file names, EXIF, ThumbHashes.
            return entries.compactMap { e in ImmichList.photo(DemoImmich.asset(e, index: Int(e.id) ?? 0), base: "") }
        }
        return entries.map { e in
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
        if flavour == .immich { return ImmichSource.credit(for: photo) }
        return Credit(line: flavour == .unsplash ? "Photo by \(photo.author) on Unsplash" : photo.author, page: "",
               details: ["Demo photo \(photo.id), \(photo.width) × \(photo.height), drawn by Tessera"])
    }

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let photos = photos(page: page, limit: limit)
        return work.submit(priority: -1) { completion(.success(PageContents(photos: photos))) }
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<Data, SourceError>) -> Void) -> RequestID {
        let pictures = self.pictures
        // Like picsum: exactly the size asked, within its limits.
        let w = min(max(1, size.width), PicsumSource.maxImageSide), h = min(max(1, size.height), PicsumSource.maxImageSide)
        return work.submit(priority: priority) {
            do {
                completion(.success(try pictures.jpeg(id: photo.id, width: w, height: h)))
            } catch {
                completion(.failure(.malformed("demo picture: \(error)")))
            }
        }
    }

    @discardableResult
    public func cancel(_ id: RequestID) -> Bool { work.cancel(id) }
}

extension DemoSource {
    /// The built-in catalogue (`--demo`, and where a network source falls back), in the flavour of the source asked
    /// for: Unsplash's has colours, BlurHashes and its credit line.
    public static let kind = SourceKind(
        name: "demo", summary: "The built-in catalogue, made in this process (no network)", chosen: { $0.demo }
    ) { context in
        let flavour: Flavour = context.requested == "unsplash" ? .unsplash : context.requested == "immich" ? .immich : .picsum
        let prefix = flavour == .picsum ? "demo" : "demo-\(context.requested)"
        return InstalledSource(DemoSource(photos: context.demoPhotos, flavour: flavour),
                               key: "\(prefix):\(context.demoPhotos)",
                               note: flavour == .immich ? "Demo Immich library (made in this process)"
                                   : "Demo catalogue (made in this process)")
    }
}
