import DemoPhotos
import Foundation

/// A response before it is written: what the server decided, separate from how NIO sends it.
struct FixtureResponse {
    var status: Int
    var headers: [(String, String)] = []
    var body: Data = Data()
    /// Image bodies are made off the event loop: this stands for "draw and encode id at w×h".
    var image: (id: String, width: Int, height: Int)?
    /// Send only the first half of the body and close: a truncated transfer.
    var truncate = false
    /// Send the body at this many bytes per second.
    var trickle: Int?
    /// Send nothing at all, the connection held open (`FixtureFaults.imagesBeforeSilence`).
    var silent = false

    static func text(_ status: Int, _ text: String) -> FixtureResponse {
        FixtureResponse(status: status, headers: [("Content-Type", "text/plain")], body: Data(text.utf8))
    }
}

/// Maps a request to a response: the picsum API (`/v2/list`, `/id/{id}/{w}/{h}` → 302 → `/cdn/…`) plus faults.
struct FixtureRouter {
    let catalog: DemoCatalog
    static let maxSide = 5000

    func route(path rawPath: String, host: String, faults: FixtureFaults, counters: inout FixtureCounters,
               redirectSerial: Int, headers: [String: String] = [:], method: String = "GET", body: Data = Data()) -> FixtureResponse {
        let (path, query) = FixtureRouter.split(rawPath)
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let base = "http://\(host)"
        switch parts.first {
        case "api":
            return immich(Array(parts.dropFirst()), query: query, base: base, headers: headers, method: method, body: body,
                          faults: faults, counters: &counters)
        case "v2" where parts.count == 2 && parts[1] == "list":
            counters.pages += 1
            return list(query: query, base: base, faults: faults)
        case "id" where parts.count == 4:
            counters.imageRedirects += 1
            guard catalog.entry(id: parts[1]) != nil else { return .text(404, "Image does not exist") }
            guard let (w, h) = FixtureRouter.size(parts[2], parts[3]) else { return .text(400, "Invalid size") }
            // Like picsum: a signed, ever-changing CDN address that clients must not store.
            let location = "\(base)/cdn/\(parts[1])/\(w)/\(h).jpg?sig=\(String(redirectSerial, radix: 16))"
            return FixtureResponse(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
        case "cdn" where parts.count == 4:
            counters.images += 1
            if let limit = faults.imagesBeforeSilence, counters.images > limit {
                return FixtureResponse(status: 200, silent: true)
            }
            if counters.imagePaths.count < 10_000 {
                let h = parts[3].replacingOccurrences(of: ".jpg", with: "")
                counters.imagePaths.append("\(parts[1])/\(parts[2])/\(h)")
            }
            return image(id: parts[1], w: parts[2], h: parts[3].replacingOccurrences(of: ".jpg", with: ""),
                         faults: faults)
        case "v1", "open-meteo": return openMeteo(parts, query: query)
        case "calendar": return FixtureCalendar.respond(parts, headers: headers)
        case "loop":
            counters.other += 1
            return FixtureResponse(status: 302, headers: [("Location", "\(base)/loop")])
        case "__stats":
            // What the server has been asked so far, for measuring a client by hand.
            let stats: [String: Any] = ["pages": counters.pages, "image_redirects": counters.imageRedirects,
                                        "images": counters.images, "distinct_images": Set(counters.imagePaths).count]
            return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")],
                                   body: (try? JSONSerialization.data(withJSONObject: stats, options: [.sortedKeys])) ?? Data())
        case "photos" where parts.count == 1:
            return unsplashList(query: query, base: base, headers: headers, faults: faults, counters: &counters)
        case "photos" where parts.count == 2 && parts[1] == "random":
            return unsplashList(query: query, base: base, headers: headers, faults: faults, counters: &counters,
                                random: true)
        case "unsplash-img" where parts.count == 2:
            counters.images += 1
            if counters.imagePaths.count < 10_000 {
                counters.imagePaths.append("\(parts[1])/\(query["w"] ?? "?")/\(query["h"] ?? "?")")
            }
            return image(id: parts[1], w: query["w"] ?? "", h: query["h"] ?? "", faults: faults)
        case "photos" where parts.count == 2:
            counters.other += 1
            return FixtureResponse(status: 200, headers: [("Content-Type", "text/html")],
                                   body: Data("<html><body>Photo \(parts[1])</body></html>".utf8))
        default:
            counters.other += 1
            return .text(404, "Not found")
        }
    }

