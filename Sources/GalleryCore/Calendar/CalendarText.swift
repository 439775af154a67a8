import Foundation

/// Bounds an iCalendar file before it is parsed: the parser holds every event of a file in memory, so a file of
/// 100,000 events is cut after `maxEvents` of them (at the end of an event, the calendar closed again). Only lines
/// that are `END:VEVENT` are counted, at a line's start and in any case (iCalendar's names are case-insensitive, so
/// `end:vevent` counts too); what the events say is the parser's business. The time zones (`VTIMEZONE` blocks) that
/// stand after the cut are kept, up to `maxZonesKept`, so the kept events' TZIDs still name their zones.
public enum CalendarText {
    public struct Bounded: Equatable {
        public let bytes: Data
        /// Events left out (0: none).
        public let eventsLeftOut: Int
    }

    /// Zones kept from past the cut: a calendar names a few; a file of thousands is a hostile one.
    public static let maxZonesKept = 100

    private static let endEvent = Array("END:VEVENT".utf8)
    private static let beginZone = Array("BEGIN:VTIMEZONE".utf8)
    private static let endZone = Array("END:VTIMEZONE".utf8)
    private static let closing = Data("\r\nEND:VCALENDAR\r\n".utf8)

    public static func bounded(_ bytes: Data, maxEvents: Int) -> Bounded {
        var count = 0
        var cut: Int?
        var zones: [Range<Int>] = []
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let b = raw.bindMemory(to: UInt8.self)
            var zoneStart: Int?
            var i = 0
            while i < b.count {
                // At a line's start: the name, then the line's end.
                if isLine(endEvent, in: b, at: i) {
                    count += 1
                    if count == maxEvents { cut = i + endEvent.count }
                } else if cut != nil, zones.count < maxZonesKept {
                    if isLine(beginZone, in: b, at: i) {
                        zoneStart = i
                    } else if let start = zoneStart, isLine(endZone, in: b, at: i) {
                        zones.append(start..<(i + endZone.count))
                        zoneStart = nil
                    }
                }
                // On to the next line.
                while i < b.count, b[i] != 0x0A { i += 1 }
                i += 1
            }
        }
        guard let cut, count > maxEvents else { return Bounded(bytes: bytes, eventsLeftOut: 0) }
        var kept = bytes.prefix(cut)
        for zone in zones {
            kept.append(contentsOf: [0x0D, 0x0A])
            kept.append(bytes[(bytes.startIndex + zone.lowerBound)..<(bytes.startIndex + zone.upperBound)])
        }
        return Bounded(bytes: kept + closing, eventsLeftOut: count - maxEvents)
    }

    /// Whether the line starting at `i` is `name` (in any case), ending there (a line break, blanks, or the end).
    private static func isLine(_ name: [UInt8], in b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + name.count <= b.count else { return false }
        for k in 0..<name.count {
            var c = b[i + k]
            if c >= 0x61 && c <= 0x7A { c -= 0x20 }  // a-z read as A-Z
            guard c == name[k] else { return false }
        }
        let after = i + name.count
        return after == b.count || [0x0D, 0x0A, 0x20, 0x09].contains(b[after])
    }
}
