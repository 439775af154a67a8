import ArgumentParser
import Foundation
import GalleryCore
import RemoteControl
import TesseraApp

/// The options that let the frame be steered from afar: the HTTP remote and MQTT. Off unless given: nothing
/// listens and nothing connects otherwise.
struct RemoteOptions: ParsableArguments {
    @Option(help: "Steer the frame from a phone or a script: an HTTP server (the remote page at /, a JSON API under /api/v1) listens at ADDRESS:PORT (127.0.0.1:8080 for this machine alone, 0.0.0.0:8080 for the network). Every request needs the token: tessera remote-token prints it.")
    var remote: String?

    @Option(help: "The remote's token, from this file (default: made at first start in the configuration folder, mode 600).")
    var remoteTokenFile: String?

    @Option(help: "Publish the frame to an MQTT broker and take commands from it, with Home Assistant discovery: mqtt://[user@]host[:port], mqtts:// for TLS.")
    var mqtt: String?

    @Option(help: "MQTT: the password, from this file (else TESSERA_MQTT_PASSWORD).")
    var mqttPasswordFile: String?

    @Option(help: "MQTT over TLS: the certificate authority's file that signed the broker's certificate (default: the system's).")
    var mqttCaFile: String?

    func validate() throws {
        if let remote, (ListenAddress(parsing: remote)?.port ?? 0) == 0 {
            throw ValidationError(tr("--remote must be ADDRESS:PORT (127.0.0.1:8080, [::1]:8080, :8080)"))
        }
        if let mqtt, BrokerAddress(parsing: mqtt) == nil { throw ValidationError(tr("--mqtt must be {form}", ["form": BrokerAddress.form])) }
        for (flag, file) in [("--remote-token-file", remoteTokenFile), ("--mqtt-password-file", mqttPasswordFile),
                             ("--mqtt-ca-file", mqttCaFile)] {
            if let file, !FileManager.default.isReadableFile(atPath: file) {
                // Translators: {option} is an option's name (--remote-token-file), {file} a path.
                throw ValidationError(tr("{option}: cannot read {file}", ["option": flag, "file": file]))
            }
        }
    }

    /// Reads the MQTT password now, on the main thread before any other starts (`unsetenv` is not safe beside
    /// threads that read the environment).
    func apply(to options: inout AppOptions) throws {
        if mqtt != nil {
            do { options.mqttPassword = try MQTTPassword.read(file: mqttPasswordFile) } catch {
                throw ValidationError("\(error)")
            }
        }
        options.remote = remote
        options.remoteTokenFile = remoteTokenFile
        options.mqtt = mqtt
        options.mqttPasswordFile = mqttPasswordFile
        options.mqttCAFile = mqttCaFile
        options.configPath = ConfigFile.path
        options.checkSetting = { name, value in ConfigFile.problem(with: name, value: value) }
    }
}
