import GalleryStore
@_spi(Bench) import TesseraApp
import Foundation
import GalleryCore

/// Writes to a store as fast as it can, saying after each commit what it committed, so a test can kill the process
/// at any moment (`tessera-bench cache-stress`) and then check that the store holds exactly whole records.
public enum StoreStress {
    /// The bytes record `i` holds: a length and content derived from `i`, so a reader can tell a whole record from
    /// a torn one.
    public static func payload(_ i: Int) -> Data {
        let count = 2000 + (i * 7919) % 30000
        var bytes = [UInt8](repeating: 0, count: count)
        var x = UInt32(truncatingIfNeeded: i &* 2654435761 &+ 1)
        for j in 0..<count {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5
            bytes[j] = UInt8(truncatingIfNeeded: x)
        }
        return Data(bytes)
    }

    public static func key(_ i: Int) -> String { "stress/\(i)" }

    public static func run(directory: String, count: Int, output: (String) -> Void) throws {
        let store = try SQLiteStore(directory: directory, budgetBytes: 1 << 40)
        for i in 0..<count {
            try store.saveImage(payload(i), forKey: key(i))
            if i % 10 == 0 {
                let photo = Photo(id: String(i), author: "stress", width: 3, height: 2, url: "", downloadURL: "")
                try store.savePage(PageContents(photos: [photo]), page: i / 10 + 1, limit: 1, source: "stress")
            }
            output("committed \(i)")
        }
    }
}
