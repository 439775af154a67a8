import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// The calendar overlay (`--calendar`): today's and the next events from iCalendar sources.
struct CalendarOptions: ParsableArguments {
    @Option(name: .customLong("calendar"),
            help: ArgumentHelp("An iCalendar source: a .ics file, an http(s) address or a webcal:// link (repeatable); shows today's and the next events.",
                               valueName: "FILE|URL"))
    var calendars: [String] = []

    @Option(name: .customLong("calendar-auth-file"),
            help: ArgumentHelp("A file holding user:password for the calendar addresses' basic authentication (https only).",
                               valueName: "FILE"))
    var calendarAuthFile: String?

    @Option(name: .customLong("calendar-lines"), help: "At most this many calendar lines.")
    var calendarLines = CalendarSettings.defaultLines

    @Option(name: .customLong("calendar-corner"),
            help: "Where the calendar stands: top-left, top-right, bottom-left, bottom-right, top or bottom.")
    var calendarCorner = "bottom-left"

    func validate() throws {
        guard (1...20).contains(calendarLines) else { throw ValidationError(tr("--calendar-lines takes 1 to 20")) }
        guard CalendarSettings.spots[calendarCorner] != nil else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--calendar-corner takes {values}",
                                     ["values": CalendarSettings.spots.keys.sorted().joined(separator: ", ")]))
        }
        for source in calendars where source.contains("://") && !CalendarSettings.isAddress(source) {
            throw ValidationError(tr("--calendar takes a file or an http(s) or webcal address, not {value}", ["value": source]))
        }
        if let refusal = CalendarSettings.refusal(sources: calendars, authFile: calendarAuthFile) {
            throw ValidationError(refusal)
        }
    }

    func apply(to options: inout AppOptions) throws {
        guard !calendars.isEmpty else { return }
        var settings = CalendarSettings(sources: calendars.map(CalendarSettings.fetchedAddress(of:)), authFile: calendarAuthFile, lines: calendarLines,
                                        spot: CalendarSettings.spots[calendarCorner] ?? .bottomLeft,
                                        cacheDirectory: options.cacheDirectory)
        settings.keepsCopies = options.useCache
        options.config.calendar = settings
    }
}
