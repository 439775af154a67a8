import ArgumentParser
import Foundation
import GalleryCore
import RemoteControl

/// `tessera frames`: the frames announcing their remote on the local network (mDNS through avahi-daemon), and with
/// `--mqtt` those on that broker (their retained about, as the frames' own bridges hear each other), one a line:
/// name, address, id, version.
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "List the Tessera frames on the local network whose remote is on (found through Avahi's mDNS), and those on an MQTT broker.",
        discussion: """
            Looks for a few seconds (until the network's first answers are in, at most \(Int(FramesCommand.patience)) \
            s) and prints each frame's name, the address of its remote page, its id and its version. Needs \
            avahi-daemon running, or --mqtt: the frames that said they are on that broker are listed too (a frame \
            without --remote has no address).
            """)

    @Flag(help: "Print JSON: {\"frames\": [{\"id\", \"name\", \"url\", \"version\", \"via\"}]}.")
    var json = false

    @Option(help: "Also list the frames on this MQTT broker: mqtt://[user@]host[:port], mqtts:// for TLS.")
    var mqtt: String?

    @Option(help: "MQTT: the password, from this file (else TESSERA_MQTT_PASSWORD).")
    var mqttPasswordFile: String?

    @Option(help: "MQTT over TLS: the certificate authority's file that signed the broker's certificate (default: the system's).")
    var mqttCaFile: String?

    /// The longest look, in seconds.
    static let patience = 3.0

    func validate() throws {
        if let mqtt, BrokerAddress(parsing: mqtt) == nil { throw ValidationError(tr("--mqtt must be {form}", ["form": BrokerAddress.form])) }
    }

    func run() throws {
        let seen = SeenFrames()
        if let mqtt, let broker = BrokerAddress(parsing: mqtt) {
            do {
                try FrameSearchOnBroker.run(broker: broker, password: try MQTTPassword.read(file: mqttPasswordFile),
                                            caFile: mqttCaFile, seconds: FramesCommand.patience, into: seen)
            } catch {
                // Translators: {why} is the broker's address and what went wrong (English).
                let said = tr("The frames on the broker are not listed: {why}", ["why": "\(error)"])
                FileHandle.standardError.write(Data("tessera: \(said)\n".utf8))
            }
        }
        let frames: [FrameSeen]
        do {
            frames = try FrameSearch.run(seconds: FramesCommand.patience, into: seen)
        } catch let failure as FrameSearch.Failure {
            // Translators: {why} is Avahi's own words (English), such as "Daemon not running".
            let said = tr("Avahi is not running (avahi-daemon), so no frames can be found: {why}",
                          ["why": failure.description])
            FileHandle.standardError.write(Data("tessera: \(said)\n".utf8))
            // With a broker, its frames are still worth listing.
            guard mqtt != nil else { throw ExitCode(69) }
            frames = seen.list()
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(["frames": frames]), as: UTF8.self))
            return
        }
        guard !frames.isEmpty else { return print(tr("No frames found")) }
        let rows = frames.map(\.terminalColumns)
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            print((padded + [row[3]]).joined(separator: "  "))
        }
    }
}
