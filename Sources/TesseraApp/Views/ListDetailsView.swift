import GalleryCore

/// The list's words beside each photo (`ListDetails`): in the room right of a fitted picture, else on a dark band at
/// the picture's foot; the name bold, the rest dimmer, each line cut to fit.
extension Canvas {
    func listDetails(_ lines: [String], cell: Rect, picture: Rect, gap: Int) {
        guard let text, !lines.isEmpty else { return }
        let pad = Metrics.padding
        let styles = lines.indices.map { $0 == 0 ? TextRenderer.Style.bold : .body }
        let height = zip(lines, styles).reduce(0) { $0 + text.lineHeight($1.1) + Metrics.inset }
        if let side = ListDetails.side(cell: cell, picture: picture, gap: gap) {
            var y = side.y + pad
            for (line, style) in zip(lines, styles) where y + text.lineHeight(style) <= side.maxY {
                let words = text.fit(line, style, maxWidth: side.width - pad)
                text.draw(words, style, x: side.x + pad, y: y, color: style == .bold ? theme.text : theme.dimText)
                y += text.lineHeight(style) + Metrics.inset
            }
            return
        }
        guard picture.width >= Metrics.captionMin.width, picture.height >= height + 2 * pad else { return }
        let widest = zip(lines, styles).map { text.width(of: $0.0, $0.1) }.max() ?? 0
        let band = Rect(x: picture.x + pad, y: picture.maxY - pad - height - pad,
                        width: min(picture.width - 2 * pad, widest + 2 * pad), height: height + pad)
        fill(band, RGBA(0, 0, 0, 150))
        var y = band.y + pad / 2
        for (line, style) in zip(lines, styles) {
            text.draw(text.fit(line, style, maxWidth: band.width - 2 * pad), style, x: band.x + pad, y: y, color: theme.text)
            y += text.lineHeight(style) + Metrics.inset
        }
    }
}
