/// The photo frame: one photo of a wall at a time (two of the other shape than the window, with `pairs`), over the
/// whole window with the header fading away above it, giving way to the next every `interval` seconds. ← → (a swipe, a tap on the left or right third) move, Space (a tap in the middle)
/// pauses, Esc or `s` return to the wall at the photo shown. It never stops by itself: a photo that does not
/// arrive is waited for one more interval, then passed over, so a dead link cannot freeze a frame on the feedWall.
public final class SlideshowScreen: Screen {
    public static let scope = Scope("slideshow")
    /// The crossfade's length (the eye reads a longer one as a slow machine).
    public static let fadeDuration = SlideTransition.crossfade.duration
    /// How one photo gives way to the next (`fade` runs over its duration).
    public let transition: SlideTransition

    /// The wall it shows the photos of; its focus follows the slideshow, so leaving lands on the photo shown.
    public let feedWall: BrowseScreen
    /// The photo shown, and the one fading out under it during a crossfade.
    public private(set) var current: ItemKey?, previous: ItemKey?
    /// The photo shown beside the current one (`--pairs`: two portrait photos on a landscape window, two landscape
    /// ones on a portrait window), and the one that was beside the photo fading out.
    public private(set) var companion: ItemKey?, previousCompanion: ItemKey?
    /// Whether photos of the other shape than the window are paired (`--pairs`).
    public let pairs: Bool
    /// Whether each photo slowly zooms and pans (`--motion`, `KenBurns`).
    public let motion: Bool
    /// Seconds the current photo, and the one fading out, have been on screen (their transitions in included;
    /// standing still while paused): the time of their motion.
    public private(set) var currentAge = 0.0, previousAge = 0.0
    /// Whether the last step went forward (a slide comes in from the right) or back (from the left).
    public private(set) var forward = true
    public private(set) var fade = 1.0  // how far the crossfade has gone, 0…1 (1: none running)
    public private(set) var paused = false
    /// Seconds each photo shows (`--interval`; the remote may change it while it shows).
    public var interval: Double { didSet { interval = max(1, interval) } }
    public private(set) var shownFor = 0.0  // seconds the current photo has been up
    /// Seconds since the last input: the header and its buttons stay `chromeStays` seconds, then fade away over
    /// `chromeFades`, as a frame on a wall shows only its photo; a touch, a key or the pointer brings them back.
    public private(set) var quietFor = 0.0
    private var stepWasTimed = false  // the last step was the show's own, not a hand's (`wanted`)
    public static let chromeStays = 3.0, chromeFades = 0.6
    private var viewport: Viewport
    /// Photos a kept place had shown, still ahead of a show that opened with others (`carryOn`): stepping onto the
    /// first goes to the second instead.
    private var carryOnSkip: (from: ItemKey, to: ItemKey)?
    /// Whether a photo's large image has arrived (or failed for good): the show waits for the next one a while.
    private let arrived: (ItemKey) -> Bool
    /// How a moving picture's playback stands (a clip is shown until its end).
    private let clipProgress: (ItemKey) -> ClipProgress?
    /// A photo's centre of interest (`--motion`); asking starts its lookup, answered `.unknown` until it is done.
    private let interest: (Photo) -> CentreOfInterest
    /// The paths of the photos on screen, each fixed once its centre of interest is known (it never jumps after).
    private var paths: [String: KenBurns] = [:]

    public init(wall: BrowseScreen, interval: Double, start: Int? = nil, pairs: Bool = false,
                transition: SlideTransition = .crossfade, motion: Bool = false,
                arrived: @escaping (ItemKey) -> Bool = { _ in true },
                clipProgress: @escaping (ItemKey) -> ClipProgress? = { _ in nil },
                interest: @escaping (Photo) -> CentreOfInterest = { _ in .none }) {
        self.feedWall = wall
        self.transition = transition
        self.motion = motion
        self.interval = max(1, interval)
        self.pairs = pairs
        self.arrived = arrived
        self.clipProgress = clipProgress
        self.interest = interest
        viewport = wall.viewport
        let items = wall.catalog.items
        if let first = start ?? wall.focusedIndex ?? wall.topIndex, first < items.count { current = items[first].key }
        else { current = items.first?.key }
        if let index { companion = companion(after: index) }
    }

