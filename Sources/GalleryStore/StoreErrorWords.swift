import Foundation
import GalleryCore
import GRDB

/// What a failed SQLite call means, in words a person understands, for the screen (an alert, the header); the
/// technical detail (the code, the statement) goes to the log. In the frame's language.
public enum StoreErrorWords {
    public static func describe(_ error: Error) -> String {
        guard let db = error as? DatabaseError else { return "\(error)" }
        switch db.resultCode.primaryResultCode {
        case .SQLITE_FULL: return tr("the disk is full")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return tr("the file cannot be written (read-only)")
        case .SQLITE_CANTOPEN: return tr("the file cannot be opened")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return tr("another program is using the file")
        case .SQLITE_IOERR: return tr("the disk reported an error")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return tr("the file is damaged")
        default: return tr("the file could not be written")
        }
    }
}

/// What went wrong with the offline cache: a line for the screen, and the detail for the log.
public struct StoreFailure: CustomStringConvertible {
    public let words: String
    public let detail: String
    public init(words: String, detail: String) { self.words = words; self.detail = detail }
    public var description: String { detail }
}

/// A write to the user's library that failed: said on screen in words (`StoreErrorWords`), the SQLite detail kept
/// for the log.
public struct LibraryWriteError: Error, CustomStringConvertible {
    public let words: String
    public let detail: String
    init(_ error: Error) { words = StoreErrorWords.describe(error); detail = "\(error)" }
    init(words: String) { self.words = words; detail = words }
    public var description: String { words }
}
