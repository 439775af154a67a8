/// Faults the fixture server can be told to inject, so tests exercise every failure path on purpose.
public struct FixtureFaults {
    /// Added before every response.
    public var latencyMs = 0
    /// List pages answered with HTTP 500.
    public var failingPages: Set<Int> = []
    /// List pages answered with a status and optional Retry-After, e.g. 429.
    public var pageStatus: [Int: (code: Int, retryAfter: Int?)] = [:]
    /// List pages answered with a body that is not JSON.
    public var malformedPages: Set<Int> = []
    /// Images answered with random bytes labelled image/jpeg.
    public var corruptImages: Set<String> = []
    /// Images cut off halfway.
    public var truncatedImages: Set<String> = []
    /// Images answered with an HTML page.
    public var nonImageImages: Set<String> = []
    /// Every image answered with this status.
    public var imageStatus: Int?
    /// Image bodies answered as usual up to this many in all; every later one never answered (its connection held
    /// open), like a server whose image store hangs: a frame's source that stalls.
    public var imagesBeforeSilence: Int?
    /// Images whose bodies are sent a few bytes at a time (`trickleBytesPerSecond`), like a dying connection.
    public var trickleImages: Set<String> = []
    public var trickleBytesPerSecond = 200
    /// Serve every image at this size instead of the one asked for, like a source of camera originals (the
    /// benchmark's large-source case). Twelve pictures stand in for the catalogue so the server can keep them.
    public var sourceSize: (width: Int, height: Int)?
    /// Hostile mode (`HostileFixtures`): image bombs and refused formats for IDs 0…8 of every 32, a 1 MB author
    /// and one of bidi overrides on page 1, and every later page a repeat of page 1, forever.
    public var hostile = false
    /// The Unsplash stand-in (`GET /photos`): the access key it accepts, and how many page requests an "hour"
    /// allows before it answers 403 "Rate Limit Exceeded".
    public var unsplashKey = "fixture-key"
    public var unsplashLimit = 50
    /// The Immich stand-in's API key, and how many assets its library holds (a few dozen).
    public var immichKey = "fixture-immich-key"
    public var immichAssets = 48
    /// Assets deleted from the Immich library (by index).
    public var immichDeleted: Set<Int> = []
    /// Assets uploaded at another time than `DemoImmich.uploaded` says (index → seconds since 1970): newcomers.
    public var immichUploads: [Int: Int64] = [:]
    /// Searches answered with a body that is not JSON.
    public var immichMalformed = false
    /// Assets that are videos (by index): `type` "VIDEO", a `duration` of 12.345 s, an MP4's name.
    public var immichVideos: Set<Int> = []
    /// Assets that are Live Photos (by index): an image with a `livePhotoVideoId` (`DemoImmich.liveClipID`).
    public var immichLivePhotos: Set<Int> = []
    /// What `GET /api/assets/{id}/video/playback` sends for a video's or a Live Photo's clip (a test makes a real MP4
    /// with ffmpeg and puts its bytes here; nil: 404, so the fixture needs no ffmpeg otherwise).
    public var immichClip: [UInt8]?
    /// Which Immich the stand-in answers as (`FixtureImmichVersion`): 2 (v2.x) or 3 (v3.x, strict bodies, another
    /// error shape, durations in milliseconds, searches without `visibility` finding archived and hidden assets too).
    public var immichVersion = 2
    /// Assets archived by their owner (by index): `visibility` "archive", off the timeline.
    public var immichArchived: Set<Int> = []
    /// Assets hidden (by index): `visibility` "hidden", as Immich hides a Live Photo's own clip.
    public var immichHidden: Set<Int> = []
    /// Search fields the stand-in no longer takes (a server past the flat fields' removal that v3.2 announces for v4):
    /// in v3 a body with one is refused with 400, in Zod's words.
    public var immichUnknownFields: Set<String> = []
    /// An asset's details (`GET /api/assets/{id}`) answered with this status (503: the server struggling).
    public var immichDetailsStatus: Int?
    /// Originals (`GET /api/assets/{id}/original`) answered with this status: 403 for a key without `asset.download`.
    public var immichOriginalStatus: Int?
    /// The faces Immich found in an asset (by index): boxes in thousandths of its upright preview, x1, y1, x2, y2
    /// (`GET /api/faces?id=`, `FixtureImmichFaces`); an asset not listed has none.
    public var immichFaces: [Int: [[Int]]] = [:]

    public init() {}
}

/// What the server has been asked, for tests that count requests.
public struct FixtureCounters: Equatable {
    public var pages = 0
    public var imageRedirects = 0
    public var images = 0
    public var other = 0
    /// Unsplash page requests, and the headers of the last one.
    public var unsplashPages = 0
    public var lastUnsplashHeaders: [String: String] = [:]
    /// Immich requests, those that needed the key and lacked it (or had another), the bodies of the searches.
    public var immichRequests = 0
    public var immichWithoutKey = 0
    public var immichSearches: [String] = []
    public var immichThumbnails: [String] = []
    /// The asset IDs whose clips were asked for (`video/playback`).
    public var immichPlaybacks: [String] = []
    /// The requests the Immich stand-in rejected with 400, as "METHOD /api/path: message" (a v3 validation failure).
    public var immichRejected: [String] = []
    /// The paths of the Immich stand-in's requests, in order (the first 10,000), as "METHOD /api/path".
    public var immichPaths: [String] = []
    /// "id/W/H" of every image body requested, in order (the first 10,000).
    public var imagePaths: [String] = []

    /// "WxH" of every image body requested, in order.
    public var imageSizes: [String] {
        imagePaths.map { $0.split(separator: "/").dropFirst().joined(separator: "x") }
    }
}
