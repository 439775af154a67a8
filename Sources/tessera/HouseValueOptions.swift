import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// A value from the house on the frame (`--show-value TOPIC=template`), through the MQTT connection.
struct HouseValueOptions: ParsableArguments {
    @Option(name: .customLong("show-value"),
            help: ArgumentHelp("Show a value from MQTT as a line over the photos: TOPIC=TEMPLATE, e.g. \"home/outside/temperature=Outside {value} °C\"; {value_json.KEY} reads a JSON payload. Repeatable; needs --mqtt.",
                               valueName: "topic=template"))
    var showValue: [String] = []

    @Option(name: .customLong("value-corner"), help: "Where the values stand: top-left, top-right, bottom-left or bottom-right.")
    var valueCorner = ClockCorner.topLeft.rawValue

    @Option(name: .customLong("value-stale-after"),
            help: "Minutes without a message on a value's topic before it is shown dimmer with '(stale, AGE)' (it says '(stale)' at once when the broker is lost).")
    var valueStaleAfter = Int(HouseValueStaleness.defaultAfter / 60)

    /// Most lines shown: a frame is not a dashboard.
    static let maxValues = 8

    func validate() throws {
        guard showValue.count <= HouseValueOptions.maxValues else {
            throw ValidationError(trn("--show-value: at most {count} value", "--show-value: at most {count} values",
                                      count: HouseValueOptions.maxValues))
        }
        for text in showValue {
            if case .failure(let problem) = HouseValueLine.parse(text) { throw ValidationError("--show-value: \(problem)") }
        }
        guard valueStaleAfter >= 1 else { throw ValidationError(tr("--value-stale-after must be at least 1 (minutes)")) }
        guard ClockCorner(rawValue: valueCorner) != nil else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--value-corner must be one of {values}",
                                     ["values": ClockCorner.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
    }

    func apply(to options: inout AppOptions) throws {
        guard !showValue.isEmpty else { return }
        // The values come through the frame's one MQTT connection: without it they would never come.
        guard options.mqtt != nil else {
            throw ValidationError(tr("--show-value needs --mqtt (the broker the values are published on)"))
        }
        let lines = showValue.compactMap { try? HouseValueLine.parse($0).get() }
        options.config.houseValues = HouseValueBoard(lines: lines, staleAfter: Double(valueStaleAfter) * 60)
        options.config.houseValueCorner = ClockCorner(rawValue: valueCorner) ?? .topLeft
    }
}
