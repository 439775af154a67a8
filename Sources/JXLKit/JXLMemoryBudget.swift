import CJXL
import Foundation

/// A cap on what libjxl allocates for one decoder: the `JxlMemoryManager` handed to `JxlDecoderCreate`, whose `alloc`
/// refuses (returns NULL, which libjxl reports as an error) once the bytes held would pass `limit`, and whose `free`
/// gives them back. Each block carries its size in a 16-byte prefix (libjxl's `free` does not say how large a block
/// was; libjxl aligns what it needs itself). Thread-safe. Kept alive by the decoder that uses it.
///
/// libjxl 0.7 (Debian 12) routes only its own structures through the manager; its image planes still come from
/// `malloc` (newer libjxl routes every allocation here). The planner's count of libjxl's working memory
/// (`DecodeLimits.jxlBytesPerPixel`) is what bounds those planes on 0.7.
public final class JXLMemoryBudget: @unchecked Sendable {
    /// The most bytes held at once.
    public let limit: Int
    private let lock = NSLock()
    private var held = 0
    private var mostHeld = 0
    private var refusedAny = false

    public init(limit: Int) { self.limit = max(0, limit) }

    /// Bytes held now.
    public var inUse: Int { lock.withLock { held } }
    /// The most bytes held at once so far.
    public var peak: Int { lock.withLock { mostHeld } }
    /// Whether an allocation was refused (libjxl's error that followed is the budget's doing).
    public var refused: Bool { lock.withLock { refusedAny } }

    /// Counts `bytes` more when they fit within `limit`; false (nothing counted) when they would not.
    public func take(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes >= 0, bytes <= limit - held else { refusedAny = true; return false }
            held += bytes
            mostHeld = max(mostHeld, held)
            return true
        }
    }

    /// Gives back `bytes` counted by `take`.
    public func give(_ bytes: Int) { lock.withLock { held = max(0, held - bytes) } }

    /// The manager for `JxlDecoderCreate` (libjxl copies the struct): its opaque pointer is this budget, unretained,
    /// so the budget must outlive the decoder.
    var manager: JxlMemoryManager {
        JxlMemoryManager(opaque: Unmanaged.passUnretained(self).toOpaque(), alloc: budgetAlloc, free: budgetFree)
    }
}

/// The size prefix before each block handed to libjxl (keeps malloc's 16-byte alignment).
private let prefixBytes = 16

/// `jpegxl_alloc_func`: a block from `malloc` when the budget has room for it, else NULL.
private func budgetAlloc(_ opaque: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    guard let opaque, size >= 0, size <= Int.max - prefixBytes else { return nil }
    let budget = Unmanaged<JXLMemoryBudget>.fromOpaque(opaque).takeUnretainedValue()
    let total = size + prefixBytes
    guard budget.take(total) else { return nil }
    guard let block = malloc(total) else { budget.give(total); return nil }
    block.storeBytes(of: total, as: Int.self)
    return block + prefixBytes
}

/// `jpegxl_free_func`: gives the block's bytes back to the budget; NULL is ignored, as libjxl requires.
private func budgetFree(_ opaque: UnsafeMutableRawPointer?, _ address: UnsafeMutableRawPointer?) {
    guard let opaque, let address else { return }
    let block = address - prefixBytes
    Unmanaged<JXLMemoryBudget>.fromOpaque(opaque).takeUnretainedValue().give(block.load(as: Int.self))
    free(block)
}
