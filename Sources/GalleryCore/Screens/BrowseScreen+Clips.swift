extension BrowseScreen {
    /// The wall's moving pictures that play now (`WallPlayback`): clips and animations in view loop muted, a Live
    /// Photo's motion plays once as it comes into view or under the pointer. Cells are judged by the share of their
    /// picture inside the grid area.
    public func playRequests(in gallery: GalleryModel) -> [PlayRequest] {
        guard config.wallClips > 0 else { return [] }
        let top = gridTop, bottom = window.height
        let pointed = gallery.pointer.flatMap { index(atWindowX: $0.x, y: $0.y) }
        var candidates: [WallPlayback.Candidate] = []
        var shown: [ItemKey: (photo: Photo, frame: Rect)] = [:]
        for i in visibleIndices {
            let item = catalog.items[i]
            // One that cannot play keeps its poster and takes no place in the budget.
            guard let motion = item.photo.motion, gallery.services.clipProgress(item.key)?.failure == nil else { continue }
            let frame = pictureFrame(of: i)
            guard frame.height > 0 else { continue }
            let inside = max(0, min(frame.maxY, bottom) - max(frame.y, top))
            candidates.append(.init(key: item.key, kind: motion.kind, visible: Double(inside) / Double(frame.height),
                                    hovered: pointed == i))
            shown[item.key] = (item.photo, frame)
        }
        let keys = clips.choose(candidates, ended: { gallery.services.clipProgress($0)?.ended == true },
                                keepsUp: gallery.services.keepsUp)
        return keys.compactMap { key in
            shown[key].map { PlayRequest(key: key, photo: $0.photo, frame: $0.frame, large: false,
                                         loops: !($0.photo.motion?.kind.isExtra ?? false)) }
        }
    }
}
