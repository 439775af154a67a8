import GalleryCore

/// Photos and randomness for the tests of every test target (not linked into `tessera`).
public func photo(_ id: String, _ w: Int = 300, _ h: Int = 200) -> Photo {
    Photo(id: id, author: "A\(id)", width: w, height: h, url: "u\(id)", downloadURL: "d\(id)")
}

public func photos(_ range: Range<Int>, w: Int = 300, h: Int = 200) -> [Photo] { range.map { photo(String($0), w, h) } }

/// The core's repeatable generator, so property tests are repeatable.
extension SplitMix {
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
