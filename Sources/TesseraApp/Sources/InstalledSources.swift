import DemoPhotos
import GalleryCore
import LocalSources
import NetworkSources

extension SourceRegistry {
    /// Every source the app ships, one line each; nothing else in the app names a concrete source. The order is the
    /// order they are asked whether they are the one wanted: named folders first, then `--demo`, then `--source`.
    public static let installed = SourceRegistry([
        FolderSource.kind,
        DemoSource.kind,
        PicsumSource.kind,
        UnsplashSource.kind,
        ImmichSource.kind,
    ])
}
