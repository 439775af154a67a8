/// The one door between the rooms and the app. A room asks the app for a service it cannot give itself (the
/// desktop's folder chooser, a day's memories from the source, another folder shown) by sending a `ServiceRequest`
/// through `GalleryModel.ask`; what comes of it later comes back as a `ServiceReply` through
/// `GalleryModel.receive`, which hands it to the room it is for. What the app knows and a room only reads (how the
/// shown source credits a photo, whether an image arrived, how a clip plays) it answers through the same door, at
/// once. The app implements this once (`ServiceDesk`); a test hands in a stand-in. Every member has a default
/// (the answer of a gallery without an app), so a stand-in says only what its test is about.
public protocol AppServices: AnyObject {
    /// Carries out a room's request. Answers that take time come back through `GalleryModel.receive(_:)`.
    func carry(_ request: ServiceRequest)

    /// How a photo is credited in the pane, and the link `c` copies and `o` opens (`PhotoSource.credit`).
    func credit(for photo: Photo) -> Credit
    /// Whether a photo's large image has arrived (or failed for good): the slideshow waits a while for the next one.
    func imageArrived(_ item: ItemKey) -> Bool
    /// How the moving picture of an item plays now (nil: it does not play, or is no moving picture).
    func clipProgress(_ item: ItemKey) -> ClipProgress?
    /// A photo's centre of interest for the slideshow's motion: `.unknown` while it is looked up (asking starts it).
    func interest(of photo: Photo) -> CentreOfInterest
    /// Whether frames keep within their budget (else the wall plays one clip at most).
    var keepsUp: Bool { get }
    /// How many photos the shown source holds, where it knows (`PhotoSource.knownPhotoCount`).
    var knownPhotos: Int? { get }
    /// What the wall says when the feed ended empty (the shown source's words).
    var emptyFeedText: String { get }
    /// The server the shown source talks to, as messages name it ("picsum.photos", "127.0.0.1:8321").
    var serverName: String { get }
    /// The folder shown, as a person writes it ("~/Pictures/x"); nil when the source is not a folder.
    var shownFolder: String? { get }
    /// What the welcome screen offers to show (nil: nothing; the run was told its source), asked when it opens (a
    /// start that greets by name never looks into the Pictures folder).
    var photoOffer: PhotoOffer? { get }
    /// The folder a typed path names (`~` expanded, made absolute), nil when it is not a folder that can be read.
    func resolveFolder(_ typed: String) -> String?
    /// Whether the source shown can say what its memories are (`PhotoSource.offersMemories`).
    var offersMemories: Bool { get }
    /// The calendar day where the gallery is, now.
    var today: PhotoDateFilter.Day { get }
    /// Line height of the pane's text, from the font the app loaded.
    var detailLineHeight: Int { get }
    /// Whether the pane may offer file actions on this photo: it is a file in a folder on this computer.
    func canChangeFiles(of photo: Photo) -> Bool
    /// Does a file action on the photo's file (the pane has checked who asks); what came of it, with its undo.
    func fileAction(_ action: FileAction, on photo: Photo) -> FileActionOutcome
}

/// What a room asks of the app (`GalleryModel.ask`).
public enum ServiceRequest: Equatable, Sendable {
    /// Show these folders now (the welcome screen's choice), in place of the source shown.
    case showFolders([String])
    /// Open the desktop's folder chooser; the choice comes back as `ServiceReply.chosenFolder`.
    case chooseFolder
    /// The source's memories of a day; they come back as `ServiceReply.memories`.
    case askMemories(PhotoDateFilter.Day)
}

/// What comes back to the rooms from a request (`GalleryModel.receive`).
public enum ServiceReply: Equatable, Sendable {
    /// The desktop's folder chooser answered (nil: it was cancelled or there is none).
    case chosenFolder(String?)
    /// The source's memories of a day.
    case memories(Result<[Photo], SourceError>)
}

extension AppServices {
    public func carry(_ request: ServiceRequest) {}
    public func credit(for photo: Photo) -> Credit { Credit(line: photo.author, page: photo.url) }
    public func imageArrived(_ item: ItemKey) -> Bool { true }
    public func clipProgress(_ item: ItemKey) -> ClipProgress? { nil }
    public func interest(of photo: Photo) -> CentreOfInterest { .none }
    public var keepsUp: Bool { true }
    public var knownPhotos: Int? { nil }
    public var emptyFeedText: String { tr("This feed has no photos.") }
    // Translators: stands for a server's name in "Can’t reach {server}".
    public var serverName: String { tr("the server") }
    public var shownFolder: String? { nil }
    public var photoOffer: PhotoOffer? { nil }
    public func resolveFolder(_ typed: String) -> String? { nil }
    public var offersMemories: Bool { false }
    public var today: PhotoDateFilter.Day { PhotoDateFilter.day(of: 0) }
    public var detailLineHeight: Int { 22 }
    public func canChangeFiles(of photo: Photo) -> Bool { false }
    public func fileAction(_ action: FileAction, on photo: Photo) -> FileActionOutcome {
        .refused(tr("Only photos from folders on this computer have files to change"))
    }
}

/// A gallery without an app (a test that needs none): every answer the default.
public final class NoServices: AppServices {
    public init() {}
}

extension GalleryModel {
    /// Sends a room's request to the app.
    public func ask(_ request: ServiceRequest) { services.carry(request) }

    /// An answer from the app, for the room it is for (the innermost one that takes it). Returns what the room
    /// made of it, for the log (nil: no room took it).
    @discardableResult
    public func receive(_ reply: ServiceReply) -> String? {
        for room in (overlays as [Room] + screens.reversed()) {
            if let taken = room.receive(reply, in: self) { return taken }
        }
        return nil
    }
}
