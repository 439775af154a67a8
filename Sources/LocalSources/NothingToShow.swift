import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

extension FolderSource {
    /// Why the paths named show nothing and never will, nil when they may: every one is there and is a file (not a
    /// folder) that is neither an image Tessera reads nor a clip or animation by its name (the media worker judges
    /// those later). `tessera notaphoto.txt` then says so and exits 1, as nsxiv and feh do, rather than opening an
    /// empty wall. A folder stays a folder (it may fill later), and a path not there yet is waited for.
    public static func nothingToShow(_ paths: [String]) -> String? {
        guard !paths.isEmpty else { return nil }
        var reasons: [String] = []
        for path in paths {
            guard let info = FolderScanner.status(LocalFileWalker.absolute(path)), (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
            let name = Substring(path.split(separator: "/").last ?? "")
            if let kind = LocalFileReader.nameKind(name), kind != .still { return nil }
            switch LocalFileReader.read(path: LocalFileWalker.absolute(path)) {
            case .success: return nil
            // Translators: printed on the command line; {path} is a file, {reason} the reader's words (English).
            case .failure(let why): reasons.append(tr("{path} is not a photo or a clip ({reason})",
                                                      ["path": PathBytes.display(path), "reason": "\(why)"]))
            }
        }
        return tr("nothing to show: {reasons}", ["reasons": reasons.joined(separator: "; ")])
    }
}
