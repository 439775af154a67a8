/// The rooms' own actions (`Command.action`) by the names keys, scripts and the remote bind: each is carried out by
/// the room that knows it (the pane zooms and plays, the slideshow pauses), and a room that does not know one lets
/// it pass. The names are the vocabulary, so the key map and the command names never name a room.
public enum RoomAction {
    /// The slideshow's pause (Space, a tap in the middle).
    public static let pause = "pause"
    /// The detail pane's zoom and details (`+` `-` `0` `1`, `i`).
    public static let zoomIn = "zoom-in", zoomOut = "zoom-out", zoomFit = "zoom-fit", zoomActual = "zoom-actual"
    public static let info = "info"
    /// A clip's controls in the pane: Space, `,` and `.`.
    public static let playPause = "play-pause", seekBack = "seek-back", seekForward = "seek-forward"
    /// The wall's zoom (Ctrl+`+` `-` `0`): larger photos in fewer columns, smaller in more, the usual two again.
    public static let fewerColumns = "fewer-columns", moreColumns = "more-columns", defaultColumns = "default-columns"
    /// The empty wall's "Choose another folder" (Ctrl+O): the desktop's folder chooser.
    public static let chooseFolder = "choose-folder"
}
