import Foundation
import XCTest
@testable import GalleryCore
@testable import NetworkSources

final class UnsplashListTests: XCTestCase {
    func testDecodesThePhotoFieldsAndSkipsBadEntries() throws {
        let body = """
        [{"id":"Dwu85P9SOIk","width":4000,"height":6000,"color":"#60544D","blur_hash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj",
          "user":{"name":"José \\u202eNavarro"},"links":{"html":"https://unsplash.com/photos/Dwu85P9SOIk"},
          "urls":{"raw":"https://images.unsplash.com/photo-1?ixid=abc"}},
         {"id":"bad/id","width":1,"height":1,"urls":{"raw":"https://x"}},
         {"id":"noraw","width":10,"height":10},
         {"id":"odd","width":300,"height":200,"color":"red","blur_hash":"nope","urls":{"raw":"javascript:x"}}]
        """
        let page = try UnsplashList.decode(Data(body.utf8))
        XCTAssertEqual(page.photos.map(\.id), ["Dwu85P9SOIk"])
        XCTAssertEqual(page.skipped, 3)
        let p = page.photos[0]
        XCTAssertEqual(p.author, "José Navarro", "bidi override removed")
        XCTAssertEqual(p.placeholderColor?.r, 0x60)
        XCTAssertEqual(p.blurHash, "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        XCTAssertEqual(p.imageReference, "https://images.unsplash.com/photo-1?ixid=abc")
        XCTAssertEqual(p.url, "https://unsplash.com/photos/Dwu85P9SOIk")
        XCTAssertThrowsError(try UnsplashList.decode(Data(#"{"errors":["OAuth error"]}"#.utf8)))
    }

    func testAMalformedColourOrHashIsDroppedNotKept() {
        let p = Photo(id: "a", author: "x", width: 3, height: 2, url: "", downloadURL: "", color: "#12345",
                      blurHash: "short").validated()!
        XCTAssertNil(p.color)
        XCTAssertNil(p.blurHash)
        // Stored pages written before these fields existed still decode.
        let old = #"{"id":"1","author":"A","width":3,"height":2,"url":"","downloadURL":""}"#
        XCTAssertEqual(try JSONDecoder().decode(Photo.self, from: Data(old.utf8)).id, "1")
    }
}
