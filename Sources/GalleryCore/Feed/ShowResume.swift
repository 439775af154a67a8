/// Where a show carried on from a kept place (`ShowPlace`) stands in the feed its source serves again. Resuming
/// never cuts the feed: the pass is served whole from its first photo (so Home reaches it, the count is the full
/// count), and this says where to open in it: the wall with the photo it stood at on its top edge, the slideshow at
/// the first photo the pass has not shown yet. The source puts it on the page that holds both (`PageContents`).
public struct ShowResume: Equatable, Sendable {
    /// The photo the show stood at when the place was kept (nil: none the feed holds, the wall opens at its top).
    public var stoodAt: String?
    /// The first photo of the pass not yet shown, where a slideshow carries on (nil: the pass starts over from its
    /// first photo, as after its last).
    public var next: String?

    public init(stoodAt: String?, next: String?) {
        self.stoodAt = stoodAt
        self.next = next
    }
}
