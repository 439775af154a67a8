import Foundation
import GalleryCore

/// Lists whole searches of an Immich library: every asset a query finds (for a fair shuffle: `POST
/// /api/search/metadata` a thousand at a time, following `nextPage`), and the memories of a day (the same search kept
/// to that day in each earlier year, newest year first). Bounded: at most `maxAssets` assets are listed; a library
/// larger than that is shuffled over its newest `maxAssets`. A shuffle's listing keeps IDs and upload times alone
/// (`whole` false: 50 bytes a photo held once listed and about 160 at the listing's peak, where whole photos held
/// about 1 KB; BENCHMARKS.md, "A big library in little memory").
/// Sequential: one request at a time, each answered on the network's thread.
enum ImmichCatalogue {
    static let maxAssets = 200_000
    /// Earlier years looked at for memories at the most (a library's oldest photo bounds them first).
    static let maxYears = 150

    struct Listing {
        var listed: [ShuffledPass.Listed] = []
        /// Whether the bound stopped the listing before the library's end.
        var truncated = false
    }

    /// Every asset `query` finds, newest first.
    /// `whole`: whether a photo (its ID and upload time) is kept as the search described it; the others by ID and
    /// upload time alone (a shuffle's listing, but for the photos a resumed pass serves again at once).
    static func all(_ query: ImmichQuery, api: ImmichAPI, limit: Int = maxAssets,
                    whole: @escaping (String, Int64?) -> Bool = { _, _ in true },
                    completion: @escaping (Result<Listing, SourceError>) -> Void) {
        page(1, query, api: api, limit: limit, whole: whole, into: Listing(), completion: completion)
    }

    private static func page(_ n: Int, _ query: ImmichQuery, api: ImmichAPI, limit: Int, whole: @escaping (String, Int64?) -> Bool,
                             into listing: Listing,
                             completion: @escaping (Result<Listing, SourceError>) -> Void) {
        api.call("/api/search/metadata", body: query.body(page: n, size: ImmichQuery.maxSize)) { answer in
            let decoded = answer.flatMap { data in
                Result { try ImmichList.decodeSearch(data, base: api.baseURL) }.mapError { SourceError.malformed("Immich: \($0)") }
            }
            guard case .success(let found) = decoded else {
                if case .failure(let e) = decoded { completion(.failure(e)) }
                return
            }
            var listing = listing
            listing.listed += found.listed(whole: whole).prefix(limit - listing.listed.count)
            // A server whose `nextPage` never ends would list forever: the bound ends it, and so does a page
            // that brought nothing.
            if listing.listed.count >= limit, found.hasNext { listing.truncated = true }
            // So does a page count past what the bound needs (a server that ignores `page`, or sends pages of
            // nothing usable with a `nextPage` each time).
            if found.hasNext, n >= limit / ImmichQuery.maxSize + 1 { listing.truncated = true }
            guard found.hasNext, !listing.truncated, found.contents.rawCount > 0 else { return completion(.success(listing)) }
            page(n + 1, query, api: api, limit: limit, whole: whole, into: listing, completion: completion)
        }
    }

    /// The memories of `day`: what `query` finds taken on that month and day in each year before `day`'s, newest
    /// year first (the 29th of February remembered on the 28th in a year without one), back to the oldest photo's
    /// year (asked first: one asset, oldest first).
    static func memories(of day: PhotoDateFilter.Day, _ query: ImmichQuery, api: ImmichAPI, limit: Int = maxAssets,
                         completion: @escaping (Result<Listing, SourceError>) -> Void) {
        var before = query
        before.takenBefore = PhotoDateFilter.seconds(of: PhotoDateFilter.Day(year: day.year, month: 1, day: 1)) - 1
        api.call("/api/search/metadata", body: before.body(page: 1, size: 1, order: "asc")) { answer in
            let oldest = answer.flatMap { data in
                Result { try ImmichList.decodeSearch(data, base: api.baseURL) }.mapError { SourceError.malformed("Immich: \($0)") }
            }.map { $0.contents.photos.first?.facts?.taken.map { PhotoDateFilter.day(of: $0).year } }
            switch oldest {
            case .failure(let e): completion(.failure(e))
            case .success(nil): completion(.success(Listing()))
            case .success(let oldestYear?):
                let years = Array(stride(from: day.year - 1, through: max(oldestYear, day.year - maxYears), by: -1))
                year(years[...], day: day, query, api: api, limit: min(max(1, limit), maxAssets), into: Listing(),
                     completion: completion)
            }
        }
    }

    /// `limit`: memories wanted at the most (the years past it are not asked).
    private static func year(_ years: ArraySlice<Int>, day: PhotoDateFilter.Day, _ query: ImmichQuery, api: ImmichAPI,
                             limit: Int, into listing: Listing,
                             completion: @escaping (Result<Listing, SourceError>) -> Void) {
        guard let y = years.first, listing.listed.count < limit else { return completion(.success(listing)) }
        let days = remembered(day, in: y)
        guard let first = days.first, let last = days.last else {
            return year(years.dropFirst(), day: day, query, api: api, limit: limit, into: listing, completion: completion)
        }
        var span = query.on(first)
        span.takenBefore = query.on(last).takenBefore
        all(span, api: api, limit: limit - listing.listed.count) { result in
            switch result {
            case .failure(let e): completion(.failure(e))
            case .success(let found):
                var listing = listing
                listing.listed += found.listed
                listing.truncated = found.truncated
                guard !found.truncated else { return completion(.success(listing)) }
                year(years.dropFirst(), day: day, query, api: api, limit: limit, into: listing, completion: completion)
            }
        }
    }

    /// The days of year `y` that are `day` in memory: itself, and the 29th of February too when `day` is the 28th of a
    /// year without one; none when `y` lacks the day (the 29th in a common year).
    static func remembered(_ day: PhotoDateFilter.Day, in y: Int) -> [PhotoDateFilter.Day] {
        let same = PhotoDateFilter.Day(year: y, month: day.month, day: day.day)
        var days: [PhotoDateFilter.Day] = []
        if PhotoDateFilter.day(of: PhotoDateFilter.seconds(of: same)) == same { days.append(same) }
        let leapDay = PhotoDateFilter.Day(year: y, month: 2, day: 29)
        if day.month == 2, day.day == 28, !PhotoDateFilter.isLeap(day.year), PhotoDateFilter.isLeap(y) { days.append(leapDay) }
        return days
    }
}
