/// Where a wall of memories is cut into sections, and what each heading says: the photos taken on this day in an
/// earlier year stand under that year ("2023 · 3 years ago"), newest year first as the show sends them; where the
/// memories end and the rest of the show goes on (`--memories-first`), "More photos". A memory met later, among
/// the rest, gets no heading: the sections are the run of memories the show opened with.
public struct WallSections: Equatable, Sendable {
    /// The day whose memories are headed (the local calendar day when the wall was made).
    public var today: PhotoDateFilter.Day

    public init(today: PhotoDateFilter.Day) { self.today = today }

    /// The heading above `photo`, shown after `previous` (nil: it is the first), or nil for none.
    public func heading(for photo: Photo, after previous: Photo?) -> String? {
        let year = memoryYear(photo)
        let before = previous.map { (photo: $0, year: memoryYear($0)) }
        switch (year, before) {
        case let (year?, nil): return title(year)
        case let (year?, before?): return before.year.map { $0 != year } == true ? title(year) : nil
        case (nil, let before?): return before.year != nil ? WallSections.rest : nil
        case (nil, nil): return nil
        }
    }

    /// What stands over the rest of the show after the memories.
    public static let rest = "More photos"

    /// "2023 · 3 years ago" ("· a year ago" for last year's).
    public func title(_ year: Int) -> String { "\(year) · " + ago(year) }

    /// "3 years ago", "a year ago".
    public func ago(_ year: Int) -> String {
        let years = today.year - year
        return years == 1 ? "a year ago" : "\(years) years ago"
    }

    /// What a memory's caption begins with in the slideshow ("3 years ago"), nil for a photo that is none.
    public func captionPrefix(for photo: Photo) -> String? { memoryYear(photo).map(ago) }

    /// The year a photo is a memory of today from, or nil when it is none (no date taken, another day, this year).
    public func memoryYear(_ photo: Photo) -> Int? {
        guard let taken = photo.facts?.taken,
              PhotoDateFilter(onThisDay: today).admits(date: taken, isTaken: true) else { return nil }
        return PhotoDateFilter.day(of: taken).year
    }
}
