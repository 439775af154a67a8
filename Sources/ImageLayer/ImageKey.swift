import Foundation
import GalleryCore
import SDLKit

/// Which image a slot holds: a grid cell's, or the detail pane's larger one of the same item.
public struct ImageKey: Hashable {
    public let item: ItemKey
    public let detail: Bool

    public init(item: ItemKey, detail: Bool) { self.item = item; self.detail = detail }
}

/// What one wanted image is, in priority order: 0 most urgent.
public struct ImageWant {
    public let key: ImageKey
    public let photo: Photo
    public let size: PixelSize
    /// False when the cell will be gone before a load could finish: keep what it has, start nothing new.
    public var worthStarting = true

    public init(key: ImageKey, photo: Photo, size: PixelSize, worthStarting: Bool = true) {
        self.key = key; self.photo = photo; self.size = size; self.worthStarting = worthStarting
    }
}

public enum ImageFailure: Error {
    case source(SourceError)
    case decode(String)
    /// Refused from its header (format, size): the same bytes will never decode, so no retry.
    case refused(ImageRefusal)

    public init(decoding error: Error) {
        if let refusal = error as? ImageRefusal { self = .refused(refusal) } else { self = .decode("\(error)") }
    }

    public var isNetworkFailure: Bool {
        if case .source(let e) = self { return e.isNetworkFailure }
        return false
    }

    public var isRetryable: Bool {
        switch self {
        case .source(let e): return e.isRetryable
        case .decode: return true  // truncated on the way; the next attempt may be whole
        case .refused: return false
        }
    }
}

/// What the decode workers and the network thread tell the image pipeline (through the app's mailbox).
public enum ImageDelivery {
    case image(ImageKey, token: UInt64, Result<Surface, ImageFailure>, standIn: Bool)
    /// How much of a detail image's download has arrived (0…1).
    case progress(ImageKey, token: UInt64, Double)
}

extension ImageFailure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .source(let e): return "image: \(e)"
        case .decode(let why): return "image could not be decoded (\(why))"
        case .refused(let why): return "image refused before decoding: \(why)"
        }
    }
}
