import Foundation
import GalleryNet
import ImageLayer
import LocalSources
import XCTest

/// Objects that start a thread of their own in `init` and wait for it in `deinit` (the HTTP client, the decode
/// pool, the folder watch) may be let go before that thread has even started: the calendar's and the weather's
/// clients are, when their sources are files or their place is unset. The thread then finds its owner in deinit;
/// it once read it through an unowned reference, a fatal error that stopped CI's whole test process.
final class ThreadOwnersLetGoTests: XCTestCase {
    func testClientsLetGoAtOnceEndCleanly() throws {
        for _ in 0..<300 { _ = try CurlHTTPClient() }
    }

    func testDecodePoolsLetGoAtOnceEndCleanly() {
        for _ in 0..<100 { _ = DecodePool(live: LiveTokens(), workers: 2) }
    }

    func testFolderWatchesLetGoAtOnceEndCleanly() {
        for _ in 0..<300 { _ = FolderWatch { _ in } }
    }
}
