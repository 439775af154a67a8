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
            The address and the token file are the running frame's (it records them in the configuration folder, \
            remote-listening), else the ones the configuration file gives the frame. The token is kept in the \
            configuration folder (remote-token, mode 600) unless --remote-token-file names another file. Every \
            request to the remote but the page itself needs it: Authorization: Bearer TOKEN. The page's address \
            carries it after # (never sent over the network by the browser).
            """)

    @Option(help: "The address the remote listens at (default: the running frame's, else the configuration file's remote, else 127.0.0.1:8080).")
    var remote: String?

    @Option(help: "Read the token from this file (default: the running frame's, else the configuration file's remote-token-file, else the configuration folder's).")
    var remoteTokenFile: String?

    func validate() throws {
        if let remote, ListenAddress(parsing: remote) == nil {
            throw ValidationError(tr("--remote must be ADDRESS:PORT (127.0.0.1:8080, [::1]:8080, :8080)"))
        }
    }

    func run() throws {
        // The frame running now knows best (it recorded where it listens); else what it would read at start.
        let folder = (ConfigFile.path as NSString).deletingLastPathComponent
        let running = RemoteListening.running(in: folder)
        // Read only when no frame runs, and only when the command line leaves something to read.
        let frame = running == nil && (remote == nil || remoteTokenFile == nil) ? RemoteTokenCommand.frameOptions() : nil
        let token: String
        do {
            // A running frame without a token file of its own uses the folder's, whatever the file says now.
            let given = remoteTokenFile ?? (running != nil ? running?.tokenFile : frame?.remoteTokenFile)
            if let file = given {
                token = try RemoteToken.read(file: file) {
                    FileHandle.standardError.write(Data("tessera: \($0)\n".utf8))
                }
            } else {
                token = try RemoteToken.loadOrCreate(configFolder: folder) {
                    FileHandle.standardError.write(Data("tessera: \($0)\n".utf8))
                }
            }
        } catch {
            throw ValidationError(String(describing: error))
        }
        print(token)
        let address = remote ?? running?.address ?? frame?.remote ?? "127.0.0.1:8080"
        print("http://\(RemoteTokenCommand.pageHost(address))/#token=\(token)")
    }

    /// Where a browser finds the page: the listening address, with this machine's name for "every address".
    static func pageHost(_ text: String) -> String {
        guard let address = ListenAddress(parsing: text) else { return text }
        let host = ["0.0.0.0", "::"].contains(address.host) ? ProcessInfo.processInfo.hostName : address.host
        return ListenAddress(host: host, port: address.port).description
    }

    /// The remote's options as the frame reads them at start: the configuration file's lines through the window's
    /// own parser (`ConfigFile.apply`), so a line the frame ignores is ignored here too and one it takes is taken.
    /// Its problems are the frame's to report, not this command's. Nil when there are none to read.
    static func frameOptions() -> RemoteOptions? {
        let arguments = ConfigFile.apply(to: []) { _ in }
        return (try? Show.parse(arguments))?.remote
    }
}
