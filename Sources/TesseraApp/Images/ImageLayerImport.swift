// The image layer (its own target, Sources/ImageLayer) is seen by every file of the app, as the core is: the loop,
// the views and the remote name its types (`ImagePipeline`, `ImageKey`, `ClipPlayers`) without an import each.
@_exported import ImageLayer
