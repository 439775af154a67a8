import ArgumentParser
import Foundation
import GalleryCore
import TesseraApp

/// How the display's brightness is set for dimming (`--brightness`, `--brightness-command`).
struct BrightnessOptions: ParsableArguments {
    @Option(help: "How a dim spell sets the display's brightness: auto (the command below if given, else a backlight through systemd-logind, else the backlight's /sys file where it is writable, else an external monitor's DDC/CI through ddcutil, else the photos are drawn darker), logind, backlight, ddc, command or none (always drawn darker).")
    var brightness: String = "auto"

    @Option(help: "A shell command that sets the brightness, {} replaced by the level in percent (0-100), e.g. \"ddcutil setvcp 10 {}\" or \"brightnessctl set {}%\".")
    var brightnessCommand: String?

    func validate() throws {
        guard let way = BrightnessWay(rawValue: brightness) else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--brightness must be one of: {values}", ["values": BrightnessWay.names]))
        }
        if way == .command, (brightnessCommand ?? "").isEmpty {
            throw ValidationError(tr("--brightness command needs --brightness-command"))
        }
        if brightnessCommand != nil, ![.auto, .command].contains(way) {
            throw ValidationError(tr("--brightness-command is used with --brightness auto or command, not {value}",
                                     ["value": brightness]))
        }
    }

    func apply(to options: inout AppOptions) throws {
        options.brightness = BrightnessWay(rawValue: brightness) ?? .auto
        options.brightnessCommand = brightnessCommand
    }
}
