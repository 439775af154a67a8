import Foundation

/// A non-modal overlay's model: what it shows, worked out from the time and the gallery, pure and testable. Its
/// view (in the app) draws it where its traits put it; one registry line installs both. It never takes input.
public protocol OverlayModel: AnyObject {
    var traits: OverlayTraits { get }
    /// Brings what it shows up to `context`; returns whether that changed (then the frame is drawn again). Called
    /// as often as `traits.refresh` says.
    func refresh(_ context: OverlayContext) -> Bool
    /// Whether it has anything to show now in `gallery` (a toast between messages has not; the frame's clock not
    /// while the slideshow waits for its first photo).
    func shows(in gallery: GalleryModel) -> Bool
    /// The part of the window it stands in (the window, unless something there keeps its foot).
    func area(in gallery: GalleryModel) -> Rect
    /// What it shows now, in words ("07:05", "12 °C, cloudy"), for the remote's state of the screen and the tests
    /// that read it; nil: nothing to say.
    var words: String? { get }
}

extension OverlayModel {
    public var words: String? { nil }
    public func shows(in gallery: GalleryModel) -> Bool { true }
    public func area(in gallery: GalleryModel) -> Rect {
        Rect(x: 0, y: 0, width: gallery.viewport.size.width, height: gallery.viewport.size.height)
    }
}

/// What an overlay refreshes from.
public struct OverlayContext {
    /// The wall clock.
    public let date: Date
    public let timeZone: TimeZone
    public let gallery: GalleryModel

    public init(date: Date, timeZone: TimeZone = .current, gallery: GalleryModel) {
        self.date = date; self.timeZone = timeZone; self.gallery = gallery
    }
}

/// A screen that shows photos one at a time as a frame on a wall does (the slideshow): under the overlays it is the
/// slideshow's scene, and its photos carry captions the captions' overlay draws.
public protocol FrameScreen: Screen {
    /// The captions of the photos shown now, each with the photo's frame (none while one photo gives way).
    func captions(in gallery: GalleryModel) -> [PlacedCaption]
    /// Whether a photo stands on it now (not while it waits for its first, or says the feed is empty).
    var showsPhoto: Bool { get }
}

/// A photo's caption and where the photo stands.
public struct PlacedCaption: Equatable, Sendable {
    public let text: String
    public let photoFrame: Rect
    public init(text: String, photoFrame: Rect) { self.text = text; self.photoFrame = photoFrame }
}
