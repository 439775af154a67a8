import GalleryCore

extension GalleryModel {
    /// The open pane and its photo's place, as the tests read it (`DetailPane.shown`).
    var detail: (overlay: DetailPane, index: Int)? { DetailPane.shown(in: self) }
}
