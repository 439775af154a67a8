/// Which of SDL's video drivers the app asks for, before SDL starts. SDL 2.26 tries X11 first, so under labwc or
/// sway Tessera went through XWayland, and under a compositor without XWayland (cage on Pi OS Lite) it did not start:
/// native Wayland comes first where a compositor runs, X11 second. SDL 2.26 also crashes inside `SDL_Init` under a
/// compositor with no seat (weston's headless backend, a frame with no input device; fixed after 2.26), so the
/// compositor is asked first and the app goes to X11 or says why instead.
public enum VideoDriverChoice {
    /// What `--video-driver` takes ("auto": decide as below).
    public static let names = ["auto", "wayland", "x11", "kmsdrm"]

    public struct Decision: Equatable, Sendable {
        /// SDL's driver list to ask for (nil: leave SDL to choose, or the user's `SDL_VIDEODRIVER`).
        public var driver: String?
        /// Said in the log: why the choice differs from what was asked.
        public var note: String?
        /// Why the app cannot start at all (said and exited with).
        public var problem: String?

        public init(driver: String? = nil, note: String? = nil, problem: String? = nil) {
            self.driver = driver; self.note = note; self.problem = problem
        }
    }

    /// `requested`: `--video-driver` (nil or "auto": the environment decides; the command line wins over
    /// `SDL_VIDEODRIVER`). `seat`: asks the compositor whether it has a seat (1 yes, 0 none, -1 none reached), asked
    /// only when Wayland would be tried first.
    public static func decide(requested: String?, environment: [String: String], seat: () -> Int) -> Decision {
        var decision = Decision()
        let first: String?
        if let requested, requested != "auto" {
            decision.driver = requested
            first = requested
        } else if let user = environment["SDL_VIDEODRIVER"], !user.isEmpty {
            first = user.split(separator: ",").first.map { String($0).lowercased() }
        } else if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            decision.driver = "wayland,x11"
            first = "wayland"
        } else {
            first = nil
        }
        guard first == "wayland", seat() == 0 else { return decision }
        let compositor = "the Wayland compositor (WAYLAND_DISPLAY=\(environment["WAYLAND_DISPLAY"] ?? "wayland-0")) "
            + "offers no seat, and SDL 2.26 stops inside its start without one"
        if requested != "wayland", let x = environment["DISPLAY"], !x.isEmpty {
            decision.driver = "x11"
            decision.note = "\(compositor): X11 (DISPLAY=\(x)) instead"
        } else {
            decision.problem = "\(compositor); give the compositor a seat (an input device, or a virtual keyboard), "
                + "or run Tessera under X11 or on the console (--video-driver kmsdrm)"
        }
        return decision
    }
}
