import Foundation

/// Which frame is which (`Command.identify`, from the remote page, the API, MQTT or Home Assistant): the frame's
/// name and its remote's address, large in the middle of the screen over whatever shows, for `duration` seconds,
/// then gone. Its words name both for the remote's state of the screen.
public final class IdentifyOverlay: OverlayModel {
    public let traits = OverlayTraits(placement: OverlayPlacement(.centred), scenes: .awake, shiftShare: 0,
                                      turnsWithPicture: true, refresh: .every(seconds: 1), depth: .top)
    /// What shows: the frame's name, and where its remote page is (host:port; nil: no remote).
    public private(set) var name = ""
    public private(set) var address: String?
    /// Until when it shows, on `clock` (the loop's monotonic seconds, as `Kiosk.litUntil`); nil: it does not.
    public private(set) var until: Double?
    /// The loop's monotonic clock: a wall clock stepped back (NTP) must not keep the card up.
    private let clock: () -> Double

    /// How long it shows, in seconds.
    public static let duration = 10.0

    public init(clock: @escaping () -> Double) { self.clock = clock }

    /// Shows `name` and `address` from `now` (on its clock) for `duration` seconds (again from now when it
    /// already shows).
    public func show(name: String, address: String?, at now: Double) {
        self.name = name
        self.address = address
        until = now + IdentifyOverlay.duration
    }

    public func refresh(_ context: OverlayContext) -> Bool {
        guard let until, clock() >= until else { return false }
        self.until = nil
        return true
    }

    public var isShowing: Bool { until != nil }
    public func shows(in gallery: GalleryModel) -> Bool { isShowing }

    /// "Hall — 192.168.1.20:8080", while it shows.
    public var words: String? {
        guard isShowing else { return nil }
        return address.map { "\(name) — \($0)" } ?? name
    }
}
