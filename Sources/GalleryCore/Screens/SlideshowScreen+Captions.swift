/// The slideshow is a frame on a wall for the overlay layer: its scene is the slideshow's, and each photo it shows
/// carries its caption (how long ago for a memory, then the fields `--caption` asks for), never while one photo
/// gives way to the next.
extension SlideshowScreen: FrameScreen {
    public var showsPhoto: Bool { !layout(current, beside: companion).isEmpty }

    public func captions(in gallery: GalleryModel) -> [PlacedCaption] {
        guard fade >= 1 else { return [] }
        let fields = gallery.config.slideshowCaptions
        return layout(current, beside: companion).compactMap { shown in
            // A memory says how long ago it was taken (a wall of memories, or a show that opened with them).
            let memory = feedWall.sections?.captionPrefix(for: shown.photo)
            let words = [memory, Caption.text(for: shown.photo, fields: fields)].compactMap { $0 }
            return words.isEmpty ? nil : PlacedCaption(text: words.joined(separator: " · "), photoFrame: shown.frame)
        }
    }
}
