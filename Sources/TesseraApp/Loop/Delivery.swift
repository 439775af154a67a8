import GalleryCore
import GalleryStore
import SDLKit

/// Messages from worker threads to the main thread, each for the one receiver that acts on it: the image pipeline
/// or the feed. One mailbox, so one wake-up serves both.
enum Delivery {
    case images(ImageDelivery)
    case feed(FeedDelivery)
    /// Words for the toast from a helper process (a browser that did not open).
    case said(String)
    /// The app's answer to a room's request (`ServiceDesk`), for the room it is for.
    case reply(ServiceReply)
    /// A playing clip has a new frame, or news (its end, a failure).
    case clipFrame
    /// A remote's request (the HTTP server's, MQTT's).
    case remote(FrameDesk.Call)

    /// Whether it changes what is on screen (then it is drawn at once, not at the clock's next tick).
    var changesPicture: Bool {
        switch self {
        case .images(.image): return true
        case .images(.progress): return false
        case .feed(let d): return d.changesPicture
        case .said, .reply, .clipFrame, .remote: return true
        }
    }
}

/// What the source, the cache and the network tell the feed.
enum FeedDelivery {
    case page(FeedPager.Request, Result<PageContents, SourceError>)
    /// Whether a network request reached the server.
    case network(reachable: Bool)
    /// The cache could not do something (full disk…); photos still show.
    case storeProblem(StoreFailure)
    /// The pages the cache holds, read at start.
    case restored(limit: Int, [(page: Int, contents: PageContents)])
    /// The start-up refresh of the first cached page finished (either way).
    case refreshed
    /// Files changed on disk under photos already shown.
    case edits(FeedEdits)
    /// The source waited for (unreachable at start) answered a probe, or did not.
    case awaitedSource(answered: Bool)
    /// The welcome screen chose folders to show in place of the source shown.
    case showFolders([String])

    var changesPicture: Bool {
        switch self {
        case .page, .restored, .edits, .showFolders: return true
        case .network, .storeProblem, .refreshed, .awaitedSource: return false
        }
    }
}
