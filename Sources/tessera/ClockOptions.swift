import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// The slideshow's clock and date overlay (`--clock`): its size, corner or band, hours and date line.
struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Slideshow: a clock of its own: words in any order, spaces or commas between: a size (small, large: digits 8 % of the window's height, huge), a place (top-left, top-right, bottom-left, bottom-right, top, bottom, centre), date (a date line under the time), 12h or 24h; or off. A corner alone is the small clock: --clock bottom-right, --clock \"large bottom-left date\".", valueName: "words"))
    var clock: String = "off"

    @Option(help: "The clock's hours: 12 or 24 (default: as the locale writes time, from LC_ALL, LC_TIME or LANG).")
    var clockHours: Int?

    func validate() throws {
        do { _ = try ClockStyle.parse(clock) } catch let refusal as ClockStyleError {
            throw ValidationError(refusal.message)
        }
        if let clockHours, ClockStyle.Hours(rawValue: clockHours) == nil {
            throw ValidationError(tr("--clock-hours must be 12 or 24"))
        }
    }

    func apply(to options: inout AppOptions) throws {
        var style = try ClockStyle.parse(clock)
        if let hours = clockHours.flatMap(ClockStyle.Hours.init(rawValue:)) { style?.hours = hours }
        options.config.slideClock = style
    }
}
