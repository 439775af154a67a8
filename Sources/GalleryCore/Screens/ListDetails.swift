/// What the list says of each photo beside it: its name (a file's) or author (a network photo's), its date, the
/// camera and its size (pixels, and the file's bytes where known), a line each, only what is known. Where the list's
/// cell leaves room beside the fitted picture (a tall photo), the words stand there; else on a dark band at the
/// picture's foot.
public enum ListDetails {
    /// The lines, the name first. `fileTimeOffset`: seconds east of UTC, for a file's time (a date taken is
    /// the camera's wall time, shown as written).
    public static func lines(for photo: Photo, fileTimeOffset: Int64 = 0) -> [String] {
        var lines = [photo.author]
        if let taken = photo.facts?.taken {
            lines.append(Caption.date(taken))
        } else if let file = photo.file {
            // Translators: {date} is the day a file was last changed, "1 June 2024".
            lines.append(tr("Modified {date}", ["date": Caption.date(file.modified + fileTimeOffset)]))
        }
        if let camera = photo.facts?.camera { lines.append(camera) }
        var size = "\(photo.width) × \(photo.height)"
        if let bytes = photo.file?.bytes { size += " · " + byteText(bytes) }
        lines.append(size)
        return lines
    }

    /// "8.2 MB", "412 KB" (the number as the frame's language writes it: "8,2 MB" in German).
    public static func byteText(_ bytes: Int64) -> String {
        let language = Words.language
        if bytes >= 1 << 20 {
            // Translators: a file's size in megabytes; {size} is the number ("8.2").
            return tr("{size} MB", ["size": language.number(Double(bytes) / Double(1 << 20), fractionDigits: 1)])
        }
        // Translators: a file's size in kilobytes; {size} is the number.
        return tr("{size} KB", ["size": language.number(Int(max(1, (bytes + 512) >> 10)))])
    }

    /// The narrowest room beside a picture that the words take.
    public static let minSideWidth = 200

    /// Where the words go for a list cell: beside the picture (in the cell's room right of it) when there is
    /// `minSideWidth` of room there, else nil (on the picture's foot).
    public static func side(cell: Rect, picture: Rect, gap: Int) -> Rect? {
        let room = cell.maxX - picture.maxX - 2 * gap
        guard room >= minSideWidth else { return nil }
        return Rect(x: picture.maxX + gap, y: picture.y, width: room, height: picture.height)
    }
}
