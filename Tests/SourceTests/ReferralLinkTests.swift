import GalleryCore
@testable import NetworkSources

import XCTest

final class ReferralLinkTests: XCTestCase {
    func testUnsplashLinksCarryTheReferralAndCAndOUseIt() {
        XCTAssertEqual(UnsplashSource.referral("https://unsplash.com/photos/x?utm_source=other"),
                       "https://unsplash.com/photos/x?utm_source=tessera&utm_medium=referral")
        XCTAssertEqual(UnsplashSource.referral(""), "")
        let unsplash = UnsplashSource(accessKey: "K", http: ScriptedHTTP())
        let model = GalleryModel(pager: .init(pageSize: 30, minInterval: 0), services: CreditedBy(source: unsplash))
        let r = model.feed.nextPageRequest(now: 0)!
        model.feed.receive(r, .success(PageContents(photos: [Photo(id: "1", author: "Ada", width: 3, height: 2,
                                                               url: "https://unsplash.com/photos/1", downloadURL: "")])), now: 0)
        _ = model.apply(.focusNext)
        _ = model.apply(.openDetail)
        XCTAssertEqual(model.handle(key: .character("o")),
                       .open("https://unsplash.com/photos/1?utm_source=tessera&utm_medium=referral"))
        XCTAssertEqual(unsplash.credit(for: model.catalog.items[0].photo).line, "Photo by Ada on Unsplash")
        XCTAssertEqual(PicsumSource(baseURL: "https://picsum.photos", http: ScriptedHTTP()).credit(for: model.catalog.items[0].photo),
                       Credit(line: "Ada", page: "https://unsplash.com/photos/1"), "others credit the author and page")
    }
}

/// The app's door as far as credits go: the source's own.
private final class CreditedBy: AppServices {
    let source: PhotoSource
    init(source: PhotoSource) { self.source = source }
    func credit(for photo: Photo) -> Credit { source.credit(for: photo) }
}
