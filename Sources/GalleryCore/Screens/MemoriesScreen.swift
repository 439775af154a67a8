/// Memories (`m`, the header's ⟲): the photos the source says were taken on this day in earlier years, newest
/// first, on a wall of their own under a heading per year. The source is asked once when the room opens (a folder
/// answers from its index, Immich from its own); the wall waits for the answer, says when there is none, and never
/// pages. Esc goes back to the wall it was opened from, which kept its place.
public final class MemoriesScreen: Screen {
    public static let scope = Scope.memories
    /// Memories a room shows at the most (a library of many years may hold thousands for one day).
    public static let limit = PhotoDateFilter.memoriesLimit
    /// The day whose memories show.
    public let day: PhotoDateFilter.Day
    public private(set) var memories: BrowseScreen
    /// The source's answer: nil while it is awaited; the words when it failed.
    public private(set) var answered = false
    public private(set) var failure: String?

    init(day: PhotoDateFilter.Day, config: GalleryConfig, viewport: Viewport, mode: BrowseScreen.Mode) {
        self.day = day
        memories = MemoriesScreen.wall(of: [], day: day, config: config, viewport: viewport, mode: mode)
    }

    private static func wall(of photos: [Photo], day: PhotoDateFilter.Day, config: GalleryConfig, viewport: Viewport,
                             mode: BrowseScreen.Mode) -> BrowseScreen {
        let wall = BrowseScreen(catalog: Catalog(fixed: photos), config: config)
        wall.sections = WallSections(today: day)
        wall.resize(to: viewport)
        if mode != wall.mode { wall.setMode(mode) }
        return wall
    }

    /// `Command.showMemories`: from a wall, when the source shown can say what its memories are.
    public static func open(in gallery: GalleryModel) {
        if let shown = gallery.innermost as? MemoriesScreen { return gallery.pop(shown) }
        guard gallery.services.offersMemories, gallery.screen.wall != nil, !(gallery.screen is MemoriesScreen) else { return }
        gallery.closeOverlays()
        let room = MemoriesScreen(day: gallery.services.today, config: gallery.config, viewport: gallery.viewport,
                                  mode: gallery.currentBrowse.mode)
        room.memories.setColumns(gallery.currentBrowse.chosenColumns)  // as zoomed as the wall it opens from
        gallery.push(room)
        gallery.ask(.askMemories(room.day))
    }

    /// The room open now, if it is (the answer is for it).
    public static func shown(in gallery: GalleryModel) -> MemoriesScreen? {
        gallery.screens.reversed().lazy.compactMap { $0 as? MemoriesScreen }.first
    }

    /// The source's memories came (for the top memories room: the one that asked last).
    public func receive(_ reply: ServiceReply, in gallery: GalleryModel) -> String? {
        guard case .memories(let result) = reply else { return nil }
        arrived(result)
        return summary
    }

    /// The source answered: its photos, already newest first, make the wall.
    public func arrived(_ result: Result<[Photo], SourceError>) {
        answered = true
        switch result {
        case .success(let photos):
            failure = nil
            let old = memories
            memories = MemoriesScreen.wall(of: Array(photos.prefix(MemoriesScreen.limit)), day: day, config: old.config,
                                           viewport: old.viewport, mode: old.mode)
            memories.setColumns(old.chosenColumns)
        case .failure(let error):
            failure = tr("Memories could not be asked for: {error}", ["error": "\(error)"])
        }
    }

    /// What the empty wall says.
    public var emptyText: String {
        if let failure { return failure }
        let date = MemoriesScreen.dayName(day)
        // Translators: {date} is a day of the year, "26 November".
        guard answered else { return tr("Looking for photos taken on {date} in earlier years…", ["date": date]) }
        // Translators: {date} is a day of the year, "26 November"; ← and Esc are keys.
        return tr("No photos taken on {date} in earlier years. Memories go by the date a photo was taken (its EXIF date in a folder). ← or Esc goes back.", ["date": date])
    }

    /// "26 November", in the frame's language (`WordDates`).
    public static func dayName(_ day: PhotoDateFilter.Day) -> String { WordDates.dayOfYear(month: day.month, day: day.day) }

    /// One line for the log: how many memories, under which headings.
    public var summary: String {
        let titles = memories.layout.headings.map(\.title)
        return "memories of \(WordDates.dayOfYear(month: day.month, day: day.day, in: .english)): " + counted(memories.catalog.count, "photo", "photos")
            + (titles.isEmpty ? "" : " under " + titles.joined(separator: "; "))
    }


    public var scopes: [Scope] { [.memories, .browse] }
    /// Back keeps it for Forward.
    public var isPage: Bool { true }
    public var wall: BrowseScreen? { memories }
    public var picture: AnyHashable? { [memories.picture, AnyHashable(answered), AnyHashable(failure)] }

    public func adjust(_ status: inout HeaderStatus, in gallery: GalleryModel) {
        status = HeaderStatus(photos: memories.catalog.count, sourceName: tr("memories of {date}", ["date": MemoriesScreen.dayName(day)]),
                              pageLoading: !answered, imagesLoading: status.imagesLoading, problem: status.problem,
                              note: status.note, offline: status.offline)
    }

    public func perform(_ command: Command, in gallery: GalleryModel) -> GalleryModel.Effect? {
        switch command {
        case .closeScreen: gallery.pop(self)
        default: return memories.perform(command, in: gallery)
        }
        return GalleryModel.Effect.none
    }

    public func pointer(_ input: PointerInput, in gallery: GalleryModel) -> Bool { memories.pointer(input, in: gallery) }
    public func tick(dt: Double) { memories.tick(dt: dt) }
    public func resize(to viewport: Viewport) { memories.resize(to: viewport) }
}

extension MemoriesScreen {
    /// While a wall shows and the source has memories to offer, or the room itself (to leave it).
    public static let button = ToolbarItem(id: "memories", command: .showMemories, rank: 4) { gallery in
        let shows = gallery.screen is MemoriesScreen
        guard shows || (gallery.screen.wall != nil && gallery.services.offersMemories) else { return nil }
        return ToolbarItem.Look(glyph: "⟲", icon: .history, label: shows ? tr("Leave memories") : tr("Memories: this day in earlier years"),
                                active: shows)
    }
}
