import Foundation
import GalleryCore

/// What the file actions ask of a folder source: which file a photo is (only its own photos, only inside what it
/// shows), and what changed, told at once rather than when the watcher says so (a trashed photo leaves the wall
/// at once; with no watcher at all it would never leave).
extension FolderSource {
    /// The photo's file and, for a Live Photo, the clip beside it; nil when the photo is not this source's.
    public func files(of photo: Photo) -> (path: String, companion: String?)? {
        guard let file = stage.withIndex({ $0.file(id: photo.id) }), isShown(file.path) else { return nil }
        let companion = file.motion?.kind == .livePhoto ? file.companionPath : nil
        return (file.path, companion)
    }

    /// Files gone from under the source or back, or changed: the index and the wall follow now.
    public func noteChanges(gone: [String] = [], changed: [String] = []) {
        guard !isStopping else { return }
        handle(gone.map { .removed($0) } + changed.map { .changed($0) })
    }
}

/// The file actions on a folder's photos (`FileAction`), as outcomes for the pane: the trash (a Live Photo's clip
/// goes with its still) and back, a quarter turn and back (the old bytes kept for Undo), the path, the folder shown
/// in the file manager. The calls are `TrashCan`'s and `PhotoRotator`'s; the file manager is asked through
/// `FolderOpener`, which tests replace.
public struct FolderFileActions {
    let source: FolderSource
    let trash: TrashCan
    let opener: FolderOpener

    public init(source: FolderSource, trash: TrashCan = TrashCan(), opener: FolderOpener = FolderOpener()) {
        self.source = source; self.trash = trash; self.opener = opener
    }

    public func canChange(_ photo: Photo) -> Bool { source.files(of: photo) != nil }

    public func perform(_ action: FileAction, on photo: Photo) -> FileActionOutcome {
        guard let files = source.files(of: photo) else {
            return .refused("This photo's file is not in the folders shown")
        }
        let (path, companion) = (files.path, files.companion)
        let name = PathBytes.display((path as NSString).lastPathComponent)
        switch action {
        case .trash: return moveToTrash(path, companion: companion, name: name)
        case .rotateRight, .rotateLeft: return rotate(path, action == .rotateRight ? .right : .left, name: name)
        // As shown (a byte that is not UTF-8 as U+FFFD, no control characters): the clipboard holds text.
        case .copyPath: return FileActionOutcome("Path copied", effect: .copy(PathBytes.display(path)))
        case .showFolder:
            opener.show(path)
            return FileActionOutcome("Showing \(name) in its folder")
        }
    }

    private func moveToTrash(_ path: String, companion: String?, name: String) -> FileActionOutcome {
        let still: TrashCan.Trashed
        do { still = try trash.trash(path) } catch {
            let why = FolderFileActions.reason(error)
            return .failed("\(name) was not moved to the trash: \(why). The file is where it was.")
        }
        // The Live Photo's clip goes with it; if it cannot, the still is trashed alone (the clip then shows as a
        // clip of its own), and the toast says so.
        var clip: TrashCan.Trashed?
        var note = ""
        if let companion {
            do { clip = try trash.trash(companion) } catch {
                note = " (its clip stayed: \(FolderFileActions.reason(error)))"
            }
        }
        source.noteChanges(gone: [path] + (clip.map { [$0.original] } ?? []))
        let (trash, source) = (self.trash, self.source)
        return FileActionOutcome("\(name) moved to the trash" + (clip == nil ? "" : " with its clip") + note, undo: {
            do {
                try trash.restore(still)
                if let clip { try trash.restore(clip) }
            } catch {
                return .failed("\(name) could not be put back: \(FolderFileActions.reason(error)). It is in the trash.")
            }
            source.noteChanges(changed: [still.original] + (clip.map { [$0.original] } ?? []))
            return FileActionOutcome("\(name) is back")
        })
    }

    private func rotate(_ path: String, _ turn: QuarterTurn, name: String) -> FileActionOutcome {
        let rotated: PhotoRotator.Rotated
        do { rotated = try PhotoRotator.rotate(path, turn) } catch let refusal as PhotoRotator.Refusal {
            return .refused(refusal.description)
        } catch {
            return .failed("\(name) was not rotated: \(FolderFileActions.reason(error)). The file is as it was.")
        }
        source.noteChanges(changed: [path])
        let source = self.source
        return FileActionOutcome(rotated.message, undo: {
            do { try PhotoRotator.replace(path, with: rotated.original) } catch {
                return .failed("\(name) could not be turned back: \(FolderFileActions.reason(error))")
            }
            source.noteChanges(changed: [path])
            return FileActionOutcome("\(name) is as it was")
        })
    }

    static func reason(_ error: Error) -> String {
        if let call = error as? FileCallError { return call.reason.lowercased() }
        return String(describing: error)
    }
}
