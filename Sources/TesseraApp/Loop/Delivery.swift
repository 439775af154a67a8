import GalleryCore
import SDLKit

/// Messages from worker threads to the main thread.
enum Delivery {
    case page(FeedPager.Request, Result<PageContents, SourceError>)
    case image(ImageKey, token: UInt64, Result<Surface, ImageFailure>, standIn: Bool)
    /// How much of a detail image's download has arrived (0…1).
    case progress(ImageKey, token: UInt64, Double)
    /// Whether a network request reached the server.
    case network(reachable: Bool)
    /// The cache could not do something (full disk…); photos still show.
    case storeProblem(String)
    /// The pages the cache holds, read at start.
    case restored(limit: Int, [(page: Int, contents: PageContents)])
    /// The start-up refresh of the first cached page finished (either way).
    case refreshed
    /// Files changed on disk under photos already shown.
    case edits(FeedEdits)
    /// The source waited for (unreachable at start) answered a probe, or did not.
    case awaitedSource(answered: Bool)

    /// Whether it changes what is on screen (then it is drawn at once, not at the clock's next tick).
    var changesPicture: Bool {
        switch self {
        case .page, .image, .restored, .edits: return true
        case .progress, .network, .storeProblem, .refreshed, .awaitedSource: return false
        }
    }
}
