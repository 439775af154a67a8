/// Where the help's words go in a panel of any width: one column in a narrow window, two from `twoColumns` up,
/// sections kept whole and the columns about even; the keys on the left of each row, what they do beside them,
/// both wrapped (never cut) to their widths. The result is as tall as it needs: the overlay scrolls it.
public struct HelpLayout: Equatable {
    public struct Item: Equatable {
        public enum Kind: Equatable { case heading, keys, action }
        public let text: String
        public let kind: Kind
        public let x: Int, y: Int
    }

    public var items: [Item]
    public var height: Int

    public static let twoColumns = 760, gap = 16

    /// `measure` gives a line's width (headings and keys alike, near enough); `lineHeight` a row's height.
    public static func plan(_ sections: [HelpSheet.Section], width: Int, lineHeight: Int,
                            measure: (String) -> Int) -> HelpLayout {
        let columns = width >= twoColumns ? 2 : 1
        let columnWidth = max(40, (width - (columns - 1) * gap * 2) / columns)
        let keysWidth = max(30, min(190, columnWidth * 2 / 5))
        let actionWidth = max(30, columnWidth - keysWidth - gap)
        func wrap(_ text: String, _ w: Int) -> [String] {
            let lines = TextFit.wrap(text, width: w, maxLines: 8, measure: measure)
            return lines.isEmpty ? [text] : lines
        }
        // Each section laid out at the origin, then placed in a column.
        var blocks: [(items: [Item], height: Int)] = []
        for section in sections {
            var items = [Item(text: section.title, kind: .heading, x: 0, y: 0)]
            var y = lineHeight
            for row in section.rows {
                let keys = wrap(row.keys, keysWidth), action = wrap(row.action, actionWidth)
                for (i, line) in keys.enumerated() { items.append(Item(text: line, kind: .keys, x: 0, y: y + i * lineHeight)) }
                for (i, line) in action.enumerated() {
                    items.append(Item(text: line, kind: .action, x: keysWidth + gap, y: y + i * lineHeight))
                }
                y += max(keys.count, action.count) * lineHeight
            }
            blocks.append((items, y + gap))
        }
        let total = blocks.reduce(0) { $0 + $1.height }
        var items: [Item] = []
        var column = 0, y = 0, tallest = 0
        for block in blocks {
            // The second column starts once the first holds about half.
            if columns == 2, column == 0, y > 0, y + block.height / 2 > total / 2 { column = 1; y = 0 }
            let x = column * (columnWidth + 2 * gap)
            items += block.items.map { Item(text: $0.text, kind: $0.kind, x: $0.x + x, y: $0.y + y) }
            y += block.height
            tallest = max(tallest, y)
        }
        return HelpLayout(items: items, height: tallest)
    }
}
