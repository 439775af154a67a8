import Foundation
import GalleryCore
import Workers

/// The built-in catalogue, made in this process: pages from `DemoCatalog`, pictures drawn by `DemoPictures` at the
/// size asked. Nothing listens on a port and nothing leaves the process, so `--demo` and the no-network fallback
/// cannot be reached (or taken down) by another program. A network source may bring a flavour of its own (its
/// stand-in, `SourceKind.standIn`): Unsplash's adds each photo's colour and BlurHash and credits photos the way
/// Unsplash asks, so that source's placeholders and credit line can be seen offline.
public final class DemoSource: PhotoSource {
    public let name = "demo"
    public let flavour: DemoFlavour
    public var traits: SourceTraits {
        SourceTraits(pageSizes: flavour.pageSizes, networked: false, cacheable: false, wrapsByDefault: true)
    }
    /// Pictures are drawn at the size asked up to this side (as a server that crops to size would).
    public static let maxImageSide = 5000

    private let catalog: DemoCatalog
    private let pictures = DemoPictures(cacheLimit: 2 << 20)
    /// Drawing runs off the caller's thread, two at a time (as many as the pool decodes while one is large).
    private let work = RequestQueue(name: "tessera-demo", width: 2)

    public init(photos: Int, flavour: DemoFlavour = .plain) {
        catalog = DemoCatalog(count: photos)
        self.flavour = flavour
    }

    public func photos(page: Int, limit: Int) -> [Photo] {
        catalog.page(page, limit: traits.pageSize(near: limit)).compactMap(flavour.photo)
    }

    public func credit(for photo: Photo) -> Credit { flavour.credit(photo) }

    public func fetchPage(_ page: Int, limit: Int,
                          completion: @escaping (Result<PageContents, SourceError>) -> Void) -> RequestID {
        let photos = photos(page: page, limit: limit)
        return work.submit(priority: -1) { completion(.success(PageContents(photos: photos))) }
    }

    public func fetchImage(_ photo: Photo, size: PixelSize, priority: Int, progress: ((Double) -> Void)?,
                           completion: @escaping (Result<ImageAnswer, SourceError>) -> Void) -> RequestID {
        let pictures = self.pictures
        // Like picsum: exactly the size asked, within its limits.
        let w = min(max(1, size.width), DemoSource.maxImageSide), h = min(max(1, size.height), DemoSource.maxImageSide)
        return work.submit(priority: priority) {
            do {
                completion(.success(ImageAnswer(try pictures.jpeg(id: photo.id, width: w, height: h))))
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
    /// for when that source brings a stand-in of its own.
    public static let kind = SourceKind(
        name: "demo", title: untranslated("the demo"), summary: "Built-in photos, drawn by Tessera (no network needed)", chosen: { $0.demo }
    ) { context in
        context.standIn?(context) ?? installed(context, flavour: .plain)
    }

    /// The demo in a flavour, keyed by it (its pages and bookmarks apart from the plain demo's).
    public static func installed(_ context: SourceContext, flavour: DemoFlavour) -> InstalledSource {
        InstalledSource(DemoSource(photos: context.demoPhotos, flavour: flavour),
                        key: "\(flavour.key):\(context.demoPhotos)", note: flavour.note)
    }
}
