/// What an overlay of the layer declares about itself once, so the layer, not the loop or a room, decides where it
/// stands, when it shows, how it fades, how it moves against burn-in and how often its content is asked again.
public struct OverlayTraits: Equatable, Sendable {
    public var placement: OverlayPlacement
    /// The scenes it shows in.
    public var scenes: OverlayScenes
    public var fade: OverlayFade
    /// Its share of the kiosk's burn-in shift (`PixelShift`), 0…1: 1 moves with the picture, 0 stands still.
    public var shiftShare: Double
    /// Whether its spot is the upright picture's (it turns with the picture onto a `--rotate`d panel) or the
    /// panel's own (a corner stays the panel's corner, the text still upright in the picture).
    public var turnsWithPicture: Bool
    public var refresh: OverlayRefresh
    /// Drawn under the header and the modal rooms (a clock, the captions), or over everything (a toast).
    public var depth: OverlayDepth

    public init(placement: OverlayPlacement, scenes: OverlayScenes, fade: OverlayFade = .steady, shiftShare: Double = 1,
                turnsWithPicture: Bool = true, refresh: OverlayRefresh, depth: OverlayDepth = .underHeader) {
        self.placement = placement; self.scenes = scenes; self.fade = fade
        self.shiftShare = min(1, max(0, shiftShare)); self.turnsWithPicture = turnsWithPicture
        self.refresh = refresh; self.depth = depth
    }
}

/// Where an overlay stands: a corner, the middle of the top or bottom edge (a band), the centre, or the whole
/// window; `inset` pixels off the edges it stands at.
public struct OverlayPlacement: Equatable, Sendable {
    public enum Spot: Equatable, Sendable, CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight, topBand, bottomBand, centred, fullScreen
    }
    public var spot: Spot
    public var inset: Int

    public init(_ spot: Spot, inset: Int = 0) { self.spot = spot; self.inset = inset }

    /// Where something of `size` stands in `area` (window pixels).
    public func frame(size: PixelSize, in area: Rect) -> Rect {
        let w = size.width, h = size.height
        let left = area.x + inset, right = area.maxX - inset - w, middle = area.x + (area.width - w) / 2
        let top = area.y + inset, bottom = area.maxY - inset - h, centre = area.y + (area.height - h) / 2
        switch spot {
        case .topLeft: return Rect(x: left, y: top, width: w, height: h)
        case .topRight: return Rect(x: right, y: top, width: w, height: h)
        case .bottomLeft: return Rect(x: left, y: bottom, width: w, height: h)
        case .bottomRight: return Rect(x: right, y: bottom, width: w, height: h)
        case .topBand: return Rect(x: middle, y: top, width: w, height: h)
        case .bottomBand: return Rect(x: middle, y: bottom, width: w, height: h)
        case .centred: return Rect(x: middle, y: centre, width: w, height: h)
        case .fullScreen: return area
        }
    }

    /// The spot in the upright picture that lands on this spot of a panel turned by `rotation` (`--rotate`): a
    /// corner of the panel is another corner of the picture. Bands, the centre and the whole window stay.
    public func onPanel(turned rotation: PanelRotation) -> OverlayPlacement {
        // Clockwise round the corners; a picture turned a quarter clockwise has its top-left at the panel's top-right.
        let ring: [Spot] = [.topLeft, .topRight, .bottomRight, .bottomLeft]
        guard let i = ring.firstIndex(of: spot) else { return self }
        return OverlayPlacement(ring[(i - rotation.degrees / 90 + 4) % 4], inset: inset)
    }
}

/// What the window shows under the overlays, as far as they care.
public enum OverlayScene: Equatable, Sendable {
    case slideshow, kioskWall, desktopWall, asleep
    /// Any other screen: the welcome, a search, the bookmarks without a wall.
    case elsewhere

    /// The scene of `gallery` now (`asleep`: outside a kiosk's hours).
    public static func of(_ gallery: GalleryModel, asleep: Bool) -> OverlayScene {
        if asleep { return .asleep }
        if gallery.screen is FrameScreen { return .slideshow }
        if gallery.screen.wall != nil { return gallery.kiosk != nil ? .kioskWall : .desktopWall }
        return .elsewhere
    }
}

/// The scenes an overlay shows in.
public struct OverlayScenes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let slideshow = OverlayScenes(rawValue: 1)
    public static let kioskWall = OverlayScenes(rawValue: 2)
    public static let desktopWall = OverlayScenes(rawValue: 4)
    public static let asleep = OverlayScenes(rawValue: 8)
    public static let elsewhere = OverlayScenes(rawValue: 16)
    public static let walls: OverlayScenes = [.kioskWall, .desktopWall]
    /// Wherever something is drawn (a display asleep draws nothing unless an overlay asks for it).
    public static let awake: OverlayScenes = [.slideshow, .walls, .elsewhere]

    /// Whether an overlay of these scenes shows in `scene`.
    public func include(_ scene: OverlayScene) -> Bool {
        let member: OverlayScenes
        switch scene {
        case .slideshow: member = .slideshow
        case .kioskWall: member = .kioskWall
        case .desktopWall: member = .desktopWall
        case .asleep: member = .asleep
        case .elsewhere: member = .elsewhere
        }
        return isSuperset(of: member)
    }
}

/// How an overlay fades: never (it stays as long as it shows), or with the header by the header's rules (a
/// slideshow's fades away while nobody touches the frame, and comes back with a touch).
public enum OverlayFade: Equatable, Sendable {
    case steady, withHeader

    /// Its opacity when the header's is `header` (0…1).
    public func opacity(header: Double) -> Double {
        switch self {
        case .steady: return 1
        case .withHeader: return min(1, max(0, header))
        }
    }
}

/// How often an overlay's content is asked again: every frame drawn (a clock with milliseconds, a toast that
/// follows the model), or every `seconds` of the wall clock, on the multiples of it (a clock each second on the
/// second, a weather each ten minutes). Between refreshes it costs nothing, and the loop redraws only when a
/// refresh says the content changed.
public enum OverlayRefresh: Equatable, Sendable {
    case everyFrame
    case every(seconds: Double)

    /// The wall-clock time (seconds since 1970) of the next refresh after one at `time`; nil: every frame.
    public func next(after time: Double) -> Double? {
        switch self {
        case .everyFrame: return nil
        case .every(let seconds):
            let period = max(0.001, seconds)
            return ((time / period).rounded(.down) + 1) * period
        }
    }

    /// Whether a refresh planned for `due` (by `next(after:)`) is due at `time`: once the time reaches it, and at
    /// once when the wall clock went back by more than a period (an NTP step, a Pi's clock set at boot), which
    /// would otherwise hold the overlay, a clock among them, until the time came round again.
    public func isDue(_ due: Double?, at time: Double) -> Bool {
        guard let due else { return true }
        switch self {
        case .everyFrame: return true
        case .every(let seconds): return time >= due || due - time > max(0.001, seconds)
        }
    }
}

/// Where an overlay is drawn in the frame's order.
public enum OverlayDepth: Equatable, Sendable, CaseIterable {
    /// Over the screen, under the header and the modal rooms (an alert's scrim dims it with the rest).
    case underHeader
    /// Over everything but the header's tooltip.
    case top
}
