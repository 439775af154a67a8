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
}
