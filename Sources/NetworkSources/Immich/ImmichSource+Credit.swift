import GalleryCore

/// What the pane says of an Immich photo.
extension ImmichSource {
    public func credit(for photo: Photo) -> Credit { ImmichSource.credit(for: photo) }

    /// The owner's description, else the file's name; the pane's lines: the file, when and where, the camera.
    public static func credit(for photo: Photo) -> Credit {
        let facts = photo.facts
        // The file's name under a description; it is the line itself when there is none.
        var details = facts?.description == nil ? [] : [photo.author]
        // Translators: in the pane; {date} is the date the photo was taken.
        if let taken = facts?.taken { details.append(tr("Taken {date}", ["date": Caption.date(taken)])) }
        if let place = facts?.place { details.append(place) }
        if let camera = facts?.camera { details.append(camera) }
        return Credit(line: facts?.description ?? photo.author, page: photo.url, details: details)
    }
}
