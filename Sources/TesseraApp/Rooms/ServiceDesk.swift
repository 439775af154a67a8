import Foundation
import GalleryCore
import LocalSources

/// The app's side of the door to the rooms (`AppServices`): the one place that answers what rooms ask. Requests
/// that take time (the folder chooser, a day's memories) post their answer to the mailbox as `Delivery.reply`,
/// which the loop hands back to the model (`GalleryModel.receive`); what the app knows is read at once from the
/// source, the image pipeline and the clips, each time (the source can change: the demo fallback, a refused key).
final class ServiceDesk: AppServices {
    private let sources: SourceProvider
    private let images: ImagePipeline
    private let clips: ClipPlayers
    private let mailbox: Mailbox<Delivery>
    /// What the welcome screen offers (nil: the run was told its source, or is a kiosk's).
    private let offer: WelcomeOffer?
    /// Line height of the pane's text, set once the font is loaded.
    var detailLineHeight = 22

    init(sources: SourceProvider, images: ImagePipeline, clips: ClipPlayers, mailbox: Mailbox<Delivery>,
         offer: WelcomeOffer?) {
        self.sources = sources; self.images = images; self.clips = clips; self.mailbox = mailbox; self.offer = offer
    }

    func carry(_ request: ServiceRequest) {
        let mailbox = self.mailbox
        switch request {
        case .showFolders(let folders): mailbox.post(.feed(.showFolders(folders)))
        case .chooseFolder:
            // From the welcome screen, or the empty folder's wall (a run told its folder has no offer).
            let start = offer?.chooserStart ?? FolderChooser.picturesFolder() ?? NSHomeDirectory()
            FolderChooser.choose(start: start) {
                mailbox.post(.reply(.chosenFolder($0.map { FolderChooser.abbreviated($0) })))
            }
        case .askMemories(let day):
            sources.upstream.memories(on: day, limit: PhotoDateFilter.memoriesLimit) { mailbox.post(.reply(.memories($0))) }
        }
    }

    func credit(for photo: Photo) -> Credit { sources.source.credit(for: photo) }
    var emptyFeedText: String { sources.upstream.emptyFeedText }
    var serverName: String { sources.serverName }
    var shownFolder: String? {
        guard let folders = sources.upstream as? FolderSource else { return nil }
        return folders.roots.count == 1 ? FolderChooser.abbreviated(folders.roots[0]) : folders.name
    }
    var knownPhotos: Int? { sources.upstream.knownPhotoCount }
    var offersMemories: Bool { sources.upstream.offersMemories }
    var today: PhotoDateFilter.Day { LocalDay.today() }

    func imageArrived(_ item: ItemKey) -> Bool {
        let state = images.state(of: ImageKey(item: item, detail: true))
        return state == .ready || state == .failed
    }

    func clipProgress(_ item: ItemKey) -> ClipProgress? { clips.progress(of: item) }
    func interest(of photo: Photo) -> CentreOfInterest { interests.interest(of: photo, source: sources.source) }
    private let interests = InterestLookup()
    var keepsUp: Bool { clips.keepsUp }

    var photoOffer: PhotoOffer? { offer?.photoOffer() }
    func resolveFolder(_ typed: String) -> String? { FolderChooser.resolve(typed) }

    /// File actions are a folder's photos' alone (`FolderFileActions`). Asked every frame the pane is open, and the
    /// source's answer takes its index lock: the last answer is kept for its photo and source (until a file action,
    /// which may change it; an action on a file gone meanwhile is refused in words all the same).
    func canChangeFiles(of photo: Photo) -> Bool {
        let folder = sources.upstream as? FolderSource
        let asked = (photo.id, folder.map(ObjectIdentifier.init))
        if let known = changeable, known.photo == asked.0, known.source == asked.1 { return known.answer }
        let answer = folder?.file(of: photo) != nil
        changeable = (asked.0, asked.1, answer)
        return answer
    }
    private var changeable: (photo: String, source: ObjectIdentifier?, answer: Bool)?

    func fileAction(_ action: FileAction, on photo: Photo) -> FileActionOutcome {
        changeable = nil
        guard let folder = sources.upstream as? FolderSource else {
            return .refused(tr("Only photos from folders on this computer have files to change"))
        }
        return FolderFileActions(source: folder).perform(action, on: photo)
    }
}

/// What the welcome screen offers on a start that named no folder of its own: the folder chosen before, else the
/// Pictures folder; how it shows them. Worked out when the screen opens (the first run's, or `N`'s later), so a
/// start that greets by name neither looks into the Pictures folder nor looks for a chooser.
struct WelcomeOffer {
    /// The folders chosen before and shown now.
    let chosen: [String]
    /// What shows when no folder is chosen.
    let otherwise: String

    /// Offered whenever the command line named no folder (with --demo too: a first look may become one's own
    /// photos); a kiosk is set up by its owner, not at its screen.
    init?(options: AppOptions, chosenFolders chosen: [String], kind: SourceKind) {
        guard options.paths.isEmpty || options.paths == chosen, options.kiosk == nil else { return nil }
        self.chosen = chosen
        // Translators: the ends of "Leave it empty to see {photos}." on the welcome screen.
        otherwise = kind.name == "demo" || options.demo ? tr("the demo photos")
            : kind.name == "picsum" ? tr("Lorem Picsum's photos from the web (the demo when offline)")
            : kind.name == "folder" ? tr("the photos from the folders")
            // Translators: {source} is a source's name: "Unsplash", "Immich".
            : tr("the photos from {source}", ["source": tr(kind.title)])
    }

    func photoOffer() -> PhotoOffer {
        let pictures = FolderChooser.picturesFolder()
        return PhotoOffer(picturesFolder: pictures.map { FolderChooser.abbreviated($0) },
                          canChoose: FolderChooser.command(start: "/") != nil, otherwise: otherwise,
                          current: chosen.first.map { FolderChooser.abbreviated($0) })
    }

    var chooserStart: String { chosen.first ?? FolderChooser.picturesFolder() ?? NSHomeDirectory() }
}
