import GalleryCore

/// The app as a test sees it through the door (`AppServices`): answers a test sets, and every request the rooms
/// sent, in order.
final class StandInServices: AppServices {
    var credits: (Photo) -> Credit = { Credit(line: $0.author, page: $0.url) }
    var arrived: (ItemKey) -> Bool = { _ in true }
    var progress: (ItemKey) -> ClipProgress? = { _ in nil }
    var interests: (Photo) -> CentreOfInterest = { _ in .none }
    var folders: (String) -> String? = { _ in nil }
    var keepsUp = true
    var knownPhotos: Int?
    var emptyFeedText = "This feed has no photos."
    var photoOffer: PhotoOffer?
    var offersMemories = false
    var today = PhotoDateFilter.day(of: 0)
    var detailLineHeight = 22
    /// Every request carried, in order.
    private(set) var requests: [ServiceRequest] = []
    /// Told of each request as it comes.
    var onCarry: (ServiceRequest) -> Void = { _ in }

    func carry(_ request: ServiceRequest) {
        requests.append(request)
        onCarry(request)
    }

    func credit(for photo: Photo) -> Credit { credits(photo) }
    func imageArrived(_ item: ItemKey) -> Bool { arrived(item) }
    func clipProgress(_ item: ItemKey) -> ClipProgress? { progress(item) }
    func interest(of photo: Photo) -> CentreOfInterest { interests(photo) }
    func resolveFolder(_ typed: String) -> String? { folders(typed) }
}

extension GalleryModel {
    /// The stand-in for the app this model speaks to (put in place on first use).
    var standIn: StandInServices {
        if let standIn = services as? StandInServices { return standIn }
        let standIn = StandInServices()
        services = standIn
        return standIn
    }
}