    private func list(query: [String: String], base: String, faults: FixtureFaults) -> FixtureResponse {
        let page = query["page"].flatMap(Int.init) ?? 1
        let limit = min(max(query["limit"].flatMap(Int.init) ?? 30, 1), 100)
        if faults.failingPages.contains(page) { return .text(500, "Internal Server Error") }
        if let status = faults.pageStatus[page] {
            var r = FixtureResponse.text(status.code, "Status \(status.code)")
            if let after = status.retryAfter { r.headers.append(("Retry-After", String(after))) }
            return r
        }
        if faults.malformedPages.contains(page) {
            return FixtureResponse(status: 200, headers: [("Content-Type", "application/json")],
                                   body: Data("[{\"id\": \"1\", \"author\": ".utf8))
        }
        // Hostile: every page is page 1 again, with the worst authors first.
        let served = faults.hostile ? 1 : page
        let entries = catalog.page(served, limit: limit).enumerated().map { i, e -> [String: Any] in
            let author = faults.hostile ? HostileFixtures.author(forIndex: i) ?? e.author : e.author
            return ["id": e.id, "author": author, "width": e.width, "height": e.height,
                    "url": "\(base)/photos/\(e.id)", "download_url": "\(base)/id/\(e.id)/\(e.width)/\(e.height)"]
        }
        let body = (try? JSONSerialization.data(withJSONObject: entries, options: [])) ?? Data("[]".utf8)
        var links = ["<\(base)/v2/list?page=\(page + 1)&limit=\(limit)>; rel=\"next\""]
        if page > 1 { links.insert("<\(base)/v2/list?page=\(page - 1)&limit=\(limit)>; rel=\"prev\"", at: 0) }
        return FixtureResponse(status: 200, headers: [("Content-Type", "application/json"),
                                                     ("Link", links.joined(separator: ", "))], body: body)
    }

    private func image(id: String, w: String, h: String, faults: FixtureFaults) -> FixtureResponse {
        guard catalog.entry(id: id) != nil else { return .text(404, "Image does not exist") }
        guard let (width, height) = FixtureRouter.size(w, h) else { return .text(400, "Invalid size") }
        if let status = faults.imageStatus { return .text(status, "Status \(status)") }
        if faults.hostile, let kind = HostileFixtures.kind(ofID: id) { return HostileFixtures.image(kind) }
        if faults.nonImageImages.contains(id) {
            return FixtureResponse(status: 200, headers: [("Content-Type", "text/html")],
                                   body: Data("<html>not an image</html>".utf8))
        }
        if faults.corruptImages.contains(id) {
            var bytes = [UInt8](repeating: 0, count: 4096)
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
            bytes[0] = 0xFF; bytes[1] = 0xD8  // starts like a JPEG, then nonsense
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Data(bytes))
        }
        if let source = faults.sourceSize {
            return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")],
                                   image: ("source-\(DemoPictures.seed(id) % 12)", source.width, source.height))
        }
        return FixtureResponse(status: 200, headers: [("Content-Type", "image/jpeg")],
                               image: (id, width, height), truncate: faults.truncatedImages.contains(id),
                               trickle: faults.trickleImages.contains(id) ? max(1, faults.trickleBytesPerSecond) : nil)
    }

    static func size(_ w: String, _ h: String) -> (Int, Int)? {
        guard let width = Int(w), let height = Int(h), (1...maxSide).contains(width), (1...maxSide).contains(height)
        else { return nil }
        return (width, height)
    }

    /// Path and query of a request target. Any string a client sends parses ("?=", "?&&", "?a=b=c", "?=x"):
    /// a pair without a name is ignored, a name without "=" has the empty value.
    static func split(_ raw: String) -> (String, [String: String]) {
        guard let q = raw.firstIndex(of: "?") else { return (raw, [:]) }
        var query: [String: String] = [:]
        for pair in raw[raw.index(after: q)...].split(separator: "&") {
            let name: Substring, value: Substring
            if let eq = pair.firstIndex(of: "=") {
                name = pair[..<eq]; value = pair[pair.index(after: eq)...]
            } else {
                name = pair; value = ""
            }
            guard !name.isEmpty else { continue }
            query[String(name)] = String(value)
        }
        return (String(raw[..<q]), query)
    }
}
