import ArgumentParser
import FixtureServer
import Foundation
import SDLKit

/// `tessera serve-fixture`: the picsum-compatible test server on its own.
struct ServeFixture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-fixture",
        abstract: "Serve a picsum-compatible API with generated photos on 127.0.0.1, with optional faults.")

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: Int = 8321

    @Option(help: "Photos in the catalogue.")
    var photos: Int = 1000

    @Option(help: "Milliseconds added before every response.")
    var latency: Int = 0

    @Option(help: "A list page answered with HTTP 500 (repeatable).")
    var failPage: [Int] = []

    @Option(help: "A list page answered with malformed JSON (repeatable).")
    var malformedPage: [Int] = []

    @Option(help: "A list page answered with a status, PAGE:CODE[:RETRY_AFTER], e.g. 2:429:3 (repeatable).")
    var pageStatus: [String] = []

    @Option(help: "An image ID answered with corrupt bytes (repeatable).")
    var corruptImage: [String] = []

    @Option(help: "An image ID whose body is cut off halfway (repeatable).")
    var truncateImage: [String] = []

    @Option(help: "An image ID answered with HTML instead of an image (repeatable).")
    var nonImage: [String] = []

    @Option(help: "Answer every image with this HTTP status (e.g. 500).")
    var imageStatus: Int?

    @Option(help: "An image ID whose body trickles out at 200 bytes a second (repeatable).")
    var trickleImage: [String] = []

    @Flag(help: "Hostile mode: image bombs (60000x60000 headers, a 14 MB PNG of zeros, a gzip body past the size cap), SVG, GIF and TIFF for IDs 0-8 of every 32, a 1 MB author and bidi overrides on page 1, and page 1 repeated forever.")
    var hostile = false

    func run() throws {
        var faults = FixtureFaults()
        faults.latencyMs = max(0, latency)
        faults.failingPages = Set(failPage)
        faults.malformedPages = Set(malformedPage)
        for spec in pageStatus {
            let parts = spec.split(separator: ":").compactMap { Int($0) }
            guard parts.count >= 2 else { throw ValidationError("--page-status takes PAGE:CODE[:RETRY_AFTER]") }
            faults.pageStatus[parts[0]] = (parts[1], parts.count > 2 ? parts[2] : nil)
        }
        faults.corruptImages = Set(corruptImage)
        faults.truncatedImages = Set(truncateImage)
        faults.nonImageImages = Set(nonImage)
        faults.imageStatus = imageStatus
        faults.trickleImages = Set(trickleImage)
        faults.hostile = hostile
        let system = try SDLSystem(video: false)
        try withExtendedLifetime(system) {
            let server = FixtureServer(photos: photos, faults: faults)
            let bound = try server.start(port: port)
            print("serving \(photos) photos on http://127.0.0.1:\(bound)")
            fflush(stdout)
            try server.wait()
        }
    }
}
