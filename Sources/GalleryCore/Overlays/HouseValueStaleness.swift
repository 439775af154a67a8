/// When a value from the house may no longer be true, and what the frame says beside it. A value shown for ever after
/// its sensor stopped (or after the broker went away) reads as today's; so a value says `(stale)` once the frame lost
/// the broker, and `(stale, 3 h)` once nothing came on its topic for `after` seconds (`--value-stale-after`), and is
/// drawn dimmer (`HouseValueView`). It comes back as it was with the next message.
public enum HouseValueStaleness {
    /// Silence on a topic before its value is stale, by default: two hours (a sensor publishes every few minutes at
    /// most; a house's slow values, such as a daily meter reading, want a longer `--value-stale-after`).
    public static let defaultAfter = 2 * 3600.0

    /// The words after a value `age` seconds old: nil while it is fresh.
    public static func note(age: Double, brokerLost: Bool, after: Double) -> String? {
        // Translators: beside a value from the house (a sensor) that may be old; {age} is how old, "3 h".
        if age >= after { return tr("(stale, {age})", ["age": ageWords(age)]) }
        // Translators: beside a value from the house (a sensor) while the frame has lost its MQTT broker.
        return brokerLost ? tr("(stale)") : nil
    }

    /// An age in the largest unit that says it: minutes up to 90, hours up to two days, then days.
    public static func ageWords(_ seconds: Double) -> String {
        let minutes = Int(max(0, seconds) / 60)
        // Translators: an age in minutes, short ("min").
        if minutes < 90 { return trn("{count} min", "{count} min", count: minutes) }
        // Translators: an age in hours, short ("h").
        if minutes < 48 * 60 { return trn("{count} h", "{count} h", count: minutes / 60) }
        // Translators: an age in days, short ("d").
        return trn("{count} d", "{count} d", count: minutes / (24 * 60))
    }
}
