import Foundation
import GalleryCore

/// The frame's MQTT id, kept in `frame-id` in the configuration folder so it stays the same from one start to the
/// next (Home Assistant would otherwise see a new device each time, even after the frame is renamed). The first
/// start makes it from the frame's name and where it runs (`FrameID.made`: the machine's id and the configuration
/// folder), so two frames given the same name are two devices, and writes it atomically (a temporary file, then a
/// rename).
public enum FrameIDFile {
    public static let fileName = "frame-id"

    /// The id in `folder`'s file, else a new one written there. When the file cannot be written the new id is still
    /// returned (it then lasts until the frame stops), with why in `problem`.
    public static func load(in folder: URL, name: String?) -> (id: FrameID, problem: String?) {
        let file = folder.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file), data.count <= 1024,
           let text = String(data: data, encoding: .utf8),
           let id = FrameID(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return (id, nil)
        }
        let id = FrameID.made(name: name, place: machineID + "\n" + folder.standardizedFileURL.path)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((id.value + "\n").utf8).write(to: file, options: .atomic)
            return (id, nil)
        } catch {
            return (id, "cannot keep the frame's MQTT id in \(file.path): \(error.localizedDescription)")
        }
    }

    /// The machine's id (systemd's, else D-Bus's), else its host name: what tells two machines apart.
    static var machineID: String {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let data = FileManager.default.contents(atPath: path), data.count <= 256,
               let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
               !text.isEmpty {
                return text
            }
        }
        return ProcessInfo.processInfo.hostName
    }
}
