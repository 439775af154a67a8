import GalleryCore

/// What a view draws with: the model, the images, the time (for carets), and whether the wall fills its own gaps.
struct SceneFrame {
    let model: GalleryModel
    let images: ImagePipeline
    let time: Double
    /// The wall paints its background around its cells itself (the window was not cleared first).
    let fillsGaps: Bool
}

/// One view per kind of room, looked up by the room's type: the renderer never names a screen or an overlay. A new
/// room's view is one `register` line (`SceneRenderer.views`).
final class RoomViews {
    private var drawers: [ObjectIdentifier: (Room, SceneFrame) -> Void] = [:]

    func register<R: Room>(_ type: R.Type, draw: @escaping (R, SceneFrame) -> Void) {
        drawers[ObjectIdentifier(type)] = { room, frame in draw(room as! R, frame) }
    }

    /// Draws a room with its view; false when no view is registered for its type.
    @discardableResult
    func draw(_ room: Room, _ frame: SceneFrame) -> Bool {
        guard let drawer = drawers[ObjectIdentifier(type(of: room))] else { return false }
        drawer(room, frame)
        return true
    }
}
