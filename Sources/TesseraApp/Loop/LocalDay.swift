import Foundation
import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// The calendar day where the frame stands (the system's time zone), for memories.
public enum LocalDay {
    public static func today() -> PhotoDateFilter.Day {
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&t, &parts)
        return PhotoDateFilter.Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// The wall's date headings for a source: its months and days (files' times as here) when it comes in date
    /// order, else none.
    public static func dateHeadings(for traits: SourceTraits) -> DateSections? {
        traits.inDateOrder ? DateSections(fileTimeOffset: Int64(TimeZone.current.secondsFromGMT())) : nil
    }
}
