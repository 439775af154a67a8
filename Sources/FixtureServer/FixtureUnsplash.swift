import Foundation
import DemoPhotos
import GalleryCore

/// The fixture's Unsplash stand-in: `GET /photos?page=&per_page=` with the same fields as the real API (`id`,
/// `width`, `height`, `color`, `blur_hash`, `user.name`, `links.html`, `urls.raw`), the access key checked in
/// `Authorization: Client-ID KEY`, `X-Ratelimit-*` headers, and 403 "Rate Limit Exceeded" past the limit. Images
/// come from `urls.raw` with `w` and `h`, like imgix. `GET /photos/random?count=` answers `count` photos drawn at
/// random (repeats possible, as Unsplash's are).
extension FixtureRouter {
    func unsplashList(query: [String: String], base: String, headers: [String: String], faults: FixtureFaults,
                      counters: inout FixtureCounters, random: Bool = false) -> FixtureResponse {
        counters.unsplashPages += 1
        counters.lastUnsplashHeaders = headers
        guard headers["authorization"] == "Client-ID \(faults.unsplashKey)" else {
            return FixtureResponse(status: 401, headers: [("Content-Type", "application/json")],
                                   body: Data(#"{"errors":["OAuth error: The access token is invalid"]}"#.utf8))
        }
        let remaining = faults.unsplashLimit - counters.unsplashPages
        let limits = [("X-Ratelimit-Limit", String(faults.unsplashLimit)), ("X-Ratelimit-Remaining", String(max(0, remaining)))]
        guard remaining >= 0 else { return FixtureResponse(status: 403, headers: limits, body: Data("Rate Limit Exceeded".utf8)) }
        let page = query["page"].flatMap(Int.init) ?? 1
        let perPage = min(max(query[random ? "count" : "per_page"].flatMap(Int.init) ?? 10, 1), 30)
        let chosen = random ? (0..<perPage).compactMap { _ in catalog.entries.randomElement() } : Array(catalog.page(page, limit: perPage))
        let entries = chosen.map { e -> [String: Any] in
            let color = DemoPictures.color(e.id)
            return ["id": e.id, "width": e.width, "height": e.height,
                    "color": String(format: "#%02X%02X%02X", color.r, color.g, color.b),
                    "blur_hash": FixtureRouter.blurHash(e.id, color), "user": ["name": e.author],
                    "links": ["html": "\(base)/photos/\(e.id)"],
                    "urls": ["raw": "\(base)/unsplash-img/\(e.id)?ixid=fixture"]]
        }
        let body = (try? JSONSerialization.data(withJSONObject: entries)) ?? Data("[]".utf8)
        return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")] + limits, body: body)
    }
}

extension FixtureRouter {
    /// A real photo's BlurHash (the reference implementation's example: a warm gradient) for even IDs, so a frame can
    /// show the decoded blur; a flat one of the photo's colour for odd IDs.
    static let gradientHash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    static func blurHash(_ id: String, _ color: (r: UInt8, g: UInt8, b: UInt8)) -> String {
        (Int(id) ?? 1) % 2 == 0 ? gradientHash : BlurHash.flat(r: color.r, g: color.g, b: color.b)
    }
}
