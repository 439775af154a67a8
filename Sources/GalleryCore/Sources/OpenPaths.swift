/// What a person opening paths asks to see: the command line's (`tessera FILE…`, the desktop entry's `%F`) and files
/// dropped on the window read the same. One photo opens in the pane over the wall of its folder (the folder's own
/// files, in the folder's order), as every desktop viewer does; several paths make a wall of exactly those (a folder
/// among them shows all of its photos); paths not there are said in words and the others shown. Pure: what is on
/// disk is asked through `kind` (of each path made absolute), and paths are made absolute by `canonical` (the walker's own, so the photo's path
/// is spelt as the walk will spell it).
public struct OpenPaths: Equatable, Sendable {
    /// What is at a path.
    public enum PathKind: Sendable { case folder, file }

    /// What the folder source walks: the paths given that are there (all of them when none is: a folder not mounted
    /// yet is waited for), or the folder of the one file given.
    public let roots: [String]
    /// The file whose pane opens once the folder's index holds it (nil: a wall).
    public let photo: String?
    /// Whether the folders walked are walked without their subfolders: a file's folder is the folder it is in, not
    /// everything under it (a photo in the home folder must not walk the whole home).
    public let onlyTopFolders: Bool
    /// The paths not there, as given.
    public let missing: [String]

    public init(_ paths: [String], kind: (String) -> PathKind?, canonical: (String) -> String) {
        let kinds = paths.map { kind(canonical($0)) }
        missing = zip(paths, kinds).filter { $0.1 == nil }.map(\.0)
        let present = zip(paths, kinds).filter { $0.1 != nil }.map(\.0)
        if paths.count == 1, kinds[0] == .file {
            let (folder, name) = OpenPaths.split(canonical(paths[0]))
            let file = folder == "/" ? "/" + name : folder + "/" + name
            // A file its folder does not show (hidden, or a RAW beside its JPEG) is walked as a root of its own too:
            // the person asked for it by name, so the pane opens on it among its folder's photos.
            let unlisted = OpenPaths.isUnlisted(name, in: folder) { kind($0) == .file }
            roots = unlisted ? [folder, file] : [folder]
            photo = file
            onlyTopFolders = true
        } else {
            roots = present.isEmpty ? paths : present
            photo = nil
            onlyTopFolders = false
        }
    }

    /// A line for the person who opened them when some paths are not there (nil: all are), naming at most three, in
    /// the frame's language.
    public var missingText: String? { missingText(in: Words.book) }

    /// The same line in English, for the journal.
    public var missingEnglish: String? { missingText(in: EnglishBook()) }

    /// Whole sentences in `book`'s language: one path or several, the rest counted, the others shown or not.
    public func missingText(in book: any WordBook) -> String? {
        guard !missing.isEmpty else { return nil }
        let named = missing.prefix(3).map { PathBytes.display($0) }.joined(separator: ", ")
        let more = missing.count - 3, values = ["paths": named]
        switch (more > 0, roots != missing) {
        case (true, true):
            // Translators: {paths} names three files or folders, separated by commas; {count} is how many more.
            return book.trn("{paths} and {count} more are not there: the others are shown",
                            "{paths} and {count} more are not there: the others are shown", count: more, values)
        case (true, false):
            // Translators: {paths} names three files or folders, separated by commas; {count} is how many more.
            return book.trn("{paths} and {count} more are not there", "{paths} and {count} more are not there",
                            count: more, values)
        case (false, true):
            // Translators: {paths} names one to three files or folders, separated by commas.
            return book.trn("{paths} is not there: the others are shown", "{paths} are not there: the others are shown",
                            count: missing.count, values)
        case (false, false):
            // Translators: {paths} names one to three files or folders, separated by commas.
            return book.trn("{paths} is not there", "{paths} are not there", count: missing.count, values)
        }
    }

    /// Whether a folder's walk leaves this file out: a hidden name (the walk skips them unless `--hidden`; walked
    /// twice, a file is one photo), or a camera RAW whose JPEG of the same base is beside it (`CameraRawNames`).
    static func isUnlisted(_ name: String, in folder: String, isFile: (String) -> Bool) -> Bool {
        if name.hasPrefix(".") { return true }
        guard CameraRawNames.isRaw(name), let dot = name.lastIndex(of: ".") else { return false }
        let base = (folder == "/" ? "/" : folder + "/") + name[..<dot]
        return ["jpg", "jpeg", "jpe", "JPG", "JPEG", "JPE"].contains { isFile(base + "." + $0) }
    }

    /// An absolute path as its folder and its name ("/a/b.jpg" as "/a" and "b.jpg"; "/b.jpg" as "/" and "b.jpg").
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }
}
