import GalleryCore

extension ImagePipeline {
    /// The pipeline whose workers' results reach the loop through its mailbox.
    convenience init(source: PhotoSource, pool: DecodePool, keeper: CellKeeper, live: LiveTokens,
                     mailbox: Mailbox<Delivery>, config: GalleryConfig) {
        self.init(source: source, pool: pool, keeper: keeper, live: live, config: config,
                  post: { mailbox.post(.images($0)) })
    }
}
