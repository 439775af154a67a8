import Foundation
import GalleryCore
import SDLKit

/// Draws one frame: the grid (images or placeholders with rounded corners), the end marker, the detail pane and the
/// header on top. It reads the model and the image pipeline and changes neither.
final class SceneRenderer {
    private let renderer: Renderer
    private let text: TextRenderer?
    private let config: GalleryConfig
    private var theme: Theme { config.theme }
    private let cornerMask: Texture?
    private let radius: Int

    /// Counts of the last frame's visible cells, for the progress bar and the benchmark.
    private(set) var visibleCells = 0
    private(set) var blankCells = 0

    init(renderer: Renderer, text: TextRenderer?, config: GalleryConfig, scale: Double) {
        self.renderer = renderer
        self.text = text
        self.config = config
        radius = config.cornerRadius
        cornerMask = SceneRenderer.makeCornerMask(renderer: renderer, radius: config.cornerRadius, scale: scale,
                                                  color: config.theme.background)
    }

    /// A quarter-disc mask in the background colour, opaque outside the arc and anti-aliased along it: drawn over a
    /// cell's four corners it rounds them without any per-pixel work at draw time.
    private static func makeCornerMask(renderer: Renderer, radius: Int, scale: Double, color: RGBA) -> Texture? {
        let size = max(1, Int((Double(radius) * scale).rounded()))
        guard radius > 0, let surface = try? Surface(width: size, height: size) else { return nil }
        let r = Double(size)
        for y in 0..<size {
            for x in 0..<size {
                // Distance of the pixel centre from the arc's centre at (size, size); 4×4 supersampling.
                var outside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = r - (Double(x) + (Double(sx) + 0.5) / 4)
                        let dy = r - (Double(y) + (Double(sy) + 0.5) / 4)
                        if dx * dx + dy * dy > r * r { outside += 1 }
                    }
                }
                surface.setPixel(x: x, y: y, r: color.r, g: color.g, b: color.b, a: UInt8(outside * 255 / 16))
            }
        }
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        texture.setBlending(true)
        return texture
    }

    func draw(model: GalleryModel, images: ImagePipeline, status: HeaderStatus, clock: String, time: Double) {
        set(theme.background)
        renderer.clear()
        drawGrid(model: model, images: images)
        if let index = model.detailIndex { drawDetail(model: model, index: index, images: images) }
        drawHeader(model: model, status: status, clock: clock, time: time)
    }

    // MARK: grid

    private func drawGrid(model: GalleryModel, images: ImagePipeline) {
        let visible = model.visibleIndices
        visibleCells = visible.count
        blankCells = 0
        for index in visible {
            let frame = model.screenFrame(of: index)
            let key = ImageKey(item: model.feed.items[index].key, detail: false)
            switch images.state(of: key) {
            case .ready:
                renderer.copy(images.texture(for: key)!, to: frame.x, frame.y, frame.width, frame.height)
            case .failed:
                drawUnavailable(frame)
            case .empty, .loading:
                blankCells += 1
                fill(frame, theme.placeholder)
            }
            roundCorners(frame)
            if index == model.focusedIndex && model.detailIndex == nil { outline(frame, theme.focus, width: 2) }
        }
        if let marker = model.endMarkerText, let text {
            let y = model.layout.contentHeight - model.scrollTop + model.gridTop + 16
            let label = text.fit(marker, .body, maxWidth: model.window.width - 32)
            text.draw(label, .body, x: (model.window.width - text.width(of: label, .body)) / 2, y: y,
                      color: theme.dimText)
        }
    }

    /// The placeholder of an image that will not come: a muted red with a label.
    private func drawUnavailable(_ frame: Rect) {
        fill(frame, theme.failedPlaceholder)
        guard let text, frame.width > 120, frame.height > 40 else { return }
        let label = text.fit("image unavailable", .body, maxWidth: frame.width - 16)
        let w = text.width(of: label, .body)
        text.draw(label, .body, x: frame.x + (frame.width - w) / 2,
                  y: frame.y + (frame.height - text.lineHeight(.body)) / 2, color: theme.dimText)
    }

    private func roundCorners(_ frame: Rect) {
        guard let mask = cornerMask, frame.width >= 2 * radius, frame.height >= 2 * radius else { return }
        let r = radius
        renderer.copy(mask, to: frame.x, frame.y, r, r)
        renderer.copy(mask, to: frame.maxX - r, frame.y, r, r, flip: .horizontal)
        renderer.copy(mask, to: frame.x, frame.maxY - r, r, r, flip: .vertical)
        renderer.copy(mask, to: frame.maxX - r, frame.maxY - r, r, r, flip: [.horizontal, .vertical])
    }

    // MARK: detail pane

    private func drawDetail(model: GalleryModel, index: Int, images: ImagePipeline) {
        let item = model.feed.items[index]
        let layout = model.detailLayout(for: index)
        set(theme.scrim)
        renderer.fill(x: 0, y: model.gridTop, width: model.window.width, height: model.window.height - model.gridTop)
        fill(layout.panel, theme.panel)
        let detailKey = ImageKey(item: item.key, detail: true)
        // Until the large image arrives the cell's own texture stands in, scaled up.
        if let texture = images.texture(for: detailKey) ?? images.texture(for: ImageKey(item: item.key, detail: false)) {
            renderer.copy(texture, to: layout.image.x, layout.image.y, layout.image.width, layout.image.height)
        } else if images.state(of: detailKey) == .failed {
            drawUnavailable(layout.image)
        } else {
            fill(layout.image, theme.placeholder)
        }
        guard let text else { return }
        let photo = item.photo
        let x = layout.textOrigin.x, line = model.detailLineHeight
        var y = layout.textOrigin.y
        text.draw(photo.author, .bold, x: x, y: y, color: theme.text, maxWidth: layout.textWidth)
        y += line
        text.draw("Page: " + (photo.url.isEmpty ? "—" : photo.url), .body, x: x, y: y, color: theme.accent,
                  maxWidth: layout.textWidth)
        y += line
        text.draw("Download: " + (photo.downloadURL.isEmpty ? "—" : photo.downloadURL), .body, x: x, y: y,
                  color: theme.accent, maxWidth: layout.textWidth)
        y += line
        text.draw("\(photo.width) × \(photo.height) · ID \(photo.id) · Esc to return", .body, x: x, y: y,
                  color: theme.dimText, maxWidth: layout.textWidth)
    }

    // MARK: header

    private func drawHeader(model: GalleryModel, status: HeaderStatus, clock: String, time: Double) {
        let width = model.window.width, height = model.gridTop
        set(theme.header)
        renderer.fill(x: 0, y: 0, width: width, height: height)
        set(theme.headerRule)
        renderer.fill(x: 0, y: height - 1, width: width, height: 1)
        drawProgress(status: status, width: width, y: height - 3, time: time)
        guard let text else { return }
        let titleY = (height - text.lineHeight(.title)) / 2
        let titleWidth = text.draw("Tessera", .title, x: 16, y: titleY, color: theme.text)
        text.drawClock(clock, x: 16 + titleWidth + 20, y: titleY, color: theme.accent)

        let summaryY = status.problem == nil && status.note == nil ? (height - text.lineHeight(.body)) / 2 : 5
        let summary = text.fit(status.summary, .body, maxWidth: width / 2)
        text.draw(summary, .body, x: width - 16 - text.width(of: summary, .body), y: summaryY, color: theme.dimText)
        if let second = status.problem ?? status.note {
            let color = status.problem != nil ? theme.errorText : theme.dimText
            let line = text.fit(second, .body, maxWidth: width / 2)
            text.draw(line, .body, x: width - 16 - text.width(of: line, .body), y: summaryY + text.lineHeight(.body),
                      color: color)
        }
    }

    /// A thin bar under the header: how much of the screen has its images, and a moving segment while busy.
    private func drawProgress(status: HeaderStatus, width: Int, y: Int, time: Double) {
        guard status.isBusy else { return }
        let done = visibleCells == 0 ? 0 : Double(visibleCells - blankCells) / Double(visibleCells)
        var accent = theme.accent
        accent.a = 110
        set(accent)
        renderer.fill(x: 0, y: y, width: Int(Double(width) * done), height: 2)
        let segment = width / 5
        let phase = time.truncatingRemainder(dividingBy: 1.2) / 1.2
        set(theme.accent)
        renderer.fill(x: Int(phase * Double(width + segment)) - segment, y: y, width: segment, height: 2)
    }

    // MARK: primitives

    private func set(_ c: RGBA) { renderer.setColor(c.r, c.g, c.b, c.a) }

    private func fill(_ r: Rect, _ c: RGBA) {
        set(c)
        renderer.fill(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    private func outline(_ r: Rect, _ c: RGBA, width w: Int) {
        set(c)
        renderer.fill(x: r.x, y: r.y, width: r.width, height: w)
        renderer.fill(x: r.x, y: r.maxY - w, width: r.width, height: w)
        renderer.fill(x: r.x, y: r.y, width: w, height: r.height)
        renderer.fill(x: r.maxX - w, y: r.y, width: w, height: r.height)
    }
}
