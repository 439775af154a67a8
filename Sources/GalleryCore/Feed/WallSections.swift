/// Where a wall of memories is cut into sections, and what each heading says: the photos taken on this day in an
/// earlier year stand under that year ("2023 · 3 years ago"), newest year first as the show sends them; where the
/// memories end and the rest of the show goes on (`--memories-first`), "More photos". The sections are the run of
/// memories each pass opens with: a memory met later among the rest gets no heading, and a new pass (a feed that
/// wrapped) opens its own run.
///
/// It reads the photos in the wall's order (`heading(for:pass:)`), keeping where the run stands; a layout made
/// afresh starts from a copy made before the first photo.
public struct WallSections: Equatable, Sendable {
    /// The day whose memories are headed (the local calendar day; the app moves it on when the day changes).
    public var today: PhotoDateFilter.Day
    /// The pass the last photo read belongs to, and the year of the last memory of its run (nil: none yet).
    private var pass: Int?
    private var lastYear: Int?
    /// Whether this pass's run of memories goes on.
    private var open = true

    public init(today: PhotoDateFilter.Day) { self.today = today }

    /// The same sections, before any photo is read.
    public var fresh: WallSections { WallSections(today: today) }

    /// The heading above `photo` (of feed pass `pass`), the next in the wall's order, or nil for none.
    public mutating func heading(for photo: Photo, pass: Int) -> String? {
        if pass != self.pass {
            self.pass = pass
            lastYear = nil
            open = true
        }
        guard open else { return nil }
        if let year = memoryYear(photo) {
            defer { lastYear = year }
            return year != lastYear ? title(year) : nil
        }
        open = false
        return lastYear != nil ? tr(WallSections.rest) : nil
    }

    /// What stands over the rest of the show after the memories.
    public static let rest = untranslated("More photos")

    /// "2023 · 3 years ago" ("· a year ago" for last year's).
    public func title(_ year: Int) -> String { "\(year) · " + ago(year) }

    /// "3 years ago", "a year ago", in the frame's language ("vor 3 Jahren", "3 年前": `WordDates`).
    public func ago(_ year: Int) -> String { WordDates.yearsAgo(today.year - year) }

    /// What a memory's caption begins with in the slideshow ("3 years ago"), nil for a photo that is none.
    public func captionPrefix(for photo: Photo) -> String? { memoryYear(photo).map(ago) }

    /// The year a photo is a memory of today from, or nil when it is none (no date taken, another day, this year).
    public func memoryYear(_ photo: Photo) -> Int? {
        guard let taken = photo.facts?.taken,
              PhotoDateFilter(onThisDay: today).admits(date: taken, isTaken: true) else { return nil }
        return PhotoDateFilter.day(of: taken).year
    }
}
