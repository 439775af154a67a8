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

@_exported import GallerySamples
