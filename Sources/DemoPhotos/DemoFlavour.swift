import GalleryCore

/// How the demo catalogue looks as one source or another: the photos as that source would describe them (colours,
/// BlurHashes, EXIF), how they are credited, and how many a page holds. A network source brings its own as its
/// stand-in; the demo itself knows none of them.
public struct DemoFlavour {
    /// What the demo's pages and bookmarks are kept under ("demo", "demo-unsplash").
    public var key: String
    /// The header's note while it shows.
    public var note: String
    public var pageSizes: ClosedRange<Int>
    /// A catalogue entry as the source would describe it (nil: left out, as the source would skip it).
    public var photo: (DemoCatalog.Entry) -> Photo?
    public var credit: (Photo) -> Credit

    public init(key: String, note: String = untranslated("Demo photos, drawn by Tessera: no network needed"), pageSizes: ClosedRange<Int> = 1...100,
                photo: @escaping (DemoCatalog.Entry) -> Photo? = DemoFlavour.plainPhoto,
                credit: @escaping (Photo) -> Credit = DemoFlavour.plainCredit) {
        self.key = key; self.note = note; self.pageSizes = pageSizes; self.photo = photo; self.credit = credit
    }

    /// The catalogue as it is: an author and a size.
    public static let plain = DemoFlavour(key: "demo")

    public static func plainPhoto(_ e: DemoCatalog.Entry) -> Photo? {
        Photo(id: e.id, author: e.author, width: e.width, height: e.height, url: "", downloadURL: "")
    }

    public static func plainCredit(_ photo: Photo) -> Credit {
        Credit(line: photo.author, page: "", details: demoDetails(photo))
    }

    /// The pane's line saying what a demo photo is.
    public static func demoDetails(_ photo: Photo) -> [String] {
        // Translators: in the pane; {id} is the demo photo's number, {width} × {height} its size in pixels.
        [tr("Demo photo {id}, {width} × {height}, drawn by Tessera",
            ["id": photo.id, "width": String(photo.width), "height": String(photo.height)])]
    }
}
