/// What the picture under the header shows, as far as the model decides it: when a frame's is the same as the
/// last whole frame's and no input or image arrived in between, only the header (the clock) needs drawing. On a
/// machine without a GPU that is the difference between copying the header and copying the whole window 60
/// times a second.
public struct StillPicture: Equatable {
    let screen: GalleryModel.ScreenKind
    let viewport: Viewport
    let mode: BrowseScreen.Mode
    let scrollTop: Int
    let droppedHeight: Int
    let focused: Int?
    let items: Int
    let overlays: [Overlay]
    let closingDetail: Bool
}

extension GalleryModel {
    /// The picture under the header now, or nil while it changes by itself: scrolling, a pane's animation, a
    /// caret blinking in a text field, the welcome screen.
    public var stillPicture: StillPicture? {
        let browse = currentBrowse
        guard screen != .welcome, !hasFocusedField, !browse.scroll.isMoving, !isAnimating else { return nil }
        return StillPicture(screen: screen, viewport: viewport, mode: browse.mode, scrollTop: browse.scrollTop,
                            droppedHeight: browse.droppedHeight, focused: browse.focusedIndex,
                            items: browse.catalog.count, overlays: overlays, closingDetail: closingDetail != nil)
    }
}
