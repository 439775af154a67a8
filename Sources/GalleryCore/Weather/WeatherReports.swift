import Foundation

/// Where the weather's fetcher (a thread of its own) leaves each good forecast for the overlay, which reads it at
/// its own refresh on the main thread: one lock, one value, a serial that says whether it is new.
public final class WeatherReports: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`:
    private var forecast: WeatherForecast?
    private var serial = 0

    public init(kept: WeatherForecast? = nil) { forecast = kept; serial = kept == nil ? 0 : 1 }

    public func post(_ newer: WeatherForecast) {
        lock.lock(); forecast = newer; serial += 1; lock.unlock()
    }

    /// The last forecast posted (or kept from before) and how many have been.
    public var latest: (serial: Int, forecast: WeatherForecast?) {
        lock.lock(); defer { lock.unlock() }
        return (serial, forecast)
    }
}
