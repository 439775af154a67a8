import GalleryCore

/// `--idle` over a slideshow stepping at `--interval`: the photos that came after the one on screen when the
/// measurement began (a show that stood still would cost nothing and pass the other bounds).
struct SlideSteps {
    private var shown: ItemKey?
    private(set) var count = 0

    init(from current: ItemKey?) { shown = current }

    mutating func observe(_ current: ItemKey?) {
        guard current != shown else { return }
        if shown != nil { count += 1 }
        shown = current
    }
}
