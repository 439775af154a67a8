/// Where a moving picture's bytes are, as the media worker opens them: a file (or a byte range of one: the MP4 at
/// the end of a motion photo's JPEG), or an http(s) URL with the headers its server wants (Immich's key). Made by a
/// source when playback starts (`PhotoSource.motionLocation(for:)`) and handed to the worker; never stored.
public struct MediaLocation: Equatable, Hashable, Sendable {
    public enum Place: Equatable, Hashable, Sendable {
        case file(String)
        case url(String)
    }

    public var place: Place
    /// The first byte of the clip within the file (0: the whole file).
    public var offset: Int64
    /// Bytes of the clip from `offset` (nil: to the end of the file).
    public var length: Int64?
    /// HTTP headers as "Name: value" (a URL only).
    public var headers: [String]

    public init(file path: String, offset: Int64 = 0, length: Int64? = nil) {
        place = .file(path); self.offset = offset; self.length = length; headers = []
    }

    public init(url: String, headers: [String] = []) {
        place = .url(url); offset = 0; length = nil; self.headers = headers
    }

    /// The same place, without its headers.
    public init(withoutHeaders location: MediaLocation) {
        self = location
        headers = []
    }
}
