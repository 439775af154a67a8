import Foundation
import GalleryCore

/// What the file actions ask of a folder source: which file a photo is (only its own photos, only inside what it
/// shows), and what changed, told at once rather than when the watcher says so (a trashed photo leaves the wall
/// at once; with no watcher at all it would never leave).
extension FolderSource {
    /// The photo's file; nil when the photo is not this source's. Asked every frame the pane is open.
    public func file(of photo: Photo) -> String? {
        guard let file = stage.withIndex({ $0.file(id: photo.id) }), isShown(file.path) else { return nil }
        return file.path
    }

    /// The files that are the same photo and go with it: a Live Photo's clip, the RAW of a camera's RAW+JPEG pair
    /// (`CameraRawNames`: the wall shows the JPEG alone, so a person trashing it means the pair).
    public func companions(of photo: Photo) -> [String] {
        guard let file = stage.withIndex({ $0.file(id: photo.id) }), isShown(file.path) else { return [] }
        var companions: [String] = []
        if file.motion?.kind == .livePhoto, let clip = file.companionPath { companions.append(clip) }
        let folder = file.folderPath, name = (file.path as NSString).lastPathComponent
        let raws = walker.names(in: folder).filter(CameraRawNames.isRaw)
        for raw in CameraRawNames.shadowedByJPEG(in: [name] + raws).sorted() {
            companions.append(folder == "/" ? "/" + raw : folder + "/" + raw)
        }
        return companions
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

    public func canChange(_ photo: Photo) -> Bool { source.file(of: photo) != nil }

    public func perform(_ action: FileAction, on photo: Photo) -> FileActionOutcome {
        guard let path = source.file(of: photo) else {
            return .refused(tr("This photo's file is not in the folders shown"))
        }
        let name = PathBytes.display((path as NSString).lastPathComponent)
        switch action {
        case .trash: return moveToTrash(path, companions: source.companions(of: photo), name: name)
        case .rotateRight, .rotateLeft: return rotate(path, action == .rotateRight ? .right : .left, name: name)
        // As shown (a byte that is not UTF-8 as U+FFFD, no control characters): the clipboard holds text.
        case .copyPath: return FileActionOutcome(tr("Path copied"), effect: .copy(PathBytes.display(path)))
        case .showFolder:
            opener.show(path)
            // Translators: a toast; {name} is the photo's file name.
            return FileActionOutcome(tr("Showing {name} in its folder", ["name": name]))
        }
    }

    private func moveToTrash(_ path: String, companions: [String], name: String) -> FileActionOutcome {
        let still: TrashCan.Trashed
        do { still = try trash.trash(path) } catch {
            let why = FolderFileActions.reason(error)
            // Translators: a toast; {name} is a file's name, {reason} the system's words for why (English).
            return .failed(tr("{name} was not moved to the trash: {reason}. The file is where it was.",
                              ["name": name, "reason": why]))
        }
        // The files that are the same photo go with it; one that cannot stays (it then shows as a photo or clip of
        // its own), and the toast says so.
        var others: [TrashCan.Trashed] = [], stayed: [String] = []
        for companion in companions {
            do { others.append(try trash.trash(companion)) } catch {
                // Translators: part of a toast: a Live Photo's clip or a RAW beside the photo that was not moved.
                stayed.append(tr("{name} stayed: {reason}", ["name": PathBytes.display((companion as NSString).lastPathComponent),
                                                             "reason": FolderFileActions.reason(error)]))
            }
        }
        let moved = [still] + others
        source.noteChanges(gone: moved.map(\.original))
        let names = others.map { PathBytes.display(($0.original as NSString).lastPathComponent) }
        // Translators: a toast; {others} names the files that are the same photo (a Live Photo's clip, a RAW).
        let movedWords = names.isEmpty ? tr("{name} moved to the trash", ["name": name])
            : tr("{name} moved to the trash with {others}", ["name": name, "others": names.joined(separator: ", ")])
        let note = stayed.isEmpty ? "" : " (" + stayed.joined(separator: "; ") + ")"
        let trash = self.trash, source = self.source
        return FileActionOutcome(movedWords + note, undo: {
            var back: [String] = []
            for file in moved {
                do { try trash.restore(file) } catch {
                    source.noteChanges(changed: back)
                    let what = PathBytes.display((file.original as NSString).lastPathComponent)
                    let why = FolderFileActions.reason(error)
                    // Translators: a toast; {name} is a file's name, {reason} the system's words for why (English).
                    return .failed(tr("{name} could not be put back: {reason}. It is in the trash.", ["name": what, "reason": why]))
                }
                back.append(file.original)
            }
            source.noteChanges(changed: back)
            return FileActionOutcome(tr("{name} is back", ["name": name]))
        })
    }

    private func rotate(_ path: String, _ turn: QuarterTurn, name: String) -> FileActionOutcome {
        let rotated: PhotoRotator.Rotated
        do { rotated = try PhotoRotator.rotate(path, turn) } catch let refusal as PhotoRotator.Refusal {
            return .refused(refusal.description)
        } catch {
            // Translators: a toast; {name} is a file's name, {reason} the system's words for why (English).
            return .failed(tr("{name} was not rotated: {reason}. The file is as it was.",
                              ["name": name, "reason": FolderFileActions.reason(error)]))
        }
        source.noteChanges(changed: [path])
        let source = self.source
        return FileActionOutcome(rotated.message, undo: {
            do { try rotated.undo() } catch {
                // Translators: a toast; {name} is a file's name, {reason} the system's words for why (English).
                return .failed(tr("{name} could not be turned back: {reason}", ["name": name, "reason": FolderFileActions.reason(error)]))
            }
            source.noteChanges(changed: [path])
            return FileActionOutcome(tr("{name} is as it was", ["name": name]))
        })
    }

    static func reason(_ error: Error) -> String {
        if let call = error as? FileCallError { return call.reason.lowercased() }
        return String(describing: error)
    }
}
