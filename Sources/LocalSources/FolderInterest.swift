import Foundation
import GalleryCore

/// A folder photo's centre of interest for the slideshow's motion: its EXIF SubjectArea, read from the file's first
/// bytes (`ImageHeaderReader`, which checks every offset) when the photo comes near the screen. Only photos of this
/// source's index, inside what it shows; anything unreadable is `.none`.
extension FolderSource {
    /// How much of the file is read for it: the EXIF block comes before the image data (64 KB at most by the format).
    static let interestPrefix = 256 << 10

    /// Answered on the caller's thread (the app asks from its own queue: this reads the file).
    public func interest(of photo: Photo, completion: @escaping (CentreOfInterest) -> Void) {
        guard let path = file(of: photo), let prefix = LocalFileReader.prefix(of: path, count: FolderSource.interestPrefix),
              let header = try? ImageHeaderReader.read(prefix), let area = header.interest else {
            return completion(.none)
        }
        completion(.area(area))
    }
}
