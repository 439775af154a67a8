import GalleryCore

/// The show's place's participant: each frame, a photo newly on show moves the place kept in the library
/// (`PlaceKeeper`), before a script's step after the drawing.
final class PlaceTurns: LoopParticipant {
    let places: PlaceKeeper
    private let model: GalleryModel
    private let sources: SourceProvider

    init(places: PlaceKeeper, model: GalleryModel, sources: SourceProvider) {
        self.places = places; self.model = model; self.sources = sources
    }

    func frame(_ turn: Turn) { places.frame(model: model, source: sources.upstream, sourceKey: sources.key, now: turn.now) }
}
