import Foundation
import GalleryCore

extension FolderSource {
    /// What opening `paths` shows (`OpenPaths`), as the local file system has them now: each path's kind by `stat`,
    /// made absolute as the local walker makes its roots, so the file opened is spelt as the walk will spell it.
    public static func open(_ paths: [String]) -> OpenPaths {
        let walker = LocalFileWalker()
        return OpenPaths(paths, kind: { walker.isFolder($0).map { $0 ? .folder : .file } },
                         canonical: LocalFileWalker.absolute)
    }
}