    /// The whole window: the header fades over the photo (`ChromeFade`) rather than taking a strip of it.
    public var area: Rect { Rect(x: 0, y: 0, width: viewport.size.width, height: max(1, viewport.size.height)) }

    /// Where a photo is drawn alone: as large as fits the window, centred.
    public func frame(of photo: Photo) -> Rect { area.aspectFit(width: photo.width, height: photo.height) }

    /// What shows for `key` and the photo beside it: each photo in its half (side by side on a landscape window,
    /// one above the other on a portrait one), or the one photo fitted to the window.
    public func layout(_ key: ItemKey?, beside other: ItemKey?) -> [(key: ItemKey, photo: Photo, frame: Rect)] {
        guard let key, let photo = photo(key) else { return [] }
        guard let other, let second = self.photo(other) else { return [(key, photo, frame(of: photo))] }
        let a = area, gap = 2 * feedWall.config.layoutMetrics(width: a.width).gap
        let halves: (Rect, Rect)
        if a.width >= a.height {
            let w = (a.width - gap) / 2
            halves = (Rect(x: a.x, y: a.y, width: w, height: a.height),
                      Rect(x: a.x + w + gap, y: a.y, width: a.width - w - gap, height: a.height))
        } else {
            let h = (a.height - gap) / 2
            halves = (Rect(x: a.x, y: a.y, width: a.width, height: h),
                      Rect(x: a.x, y: a.y + h + gap, width: a.width, height: a.height - h - gap))
        }
        return [(key, photo, halves.0.aspectFit(width: photo.width, height: photo.height)),
                (other, second, halves.1.aspectFit(width: second.width, height: second.height))]
    }

    /// The part of `photo` its frame shows now (`--motion`), or nil for the whole photo. `outgoing`: the photo is
    /// one fading out (its motion goes on from where it was).
    public func crop(of photo: Photo, outgoing: Bool = false) -> UnitRect? {
        guard motion else { return nil }
        return kenBurns(photo).crop(at: outgoing ? previousAge : currentAge)
    }

    /// A photo's path: over its whole time on screen, the transitions in and out included, keeping its centre of
    /// interest in view. Kept from the first frame its centre is known while it shows.
    public func kenBurns(_ photo: Photo) -> KenBurns {
        if let path = paths[photo.id] { return path }
        let centre = motion ? interest(photo) : .none
        let path = KenBurns(photoID: photo.id, width: photo.width, height: photo.height,
                            span: interval + 2 * transition.duration, interest: centre.area)
        if centre != .unknown {
            let shown = Set([current, previous, companion, previousCompanion].compactMap { $0?.photoID })
            paths = paths.filter { shown.contains($0.key) }
            if shown.contains(photo.id) { paths[photo.id] = path }
        }
        return path
    }

    /// Whether the next photo can show: its large image has arrived and, with `--motion`, its centre of interest
    /// is known (the lookup is bounded: a file's first bytes, one request with a short timeout).
    private func isReady(_ key: ItemKey) -> Bool {
        arrived(key) && (!motion || photo(key).map { interest($0) != .unknown } ?? true)
    }

    /// Whether a photo is of the other shape than the window (a portrait photo on a landscape window).
    private func isAgainstTheWindow(_ photo: Photo) -> Bool {
        let window = viewport.size
        return window.width >= window.height ? photo.height > photo.width : photo.width > photo.height
    }

    /// The photo to show beside the one at `index`, when pairing and both are of the other shape.
    private func companion(after index: Int) -> ItemKey? {
        let items = feedWall.catalog.items
        guard pairs, index + 1 < items.count, isAgainstTheWindow(items[index].photo),
              isAgainstTheWindow(items[index + 1].photo) else { return nil }
        return items[index + 1].key
    }

