/// The wall as a screen: its keys, clicks (a cell opens the pane, its star bookmarks it), the wheel and drags.
extension BrowseScreen: Screen {
    public var scopes: [Scope] { [.browse] }
    public var wall: BrowseScreen? { self }
    public var scrollsInKiosk: Bool { true }

    public var picture: AnyHashable? {
        scroll.isMoving ? nil : [mode == .grid ? 0 : 1, scrollTop, droppedHeight, focusedIndex ?? -1, catalog.count,
                                 layout.metrics.columns]
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        if command == .clearSearch, mode == .list {
            // Esc (bound to clearing a search on the wall) leaves the list for the grid when there is no search.
            setMode(.grid)
        } else if command == .action(RoomAction.chooseFolder) {
            chooseFolder(in: gallery)
        } else if command == .toggleBookmark {
            guard let index = focusedIndex else {
                gallery.refuse(tr("Choose a photo to bookmark first: click it, or move to it with the arrow keys"))
                return GalleryModel.Effect.none
            }
            Bookmarking.toggle(catalog.items[index].photo, in: gallery)
        } else if let changed = zoom(command) {
            if changed { keepColumns(in: gallery) }
        } else if let open = apply(command) {
            DetailPane.open(at: open, on: self, in: gallery)
        }
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        switch input {
        case let .click(x, y):
            if let index = index(atWindowX: x, y: y), let star = BrowseScreen.starRect(of: screenFrame(of: index)),
               star.contains(x: x, y: y) {
                focus(index, scrolling: false)
                Bookmarking.toggle(catalog.items[index].photo, in: gallery)
            } else if let index = click(atWindowX: x, y: y) {
                DetailPane.open(at: index, on: self, in: gallery)
            }
        case let .middleClick(x, y): middleClick(atWindowX: x, y: y)
        case let .hover(x, y): hover(atWindowX: x, y: y)
        case let .wheel(notches): wheel(notches: notches)
        case let .beginDrag(_, _, time): beginDrag(at: time)
        case let .drag(_, dy, time): drag(by: dy, at: time)
        case let .endDrag(time): endDrag(at: time)
        case let .longPress(x, y):
            // Long-press (or the right button) stars a photo, as b does.
            guard let index = index(atWindowX: x, y: y) else { return false }
            focus(index, scrolling: false)
            Bookmarking.toggle(catalog.items[index].photo, in: gallery)
        case let .pinch(scale, x, y):
            if pinchColumns(scale: scale, x: x, y: y) { keepColumns(in: gallery) }
        case .doubleClick, .swipe: return false
        }
        return true
    }
}
