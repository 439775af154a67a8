import CAvahi
import Foundation

/// A TXT record's strings as Avahi's list (`avahi_string_list_add` / `avahi_string_list_free`).
final class TXTRecord {
    private(set) var list: UnsafeMutablePointer<AvahiStringList>?

    /// `strings` in order ("key=value" each).
    init(_ strings: [String]) {
        // avahi_string_list_add prepends: added last to first, the list reads first to last.
        for string in strings.reversed() { list = avahi_string_list_add(list, string) }
    }

    deinit { avahi_string_list_free(list) }

    /// The strings of a list Avahi owns (a resolver's TXT), as bytes: a string is not always UTF-8.
    static func strings(of list: UnsafeMutablePointer<AvahiStringList>?) -> [Data] {
        var strings: [Data] = []
        var entry = list
        while let current = entry, strings.count < TXTRecord.maxStrings {
            if let text = avahi_string_list_get_text(current) {
                strings.append(Data(bytes: text, count: min(avahi_string_list_get_size(current), 255)))
            }
            entry = avahi_string_list_get_next(current)
        }
        return strings
    }

    /// No more strings than this are read from another host's record (its bytes are a stranger's).
    static let maxStrings = 64
}
