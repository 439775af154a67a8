import ArgumentParser
import Foundation
import GalleryCore
import RemoteControl

/// `tessera remote-token`: prints the remote's token (made if there is none yet, as the first `--remote` start
/// would) and the page's address with it, to open on a phone or to put behind a QR code.
struct RemoteTokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-token",
        abstract: "Print the remote's token (made if missing) and the remote page's address with it.",
        discussion: """
            The token is kept in the configuration folder (remote-token, mode 600) unless --remote-token-file names \
            another file. Every request to the remote but the page itself needs it: Authorization: Bearer TOKEN. \
            The page's address carries it after # (never sent over the network by the browser).
            """)

    @Option(help: "The address the remote listens at (default: the configuration file's remote, else 127.0.0.1:8080).")
    var remote: String?

    @Option(help: "Read the token from this file instead of the configuration folder's.")
    var remoteTokenFile: String?

    func validate() throws {
        if let remote, ListenAddress(parsing: remote) == nil {
            throw ValidationError("--remote must be ADDRESS:PORT (127.0.0.1:8080, [::1]:8080, :8080)")
        }
    }

    func run() throws {
        let token: String
        do {
            if let remoteTokenFile {
                token = try RemoteToken.read(file: remoteTokenFile)
            } else {
                let folder = (ConfigFile.path as NSString).deletingLastPathComponent
                token = try RemoteToken.loadOrCreate(configFolder: folder) {
                    FileHandle.standardError.write(Data("tessera: \($0)\n".utf8))
                }
            }
        } catch {
            throw ValidationError(String(describing: error))
        }
        print(token)
        print("http://\(pageHost)/#token=\(token)")
    }

    /// Where a browser finds the page: the listening address, with this machine's name for "every address".
    private var pageHost: String {
        let text = remote ?? configuredRemote ?? "127.0.0.1:8080"
        guard let address = ListenAddress(parsing: text) else { return text }
        let host = ["0.0.0.0", "::"].contains(address.host) ? ProcessInfo.processInfo.hostName : address.host
        return ListenAddress(host: host, port: address.port).description
    }

    /// The configuration file's `remote = ADDRESS:PORT`, if it has one.
    private var configuredRemote: String? {
        guard let text = try? String(contentsOfFile: ConfigFile.path, encoding: .utf8) else { return nil }
        return ConfigText.parse(text).entries.last { $0.name == "remote" }?.value
    }
}
