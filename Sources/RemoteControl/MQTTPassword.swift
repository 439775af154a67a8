import Foundation

/// The broker's password, never from the command line (where `ps` would show it): the first line of
/// `--mqtt-password-file`, else `TESSERA_MQTT_PASSWORD`. The variable is removed from the environment once read, so
/// the processes the frame starts (its media workers, a script's) do not inherit it. Nothing here logs the password.
public enum MQTTPassword {
    public static let environmentVariable = "TESSERA_MQTT_PASSWORD"

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The password from `file` if given (trimmed of surrounding white space and line ends), else from the
    /// environment; nil when neither gives one. Throws when the file cannot be read.
    public static func read(file: String?) throws -> String? {
        let fromEnvironment = take(environmentVariable)
        guard let file else { return fromEnvironment.flatMap { $0.isEmpty ? nil : $0 } }
        guard let data = FileManager.default.contents(atPath: file), data.count <= 64 << 10 else {
            throw Unreadable(description: "cannot read the MQTT password from \(file)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Unreadable(description: "the MQTT password in \(file) is not UTF-8 text")
        }
        let password = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return password.isEmpty ? nil : password
    }

    /// Reads a variable and removes it from the environment (`getenv`, `unsetenv`).
    static func take(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        unsetenv(name)
        return text
    }
}
