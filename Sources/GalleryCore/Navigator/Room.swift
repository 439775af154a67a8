/// One room of the gallery: a screen (what fills the window under the header) or an overlay drawn over it. Each
/// carries what the app asks of it (its key scopes and commands, pointer input, time passing, whether its picture is
/// still, the images it wants, its header text), so the navigator, the renderer, the image demand and the kiosk ask
/// the rooms instead of switching on a closed list. Defaults (below) let a room say only what concerns it.
public protocol Room: AnyObject {
    /// The key scopes that act while this room is innermost, innermost first (`global` always follows).
    var scopes: [Scope] { get }
    /// Runs a command while this room is innermost; nil when the command is not this room's (nothing happens).
    func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect?
    /// Pointer input while this room is innermost (hit-testing goes through the same stack as keys); true when used.
    func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool
    /// The text field typed text goes to while this room is innermost.
    var field: TextField? { get }
    /// Changes the field (typing, backspace, an input method's composition) and reacts to the change.
    func editField(_ change: (inout TextField) -> Void, in gallery: GalleryModel)
    /// Time passes (animations, scrolling).
    func tick(dt: Double)
    /// Whether an animation runs (automation waits for it; scrolling is the wall's own `scroll.isMoving`).
    var isAnimating: Bool { get }
    /// Whether it moves by itself for as long as it shows (the slideshow's `--motion`): drawn at the display's rate
    /// like an animation, but never waited for (it does not end).
    var movesByItself: Bool { get }
    /// Seconds between the photos it shows when it changes them by itself now (a slideshow not paused), else nil:
    /// a frame whose photo stops changing then is stalled (`StallWatch`).
    var advancesEvery: Double? { get }
    /// What the room's picture depends on while it stands still; nil while it changes by itself (scrolling, a caret
    /// blinking). Two frames with equal pictures look the same under the header.
    var picture: AnyHashable? { get }
    /// The window changed size or display.
    func resize(to viewport: Viewport)
    /// Photos it shows large (the pane's, the slideshow's), most urgent first: wanted before any cell.
    func largeImages(in gallery: GalleryModel) -> [LargeImage]
    /// The moving pictures it plays now (clips, animations, Live Photos' motion), most wanted first.
    func playRequests(in gallery: GalleryModel) -> [PlayRequest]
    /// Back (the header's ←, an edge swipe) when this is the innermost room: true when the room did it its own way
    /// (a search leaves bar and results at once); false to be closed or popped as usual.
    func goBack(in gallery: GalleryModel) -> Bool
    /// Whether Forward has somewhere to go inside this room (the pane's history ahead).
    var canGoForward: Bool { get }
    /// Forward inside this room, when it is innermost; true when it moved.
    func goForward(in gallery: GalleryModel) -> Bool
    /// Whether leaving it by Back keeps it for Forward (`ForwardTrail`): a page of the way (the pane, bookmarks,
    /// search, memories), not a message or a menu.
    var isPage: Bool { get }
    /// Whether Forward can open it again as it was left (a pane whose photo the feed still holds, over the wall it
    /// was opened from); it gets ready to show again when it can.
    func canReopen(in gallery: GalleryModel) -> Bool
    /// An answer from the app (`GalleryModel.receive`): what the room made of it, for the log, when it is this
    /// room's; nil when it is not.
    func receive(_ reply: ServiceReply, in gallery: GalleryModel) -> String?
    /// Its name in the remote's state ("wall", "pane", "slideshow").
    var remoteName: String { get }
    /// The photo it shows, as the remote names it (`FrameState.photoShown`), and its place in the feed when it is
    /// the feed's; nil when it shows none of its own.
    func photoShown(in gallery: GalleryModel) -> (photo: Photo, index: Int?)?
    /// Says its part of the remote's state (the slideshow's pause and interval) while it is on the stack.
    func describe(_ state: inout FrameState, in gallery: GalleryModel)
    /// Whether it waits for the app's answer to a request (the folder chooser, a day's memories): automation does
    /// not call the screen settled meanwhile.
    var awaitsReply: Bool { get }
}

/// What fills the window under the header: the wall, the bookmarks, the search's matches, the welcome screen.
public protocol Screen: Room {
    /// The wall this screen shows (its cells are the images it wants), if it shows one.
    var wall: BrowseScreen? { get }
    /// A note for the header, shown when nothing more urgent (offline, a failing page) is to be said.
    var headerNote: String? { get }
    /// Last word on the header's status while this screen shows (the bookmarks count their own photos).
    func adjust(_ status: inout HeaderStatus, in gallery: GalleryModel)
    /// Whether the feed should grow for this screen (nil: the feed wall decides).
    var wantsFeedPages: Bool? { get }
    /// New items arrived in the feed.
    func feedGrew(_ newItems: ArraySlice<FeedItem>, in gallery: GalleryModel)
    /// Whether the screen stays when the feed starts over (a reload, a new source): a view of the old items does not.
    var outlivesFeed: Bool { get }
    /// Whether a kiosk's wall scrolls by itself while this screen shows.
    var scrollsInKiosk: Bool { get }
    /// How much of the header shows over the screen, 0…1 (a slideshow lets it fade away while nobody touches it).
    var chromeOpacity: Double { get }
    /// Input came (a key, a touch, the pointer moved): faded chrome comes back.
    func noteInput()
    /// What the frame shows while this screen is on the stack, for the remote (nil: it says nothing of it; the
    /// slideshow says `.slideshow`).
    var frameMode: FrameMode? { get }
    /// The photos on show here, for the show's place in the user's library (`OnShow.photosOnShow`).
    func photosOnShow(in gallery: GalleryModel) -> [Photo]
    /// Whether the header's buttons are dimmed over it, help's alone excepted (the welcome screen wants a name).
    var dimsToolbar: Bool { get }
    /// A page of a show carried on from a kept place arrived on `wall`: a slideshow over it carries on at `next`.
    func carryOn(at next: Int, pageStart: Int, of wall: BrowseScreen)
    /// What it says while it has nothing to show: a picture, a title and the actions that help (`EmptyState`).
    func emptyState(in gallery: GalleryModel) -> EmptyState?
}