    /// Whether a photo of the show is on screen: its large image has arrived (or failed for good), not merely chosen.
    public func isOnScreen(_ key: ItemKey) -> Bool { arrived(key) }

    /// Where the current photo is in the catalog now (nil once the feed has let it go).
    public var index: Int? { current.flatMap { feedWall.catalog.feed.index(of: $0) } }

    /// The photo after what shows now (past the companion of a pair).
    private var nextIndex: Int? {
        guard let index else { return nil }
        let next = index + (companion != nil ? 2 : 1)
        return next < feedWall.catalog.count ? next : nil
    }

    /// The photo that shows next (the first of its pair), if the catalog has it yet.
    public var upcoming: Photo? { nextIndex.map { feedWall.catalog.items[$0].photo } }

    public func photo(_ key: ItemKey?) -> Photo? {
        key.flatMap { feedWall.catalog.feed.index(of: $0) }.map { feedWall.catalog.items[$0].photo }
    }

    /// Seconds before the next step within which the photos after the current ones are asked for during a transition.
    public static let nextPhotosLead = 2.0

    /// The photos to have ready, most urgent first: the one shown, the one fading out, the next; the next not during
    /// a timed transition from a still (fetched, decoded, uploaded and its backdrop made then, it made the transition's
    /// slowest frames: BENCHMARKS.md, round 4 of the 4K fades), unless it has arrived (kept, not let go) or its step is
    /// near. After a step by hand another may follow at once, and a moving picture may end before its interval.
    public func wanted() -> [LargeImage] {
        var keys = [current, companion, fade < 1 ? previous : nil, fade < 1 ? previousCompanion : nil]
        let soon = fade >= 1 || !stepWasTimed || photo(current)?.motion != nil
            || interval - shownFor <= (1 - fade) * transition.duration + SlideshowScreen.nextPhotosLead
        if let next = nextIndex {
            keys += [feedWall.catalog.items[next].key, companion(after: next)].map { $0.flatMap { soon || arrived($0) ? $0 : nil } }
        }
        var seen = Set<ItemKey>()
        return keys.compactMap { key in
            guard let key, seen.insert(key).inserted, let photo = photo(key) else { return nil }
            return LargeImage(item: key, photo: photo, frame: frame(of: photo))
        }
    }

    // MARK: time

    public func tick(dt: Double) {
        quietFor += dt
        if !paused { currentAge += dt; previousAge += dt }
        if fade < 1 {
            fade = transition.duration <= 0 ? 1 : min(1, fade + dt / transition.duration)
            if fade >= 1 { previous = nil; previousCompanion = nil }
        }
        if current == nil || index == nil { restart() }
        guard !paused, index != nil else { return }
        shownFor += dt
        guard hasHadItsTime else { return }
        let next = nextIndex.map { feedWall.catalog.items[$0].key }
        // The next photo is waited for one more interval at most.
        if next.map(isReady) ?? true || shownFor >= 2 * interval { step(1, timed: true) }
    }

    /// Whether the current photo has had its time: a still (or an animation, which loops) its interval; a clip until
    /// it ends, `maxClipSeconds` at most (its poster for an interval when it cannot play; a player that never
    /// starts is waited for no longer than a clip could last); a Live Photo its interval and its motion.
    private var hasHadItsTime: Bool {
        let cap = feedWall.config.maxClipSeconds
        let progress = current.flatMap(clipProgress)
        switch photo(current)?.motion?.kind {
        case .clip?:
            if let progress, progress.failure != nil { return shownFor >= interval }
            if let progress, progress.isDone(cap: cap) { return true }
            return shownFor >= cap + interval
        case .livePhoto?, .motionPhoto?:
            guard shownFor >= interval else { return false }
            return progress.map { $0.isDone(cap: cap) } ?? true || shownFor >= interval + cap
        case .animation?, nil:
            return shownFor >= interval
        }
    }

