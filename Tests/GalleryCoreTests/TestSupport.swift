// The photos and the repeatable randomness these tests share with the other test targets.
@_exported import GallerySamples
