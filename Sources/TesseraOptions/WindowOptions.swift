import ArgumentParser
import GalleryCore

/// The options the window (`tessera`) and the benchmark (`tessera-bench`) share, defined and checked once: the
/// window's size and how many photos a page request asks for.
public struct WindowOptions: ParsableArguments {
    /// Taken whatever it looks like (`--size -5x-5` is a size to refuse, not a missing value).
    @Option(parsing: .unconditional, help: "Window size, WxH.")
    public var size: String = "1280x800"

    @Option(help: "Photos per page request (1-1000; each source takes as many as it allows: Lorem Picsum 100, Unsplash 30, Immich 250).")
    public var pageSize: Int?

    public init() {}

    public func validate() throws {
        guard PixelSize(parsing: size) != nil else {
            throw ValidationError("--size must look like 1280x800 (width x height, both above 0)")
        }
        guard FeedPager.pageSizes.contains(pageSize ?? FeedPager.pageSizes.lowerBound) else {
            throw ValidationError("--page-size must be \(FeedPager.pageSizes.lowerBound) to \(FeedPager.pageSizes.upperBound)")
        }
    }

    /// The window's size (checked by `validate`).
    public var windowSize: PixelSize { PixelSize(parsing: size) ?? PixelSize(width: 1280, height: 800) }

    /// The page size asked, else one that fills a few screens of this window.
    public var pagePhotos: Int { pageSize ?? GalleryConfig.pageSize(forWindow: windowSize) }
}
