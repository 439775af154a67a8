@testable import GalleryCore

/// A gallery with one page of 30 photos received, over `library`: the start most model tests need.
func loadedGallery(_ library: Library = MemoryLibrary(), kiosk: Kiosk? = nil) -> GalleryModel {
    let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), kiosk: kiosk, library: library, asksName: false)
    let r = model.feed.nextPageRequest(now: 0)!
    model.feed.receive(r, .success(PageContents(photos: photos(0..<30))), now: 0)
    return model
}