/// Drawn over the screen, innermost last; an overlay takes input before everything under it (it is modal).
public protocol Overlay: Room {
    /// It is being closed: an overlay that animates away starts doing so (it is drawn until `isAnimating` ends).
    func willClose(in gallery: GalleryModel)
    /// Whether it is drawn over the header too (an alert's scrim): the clock is then never redrawn alone over it.
    var coversHeader: Bool { get }
    /// How far down the toast may come while it is open (the pane keeps its text clear); nil: the window's foot.
    func toastFloor(in gallery: GalleryModel) -> Int?
}

/// A photo an overlay shows large, where it is drawn (window coordinates).
public struct LargeImage {
    public let item: ItemKey
    public let photo: Photo
    public let frame: Rect
}

/// Pointer input as rooms see it, from the mouse and from touch alike (`GestureRecognizer`): window coordinates,
/// a drag's movement, wheel notches, and the gestures a finger makes.
public enum PointerInput: Equatable {
    /// A click, or a tap.
    case click(x: Int, y: Int)
    case middleClick(x: Int, y: Int)
    case doubleClick(x: Int, y: Int)
    /// A finger held still (the right button does the same).
    case longPress(x: Int, y: Int)
    case hover(x: Int, y: Int)
    case wheel(notches: Double)
    case beginDrag(x: Int, y: Int, time: Double)
    case drag(dx: Double, dy: Double, time: Double)
    case endDrag(time: Double)
    /// A quick sideways stroke: `dx` its direction and length; `fromEdge` when it began at the window's edge.
    case swipe(dx: Double, dy: Double, fromEdge: Bool)
    /// Two fingers: the distance between them grew by `scale` since the last step, around (x, y).
    case pinch(scale: Double, x: Int, y: Int)
}

extension Room {
    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? { nil }
    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool { false }
    public var field: TextField? { nil }
    public func editField(_ change: (inout TextField) -> Void, in gallery: GalleryModel) {}
    public func tick(dt: Double) {}
    public var isAnimating: Bool { false }
    public var movesByItself: Bool { false }
    public var advancesEvery: Double? { nil }
    public var picture: AnyHashable? { 0 }
    public func resize(to viewport: Viewport) {}
    public func largeImages(in gallery: GalleryModel) -> [LargeImage] { [] }
    public func playRequests(in gallery: GalleryModel) -> [PlayRequest] { [] }
    public func goBack(in gallery: GalleryModel) -> Bool { false }
    public var canGoForward: Bool { false }
    public func goForward(in gallery: GalleryModel) -> Bool { false }
    public var isPage: Bool { false }
    public func canReopen(in gallery: GalleryModel) -> Bool { true }
    public func receive(_ reply: ServiceReply, in gallery: GalleryModel) -> String? { nil }
    /// Its type's name, without Screen or Overlay, in lower case.
    public var remoteName: String {
        var name = String(describing: type(of: self))
        for suffix in ["Screen", "Overlay"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.lowercased()
    }
    public func photoShown(in gallery: GalleryModel) -> (photo: Photo, index: Int?)? { nil }
    public func describe(_ state: inout FrameState, in gallery: GalleryModel) {}
    public var awaitsReply: Bool { false }
}

extension Screen {
    public var wall: BrowseScreen? { nil }
    public var headerNote: String? { nil }
    public func adjust(_ status: inout HeaderStatus, in gallery: GalleryModel) {}
    public var wantsFeedPages: Bool? { nil }
    public func feedGrew(_ newItems: ArraySlice<FeedItem>, in gallery: GalleryModel) {}
    public var outlivesFeed: Bool { true }
    public var scrollsInKiosk: Bool { false }
    public var chromeOpacity: Double { 1 }
    public func noteInput() {}
    public var frameMode: FrameMode? { nil }
    public func photosOnShow(in gallery: GalleryModel) -> [Photo] { [] }
    public var dimsToolbar: Bool { false }
    public func carryOn(at next: Int, pageStart: Int, of wall: BrowseScreen) {}
}

extension Overlay {
    public func willClose(in gallery: GalleryModel) {}
    public var coversHeader: Bool { false }
    public func toastFloor(in gallery: GalleryModel) -> Int? { nil }
}
