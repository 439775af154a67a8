import Foundation

/// The words under the pane's photo.
extension DetailPane {
    /// One line of text under the photo, and how it is drawn.
    public struct Line: Equatable {
        public enum Style: Equatable { case credit, link, info, hint }
        public let text: String
        public let style: Style
    }

    /// The text under a photo: the source's credit line, the page and download links a source has, what the source
    /// knows besides (a file's folder, date taken, camera), then the photo's size and the keys.
    public static func lines(photo: Photo, credit: Credit) -> [Line] {
        var lines = [Line(text: credit.line, style: .credit)]
        if !credit.page.isEmpty {
            // Translators: {link} is a file's path or a web page's address, shown under the photo.
            let text = ExternalText.isFileURL(credit.page) ? tr("File: {link}", ["link": credit.page])
                : tr("Page: {link}", ["link": credit.page])
            lines.append(Line(text: text, style: .link))
        }
        if !photo.downloadURL.isEmpty {
            lines.append(Line(text: tr("Download: {link}", ["link": photo.downloadURL]), style: .link))
        }
        lines += credit.details.map { Line(text: $0, style: .info) }
        // Translators: the pane's line of keys; {width} × {height} is the photo's size in pixels; the keys stay as they are.
        let hint = tr("{width} × {height} · ← → photos · + − 0 1 zoom · b bookmark · c copy, o open the link · Alt+← Alt+→ back, forward · Esc to return",
                      ["width": "\(photo.width)", "height": "\(photo.height)"])
        lines.append(Line(text: hint, style: .hint))
        return lines
    }
}
