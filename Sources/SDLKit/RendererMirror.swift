/// A screen read right to left (Arabic, Hebrew): the views lay everything out once, left to right, and the
/// renderer mirrors it where it is drawn, the one place every fill, copy, clip and partial present passes. A
/// rectangle at `x`, `w` wide, lands at `width - x - w`; a texture's content is not flipped (words and photos still
/// read as they are), unless it is a shape of the layout (`Flip.withLayout`: a rounded corner, an arrow). With
/// the burn-in offset (mirrored too: it is the layout's) and a turned panel (the mirrored frame is drawn upright
/// into the turned target and turned as a whole) it works unchanged. Input is mirrored back once where SDL's events
/// become the model's coordinates (the app's `InputRouter`), so hit tests see the layout as laid out.
extension Renderer {
    /// Mirrors everything drawn into the frame from now on about `width` logical pixels (the layout's width, the
    /// viewport's; set again at a resize), or draws as laid out with nil.
    public func mirror(about width: Int?) {
        RenderThreadGuard.check(owner, "SDL_RenderSetViewport")
        guard width != mirrorWidth else { return }
        mirrorWidth = width
        // The burn-in offset's direction follows (`setOffset`).
        guard rotationTarget == nil || targetBound else { return }
        reapplyDrawingState()
    }

    /// Draws `body`, a run of pieces laid out left to right in the box at `x`, `width` wide, that must keep their
    /// order on a mirrored screen (the clock's digits drawn one by one): the box is mirrored as a whole, the pieces
    /// moved with it rather than each mirrored.
    public func keepingOrder<T>(x: Int, width: Int, _ body: () throws -> T) rethrows -> T {
        let outer = orderedRun
        orderedRun = (x, width)
        defer { orderedRun = outer }
        return try body()
    }

    /// Draws `body` as laid out, not mirrored: pictures placed by what they show (the slideshow's photos, panned
    /// towards a face), which a mirror would move off what they were placed for.
    public func unmirrored<T>(_ body: () throws -> T) rethrows -> T {
        let outer = mirrorSuspended
        mirrorSuspended = true
        defer { mirrorSuspended = outer }
        return try body()
    }

    /// Where something laid out at `x`, `w` wide, is drawn: mirrored about `mirrorWidth` (inside a run that keeps
    /// its order, moved with the run's box); as laid out into a texture of its own or when not mirrored.
    func onScreen(_ x: Int, _ w: Int) -> Int {
        guard let width = mirrorWidth, !mirrorSuspended else { return x }
        if let run = orderedRun { return width - run.x - run.width + (x - run.x) }
        return width - x - w
    }

    /// The flip SDL is asked for: `.withLayout` becomes a horizontal flip on a mirrored screen (two cancel out).
    func flipOnScreen(_ flip: Flip) -> Flip {
        let mirrors = flip.contains(.withLayout) && mirrorWidth != nil && !mirrorSuspended
        var flip = flip.subtracting([.withLayout, .cutByLayout])
        if mirrors { flip.formSymmetricDifference(.horizontal) }
        return flip
    }

    /// Where a copy's source part starts in `texture`: mirrored within it when the layout cut it (`.cutByLayout`).
    func sourceOnScreen(_ x: Int, _ w: Int, of texture: Texture, _ flip: Flip) -> Int {
        guard flip.contains(.cutByLayout), mirrorWidth != nil, !mirrorSuspended else { return x }
        return texture.width - x - w
    }
}
