import Foundation

/// A monitor that answers DDC/CI, as `ddcutil detect --brief` lists it.
public struct DDCDisplay: Equatable, Sendable {
    /// ddcutil's number for it (`--display N`).
    public var number: Int
    /// Its "Monitor:" line (maker, model, serial), for the log; "unnamed" when ddcutil gives none.
    public var monitor: String

    public init(number: Int, monitor: String) { self.number = number; self.monitor = monitor }
}

/// Reads what `ddcutil` prints. Its words are an outside program's: bounded and parsed leniently, anything
/// unrecognised is skipped.
public enum DDCDetect {
    /// The displays `ddcutil detect --brief` lists as "Display N" (those listed as "Invalid display" do not answer
    /// DDC/CI and are left out), in its order. Only the first 64 KB are read.
    public static func displays(_ text: String) -> [DDCDisplay] {
        var found: [DDCDisplay] = []
        // Whether the lines now belong to a "Display N" section (an "Invalid display" section's Monitor line must
        // not name the display before it).
        var inDisplay = false
        for raw in text.utf8.prefix(65_536).split(separator: UInt8(ascii: "\n")).prefix(1000) {
            let line = String(decoding: raw, as: UTF8.self)
            guard let first = line.first, !line.allSatisfy(\.isWhitespace) else { continue }
            if first != " ", first != "\t" {
                let words = line.split(separator: " ")
                inDisplay = false
                if words.count == 2, words[0] == "Display", let number = Int(words[1]), number > 0, number < 1000 {
                    found.append(DDCDisplay(number: number, monitor: "unnamed"))
                    inDisplay = true
                }
            } else if inDisplay, let colon = line.firstIndex(of: ":"),
                      line[..<colon].trimmingCharacters(in: .whitespaces) == "Monitor" {
                let name = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { found[found.count - 1].monitor = String(name.prefix(120)) }
            }
        }
        return found
    }

    /// The maximum of VCP feature 0x10 (brightness) from `ddcutil getvcp 10 --brief` ("VCP 10 C 50 100"); nil when
    /// the answer is not that shape.
    public static func brightnessMaximum(_ text: String) -> Int? {
        for line in text.utf8.prefix(4096).split(separator: UInt8(ascii: "\n")) {
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            if words.count >= 5, words[0] == "VCP", words[1].uppercased() == "10", words[2] == "C",
               let maximum = Int(words[4]), maximum > 0, maximum <= 65_535 {
                return maximum
            }
        }
        return nil
    }
}
