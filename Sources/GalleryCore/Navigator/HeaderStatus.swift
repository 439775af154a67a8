/// The header's compact status, composed from counts so it reads the same in every mode.
public struct HeaderStatus: Equatable {
    public var photos: Int
    public var sourceName: String
    public var pageLoading: Bool
    public var imagesLoading: Int
    /// Something that went wrong and is worth saying (the last page failure, a fallback).
    public var problem: String?
    /// A lasting note about where photos come from (e.g. the demo fallback).
    public var note: String?
    public var offline: Bool

    public init(photos: Int, sourceName: String, pageLoading: Bool, imagesLoading: Int,
                problem: String? = nil, note: String? = nil, offline: Bool = false) {
        self.offline = offline
        self.photos = photos; self.sourceName = sourceName; self.pageLoading = pageLoading
        self.imagesLoading = imagesLoading; self.problem = problem; self.note = note
    }

    public var isBusy: Bool { pageLoading || imagesLoading > 0 }

    /// e.g. "120 photos · demo · loading page, 6 images"
    public var summary: String {
        var parts = [trn("{count} photo", "{count} photos", count: photos), sourceName]
        // Translators: the header's status when the network is gone (photos shown from the cache).
        if offline { parts.append(tr("Offline")) }
        switch (pageLoading, imagesLoading) {
        // Translators: the header's status while the next page of the photo list is asked for.
        case (true, 0): parts.append(tr("loading page"))
        case (true, let n): parts.append(trn("loading page, {count} image", "loading page, {count} images", count: n))
        case (false, 0): break
        case (false, let n): parts.append(trn("loading {count} image", "loading {count} images", count: n))
        }
        return parts.joined(separator: " · ")
    }
}

extension HeaderStatus {
    /// What the header calls the source: a public screen (a kiosk) names a network source by its title ("Lorem
    /// Picsum"), never by the server's address ("127.0.0.1", a LAN host); a desktop shows the source's own name.
    /// A name that is a word rather than a place (the demo's), said in the frame's language.
    public static func sourceLabel(kiosk: Bool, networked: Bool, title: String, name: String) -> String {
        if kiosk && networked { return tr(title) }
        return wordNames.contains(name) ? tr(name, context: "source name") : name
    }

    /// Sources whose own name is a word: the rest are named by a place (a folder, a server's address).
    // Translators: the demo's name in the header, after the count of photos ("30 photos · demo").
    static let wordNames: Set<String> = [untranslated("demo", context: "source name")]

    /// The header's status for the gallery's feed: which note wins when several apply (offline first, then a failing
    /// page, a stopped feed, a cache problem, the source's own note), with pull-to-reload feedback over all.
    public static func of(_ gallery: GalleryModel, sourceName: String, sourceNote: String?, imagesLoading: Int,
                          online: Bool, storeProblem: String?) -> HeaderStatus {
        let catalog = gallery.catalog, screen = gallery.screen
        var problem: String?
        var note = sourceNote
        if !online {
            // One calm line instead of an error per request.
            note = tr("Offline: showing cached photos; retrying in the background")
        } else if case .refused(let why)? = catalog.pager.lastError {
            problem = why
        } else if let error = catalog.pager.lastError {
            // Translators: {page} is a page number of the photo list; {error} says what went wrong (often English).
            problem = tr("Page {page} failed: {error}; retrying",
                         ["page": Words.language.number(catalog.pager.nextPage), "error": "\(error)"])
        } else if let screenNote = screen.headerNote {
            note = screenNote
        } else if let stop = catalog.stopNote {
            note = stop
        } else if let notice = gallery.user.library?.notice {
            // The user's own data cannot be kept: said for as long as that lasts, in words.
            note = notice
        } else if let storeProblem {
            note = storeProblem
        } else if let display = gallery.kiosk?.displayNote {
            note = display
        }
        if gallery.browse.pullDistance > 0 {
            note = gallery.browse.pullReloads ? tr("Release to reload") : tr("Pull to reload")
        }
        // A folder's index knows its whole count before the pages are read (39 photos, not the first page's 30).
        let photos = max(catalog.photoCount, gallery.services.knownPhotos ?? 0)
        var status = HeaderStatus(photos: photos, sourceName: sourceName, pageLoading: catalog.pager.isLoading,
                                  imagesLoading: imagesLoading, problem: problem, note: note, offline: !online)
        screen.adjust(&status, in: gallery)
        return status
    }
}
