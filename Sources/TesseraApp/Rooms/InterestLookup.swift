import Foundation
import GalleryCore

/// The slideshow's centres of interest (`--motion`), each photo's looked up once, off the main loop, as it comes near
/// the screen: the source answers (a folder from the file's EXIF SubjectArea, Immich from its faces). Answers are
/// kept for the last `remembered` photos; one not in after `patience` seconds counts as none (a slow server must
/// not hold the show: the slideshow waits for the answer before the photo shows).
final class InterestLookup: @unchecked Sendable {
    static let remembered = 64
    /// Seconds an answer is waited for.
    let patience: Double

    init(patience: Double = 4) { self.patience = patience }

    /// One lookup at a time, in the order asked (a folder's answer reads the file on this queue).
    private let queue = DispatchQueue(label: "tessera.interest")
    private let lock = NSLock()
    // Guarded by `lock`: each photo's answer, with when it was asked, and the order they were asked in.
    private var answers: [String: (answer: CentreOfInterest, asked: UInt64)] = [:]
    private var order: [String] = []

    /// The answer for `photo` as far as it is known now; the first ask starts the lookup through `source`.
    func interest(of photo: Photo, source: PhotoSource) -> CentreOfInterest {
        let now = DispatchTime.now().uptimeNanoseconds
        let start: Bool = lock.withLock {
            if let known = answers[photo.id] {
                if known.answer == .unknown, now - known.asked >= UInt64(patience * 1e9) {
                    answers[photo.id] = (.none, known.asked)
                }
                return false
            }
            answers[photo.id] = (.unknown, now)
            order.append(photo.id)
            if order.count > InterestLookup.remembered { answers[order.removeFirst()] = nil }
            return true
        }
        if start {
            queue.async { [weak self] in
                source.interest(of: photo) { answer in self?.settle(photo.id, answer) }
            }
        }
        return lock.withLock { answers[photo.id]?.answer ?? .none }
    }

    /// An answer arrived (from any thread): kept, unless the photo has been given up on or forgotten meanwhile.
    private func settle(_ id: String, _ answer: CentreOfInterest) {
        lock.withLock {
            guard let known = answers[id], known.answer == .unknown else { return }
            answers[id] = (answer, known.asked)
        }
    }
}
