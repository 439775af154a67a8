import Foundation
import GalleryCore

/// Pages and answers saved from the servers (and hostile ones written by hand).
enum Fixture {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw NSError(domain: "fixture", code: 1, userInfo: [NSLocalizedDescriptionKey: "no fixture \(name)"])
        }
        return try Data(contentsOf: url)
    }
}

func photo(_ id: String, _ w: Int = 300, _ h: Int = 200) -> Photo {
    Photo(id: id, author: "A\(id)", width: w, height: h, url: "u\(id)", downloadURL: "d\(id)")
}

func photos(_ range: Range<Int>, w: Int = 300, h: Int = 200) -> [Photo] { range.map { photo(String($0), w, h) } }

extension SplitMix {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
