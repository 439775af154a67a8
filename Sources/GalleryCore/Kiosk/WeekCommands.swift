import Foundation

/// A setting of a kiosk's week, by its option's name.
public enum WeekField: String, CaseIterable, Equatable, Hashable, Sendable {
    case schedule, dim, location
    case except = "schedule-except"
}

/// A week's setting changed while the frame runs (`Command.setWeek`, the remote's settings form): the kiosk's week
/// takes it at once, and the loop's next turn follows it (the display off, dimmed or on). Text that does not read
/// (the form checks it first) changes nothing. Installed in `RoomRegistry.standard`.
public enum WeekCommands {
    /// Carries `command` out; false when it is not a week's.
    public static func perform(_ command: Command, in gallery: GalleryModel) -> Bool {
        guard case .setWeek(let field, let text) = command else { return false }
        guard let kiosk = gallery.kiosk else { return true }
        var week = kiosk.week ?? WeekSchedule()
        guard update(&week, field, text) else { return true }
        kiosk.schedule = nil
        kiosk.week = week
        return true
    }

    /// Sets `field` of `week` from `text`; false when the text does not read.
    public static func update(_ week: inout WeekSchedule, _ field: WeekField, _ text: String) -> Bool {
        switch field {
        case .schedule:
            guard let hours = try? SpellGrammar.groups(text).get() else { return false }
            // All day, every day is no hours at all.
            week.hours = hours == [SpellGroup(days: .all, spells: [.allDay])] ? nil : hours
        case .dim:
            guard let dims = text.trimmingCharacters(in: .whitespaces).isEmpty ? []
                    : try? SpellGrammar.groups(text, withLevel: true).get() else { return false }
            week.dims = dims
        case .except:
            guard let dates = text.trimmingCharacters(in: .whitespaces).isEmpty ? [:]
                    : try? WeekScheduleText.exceptions(text).get() else { return false }
            week.exceptions = dates
        case .location:
            guard let place = GeoPoint(parsing: text) else { return false }
            week.place = place
        }
        return true
    }
}
