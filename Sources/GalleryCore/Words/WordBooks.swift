import Foundation

/// The books of every language shipped, for words said to someone other than the frame's viewer (the remote page
/// in each phone's language): each catalogue read once from the catalogue folder (`MOCatalog`), at most
/// `maxCached` kept. Any thread.
public final class WordBooks: @unchecked Sendable {  // `cache` and `order` are behind `lock`
    /// The folder of `<lang>/LC_MESSAGES/tessera.mo` (`CatalogueFolder`); nil: English and the frame's book only.
    public let folder: String?
    /// The catalogues in the folder (`de`, `pt_BR`), read once.
    public let shipped: [String]
    public static let maxCached = 8

    private let frame: @Sendable () -> any WordBook
    private let lock = NSLock()
    /// Each catalogue read, nil for one that did not read (not read again at every request).
    private var cache: [String: MOCatalog?] = [:]
    private var order: [String] = []

    /// `frame`: the frame's own book (`Words.book`), what a request naming no shipped language gets, in the
    /// catalogue's reading where there is one (its plural rule is then known).
    public init(folder: String?, frame: @escaping @Sendable () -> any WordBook = { Words.book }) {
        self.folder = folder
        self.shipped = folder.map(CatalogueFolder.languages(in:)) ?? []
        self.frame = frame
    }

    /// The book for `language`: its own catalogue (`pt_BR`), else its language's (`fr_CA` → `fr`), English for
    /// English; nil when none is shipped.
    public func book(for language: Language) -> (any WordBook)? {
        if language.code == "en" { return EnglishBook(language: language) }
        guard let name = AcceptLanguage.catalogue(for: language, among: shipped) else { return nil }
        return catalogue(name).map { MOCatalog(reading: $0, as: language) }
    }

    /// The book for a request's `Accept-Language` (`fr-CA,fr;q=0.9,en;q=0.5`): the first language by preference
    /// that is shipped (or English), else the frame's language.
    public func book(acceptLanguage: String?) -> any WordBook {
        for language in AcceptLanguage.preferences(acceptLanguage ?? "") {
            if let book = book(for: language) { return book }
        }
        return frameBook
    }

    /// The frame's book, as its catalogue reads where there is one.
    public var frameBook: any WordBook {
        let book = frame()
        return self.book(for: book.language) ?? book
    }

    private func catalogue(_ name: String) -> MOCatalog? {
        guard let folder else { return nil }
        if let kept = lock.withLock({ cache[name] }) { return kept }
        // Read outside the lock (a few hundred kilobytes); two readers of one name at once read it twice, harmlessly.
        let read = MOCatalog(contentsOf: CatalogueFolder.path(of: name, in: folder), language: Language(name))
        lock.withLock {
            if cache.index(forKey: name) == nil {
                cache[name] = .some(read)
                order.append(name)
                if order.count > Self.maxCached { cache[order.removeFirst()] = nil }
            }
        }
        return read
    }
}

extension MOCatalog {
    /// The same words for a regional variant of the catalogue's language (`fr` read for `fr_CA`): its locale and tag.
    init(reading catalogue: MOCatalog, as language: Language) {
        self.language = language
        self.pluralRule = catalogue.pluralRule
        self.entries = catalogue.entries
    }
}
