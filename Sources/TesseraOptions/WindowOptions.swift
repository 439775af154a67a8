import ArgumentParser
import GalleryCore

/// The options the window (`tessera`) and the benchmark (`tessera-bench`) share, defined and checked once: the
/// window's size and how many photos a page request asks for.
public struct WindowOptions: ParsableArguments {
    /// Taken whatever it looks like (`--size -5x-5` is a size to refuse, not a missing value).
    @Option(parsing: .unconditional, help: "Window size, WxH (at least \(GalleryConfig.smallestWindow)).")
    public var size: String = "1280x800"

    @Option(help: "Photos per page request (1-1000; each source takes as many as it allows: Lorem Picsum 100, Unsplash 30, Immich 250).")
    public var pageSize: Int?

    public init() {}

    public func validate() throws {
        let smallest = GalleryConfig.smallestWindow
        guard let asked = PixelSize(parsing: size) else {
            // Translators: {smallest} is a window size such as 640x480.
            throw ValidationError(tr("--size must look like 1280x800 (width x height, at least {smallest})",
                                     ["smallest": "\(smallest)"]))
        }
        guard asked.width >= smallest.width, asked.height >= smallest.height else {
            // Translators: {smallest} and {asked} are window sizes (640x480), {width} and {height} numbers of pixels.
            throw ValidationError(tr("--size must be at least {smallest} (width at least {width}, height at least {height}); {asked} is too small for the wall",
                                     ["smallest": "\(smallest)", "width": String(smallest.width),
                                      "height": String(smallest.height), "asked": "\(asked)"]))
        }
        guard FeedPager.pageSizes.contains(pageSize ?? FeedPager.pageSizes.lowerBound) else {
            throw ValidationError(tr("--page-size must be {lowest} to {highest}",
                                     ["lowest": String(FeedPager.pageSizes.lowerBound), "highest": String(FeedPager.pageSizes.upperBound)]))
        }
    }

    /// The window's size (checked by `validate`).
    public var windowSize: PixelSize { PixelSize(parsing: size) ?? PixelSize(width: 1280, height: 800) }

    /// The page size asked, else one that fills a few screens of this window.
    public var pagePhotos: Int { pageSize ?? GalleryConfig.pageSize(forWindow: windowSize) }
}
