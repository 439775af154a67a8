/// A photo to open in the pane once the feed holds it (`OpenPaths.photo`): a folder's pages come in the folder's
/// order, and the file opened may be on any of them. While it waits the feed keeps growing (`wantsMore`); when the
/// page holding it arrives, the pane opens on it over the wall, which stands at it, so closing the pane shows the
/// photo among its neighbours. A feed that ends (or wraps) without it gives up on pages, but the photo may still
/// come as an edit: a file new since a folder's kept index is found by the check for changes after the kept index's
/// pages have gone out, and put in among them (`inserted(in:)`).
public struct PhotoOpening: Equatable, Sendable {
    /// The file's path, as the walk spells it (`Photo.imageReference` of a folder's photos).
    public let path: String

    public init(path: String) { self.path = path }

    /// What to do once a page has arrived.
    public enum Step: Equatable {
        /// Open the pane on the item at this index of the feed.
        case open(Int)
        /// Wait for more pages.
        case wait
        /// The feed holds it nowhere and will not: stop waiting.
        case giveUp
    }

    /// Where the photo is among `items` (the items just added, with their indices in the feed), or whether to wait.
    public func step<Items: Collection>(after items: Items, feedEnded: Bool) -> Step
    where Items.Element == FeedItem, Items.Index == Int {
        if let index = items.firstIndex(where: { $0.photo.imageReference == path }) { return .open(index) }
        return feedEnded ? .giveUp : .wait
    }

    /// The ID of the photo waited for among the photos an edit puts in (nil: not among them).
    public func inserted(in edits: FeedEdits) -> String? {
        edits.inserted.first { $0.photo.imageReference == path }?.photo.id
    }
}
