/// What moves in a file of a folder, as the scan found it: the kind and header facts (`PhotoMotion`), and where the
/// clip is: the file itself (a clip, an animation), the MOV beside a Live Photo's still (its name, in the same
/// folder), or a byte range at the end of a motion photo's JPEG. Kept in the folder index, so a warm start needs no
/// probe; a path is never kept whole (the still's folder is the clip's).
public struct LocalMotion: Equatable, Hashable, Sendable {
    public var kind: MotionKind
    public var duration: Double?
    public var hasSound: Bool
    /// A Live Photo's clip: the MOV's file name beside the still (no "/").
    public var companion: String?
    /// A motion photo's clip: its first byte and length within the still's file (0 and 0: none).
    public var clipOffset: Int64
    public var clipLength: Int64

    public init(kind: MotionKind, duration: Double? = nil, hasSound: Bool = false, companion: String? = nil,
                clipOffset: Int64 = 0, clipLength: Int64 = 0) {
        self.kind = kind; self.duration = duration; self.hasSound = hasSound; self.companion = companion
        self.clipOffset = clipOffset; self.clipLength = clipLength
    }

    public var photoMotion: PhotoMotion { PhotoMotion(kind: kind, duration: duration, hasSound: hasSound).validated() }

    /// Whether a companion's name can only name a file beside the still: not empty, no "/", not "." or "..".
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0) && name.utf8.count <= 255
    }

    /// Whether what is kept is whole and believable for a file of `bytes`: a companion only for a Live Photo and a
    /// plain name; a byte range only for a motion photo, inside the file.
    public func isConsistent(fileBytes bytes: Int64) -> Bool {
        switch kind {
        case .livePhoto: return companion.map(LocalMotion.isPlainName) ?? false
        case .motionPhoto:
            return companion == nil && clipOffset > 0 && clipLength > 0 && clipOffset <= bytes - clipLength
        case .clip, .animation: return companion == nil && clipLength == 0
        }
    }

}