    /// The moving pictures shown: the current photo and the one beside it. A clip plays once to its end, an
    /// animation loops, a Live Photo plays its motion once; paused with the show.
    /// The photos fading out hold their last frame (paused) rather than falling back to their posters.
    public func playRequests(in gallery: GalleryModel) -> [PlayRequest] {
        let leaving = fade < 1 ? layout(previous, beside: previousCompanion) : []
        return (layout(current, beside: companion).map { ($0, false) } + leaving.map { ($0, true) })
            .compactMap { shown, outgoing in
                guard let kind = shown.photo.motion?.kind else { return nil }
                return PlayRequest(key: shown.key, photo: shown.photo, frame: shown.frame, large: true,
                                   loops: kind == .animation, sound: feedWall.config.sound && shown.key == current,
                                   paused: paused || outgoing)
            }
    }

    public var chromeOpacity: Double {
        let fading = quietFor - SlideshowScreen.chromeStays
        return fading <= 0 ? 1 : max(0, 1 - fading / SlideshowScreen.chromeFades)
    }

    public func noteInput() { quietFor = 0 }

    public var isAnimating: Bool { fade < 1 || (chromeOpacity > 0 && chromeOpacity < 1) }
    public var movesByItself: Bool { motion && !paused && current != nil }
    public var picture: AnyHashable? {
        guard !isAnimating, !movesByItself else { return nil }
        return [AnyHashable(current), AnyHashable(companion), AnyHashable(paused), AnyHashable(chromeOpacity > 0)]
    }

    /// Moves by `delta` photos with a crossfade: past the end of a feed that has ended, back to its first photo; past
    /// the end of one still growing, nowhere until the next page is in.
    public func step(_ delta: Int, timed: Bool = false) {
        stepWasTimed = timed
        let catalog = feedWall.catalog
        guard !catalog.isEmpty else { restart(); return }
        guard let index else {
            let started = current != nil
            restart()
            // A step asked before the show had chosen its first photo (a remote's `next` held until the feed came,
            // released in the same turn as the feed's first page) is a step from that first photo, not lost in it.
            if !started, delta != 0, self.index != nil { step(delta) }
            return
        }
        // Forward from a pair goes past both photos; back, onto the pair that ends just before (so no photo shows
        // twice in a row).
        var next = index + delta + (delta > 0 && companion != nil ? 1 : 0)
        if delta < 0, next >= 1, pairs, companion(after: next - 1) != nil { next -= 1 }
        if next >= catalog.count {
            guard catalog.hasEnded else { return }
            next = 0
        }
        next = max(0, next)
        // Onto the photos a kept place had shown: past them, to the first it had not.
        if delta > 0, let skip = carryOnSkip, let from = catalog.feed.index(of: skip.from),
           let to = catalog.feed.index(of: skip.to), next >= from {
            carryOnSkip = nil
            if next < to { next = to }
        }
        shownFor = 0
        guard next != index else { return }
        previous = current
        previousCompanion = companion
        previousAge = currentAge
        currentAge = 0
        forward = delta > 0
        current = catalog.items[next].key
        companion = companion(after: next)
        fade = transition == .none ? 1 : 0
        if fade >= 1 { previous = nil; previousCompanion = nil }
        // Each path is fixed with the centre the step waited for (a later answer must not move it).
        if motion { for photo in [current, companion].compactMap(photo) { _ = kenBurns(photo) } }
        // The wall follows (at once: it is not drawn meanwhile), so a kiosk's feed still forgets passes it has left.
        feedWall.focus(next)
        feedWall.setScroll(offset: feedWall.scroll.target)
    }

    /// Goes to the photo at `index` of the feed, as a step there would (the remote's `open-photo`).
    public func show(index target: Int) {
        guard let index, target != index, target >= 0, target < feedWall.catalog.count else { return }
        step(target - index)
    }

