extension FrameState {
    /// The state as the MQTT bridge publishes it (retained on the broker, read by anyone who may subscribe there):
    /// each overlay's `on` and `shown`, never its words (a calendar's titles, the house's values). The words stay in
    /// the HTTP state, which asks for the remote's token.
    public var forBroker: FrameState {
        var state = self
        state.overlays = overlays?.mapValues { OverlayShown(on: $0.on, shown: $0.shown, words: nil) }
        return state
    }
}