    /// Carries on at the photo at `target`, the first a kept place had not shown, in a page that begins at
    /// `pageStart` with the photos it had shown: at once, without a transition (nothing showed before it), unless
    /// the show already shows photos from before that page (today's memories first): then it goes there when it
    /// would step onto the page's photos already shown.
    public func carryOn(at target: Int, pageStart: Int) {
        let items = feedWall.catalog.items
        guard target >= 0, target < items.count else { return }
        if let index, index < pageStart {
            carryOnSkip = (from: items[min(pageStart, target)].key, to: items[target].key)
            return
        }
        current = items[target].key
        companion = companion(after: target)
        previous = nil
        previousCompanion = nil
        fade = 1
        shownFor = 0
        currentAge = 0
        feedWall.focus(target)
        feedWall.setScroll(offset: feedWall.scroll.target)
    }

    /// Starts from the feed's first photo (a new feed, or the photo shown was let go).
    private func restart() {
        current = feedWall.catalog.items.first?.key
        companion = feedWall.catalog.isEmpty ? nil : companion(after: 0)
        previous = nil
        previousCompanion = nil
        fade = 1
        shownFor = 0
        currentAge = 0
    }

    // MARK: input

    public var scopes: [Scope] { [SlideshowScreen.scope] }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .nextPhoto: step(1)
        case .previousPhoto: step(-1)
        case .action(RoomAction.pause): paused.toggle()
        case .setPaused(let pause): paused = pause
        case .closeScreen: gallery.pop(self)
        case .toggleBookmark:
            if let photo = photo(current) { Bookmarking.toggle(photo, in: gallery) } else { gallery.refuse(tr("No photo shows yet")) }
        default: return nil
        }
        return GalleryModel.Effect.none
    }

    /// A tap on the left third goes back, on the right third on, in the middle pauses; swipes move.
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool {
        switch input {
        case let .click(x, _):
            let third = viewport.size.width / 3
            if x < third { step(-1) } else if x >= viewport.size.width - third { step(1) } else { paused.toggle() }
        case let .swipe(dx, _, _):
            step(dx < 0 ? 1 : -1)
        case .wheel(let notches):
            step(notches < 0 ? 1 : -1)
        default:
            return false
        }
        return true
    }

    public func resize(to viewport: Viewport) { self.viewport = viewport }

    public var wantsFeedPages: Bool? { (index ?? 0) + 3 >= feedWall.catalog.count }
    public func largeImages(in gallery: GalleryModel) -> [LargeImage] {
        let images = wanted()
        // With motion, the centres of interest of the photos about to show are looked up beside their images.
        if motion { for image in images { _ = interest(image.photo) } }
        return images
    }

    public func adjust(_ status: inout HeaderStatus, in gallery: GalleryModel) {
        // Translators: Space is the key.
        if paused { status.note = tr("Slideshow paused · Space or a tap in the middle goes on") }
    }

    /// Opens the slideshow at the wall's focused (or top) photo, or closes it when it shows.
    public static func open(in gallery: GalleryModel) {
        if let shown = gallery.screen as? SlideshowScreen { gallery.pop(shown); return }
        gallery.closeOverlays()
        let services = gallery.services
        gallery.push(SlideshowScreen(wall: gallery.currentBrowse, interval: gallery.config.slideInterval,
                                     pairs: gallery.config.slidePairs, transition: gallery.config.slideTransition,
                                     motion: gallery.config.slideMotion, arrived: { services.imageArrived($0) },
                                     clipProgress: { services.clipProgress($0) }, interest: { services.interest(of: $0) }))
    }
}

extension SlideshowScreen {
    /// While a wall shows, or the slideshow itself (to leave it).
    public static let button = ToolbarItem(id: "slideshow", command: .showSlideshow, rank: 2) { gallery in
        let shows = gallery.screen is SlideshowScreen
        guard shows || gallery.screen.wall != nil else { return nil }
        return ToolbarItem.Look(glyph: "▶", icon: .slideshow, label: shows ? tr("Leave the slideshow") : tr("Slideshow"),
                                active: shows)
    }
}
