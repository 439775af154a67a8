@_spi(Bench) import TesseraApp
import Foundation
import GalleryCore
import SDLKit

/// Steers the real app for `tessera bench`: waits for the first screen, then scrolls at a fixed speed (or presses
/// Page Down and times how long each new screen takes to fill) and records what each frame cost.
final class BenchDriver: FrameDriver {
    private let options: BenchOptions
    /// Monotonic time at which the process started.
    private let processStart: Double

    private enum Phase {
        case firstScreen, scrolling(since: Double), jumping, prefetching, soaking(since: Double)
        /// Stepping through the slideshow (`steps` made so far); panning the zoomed pane (frames so far).
        case slideshow(steps: Int), zooming(frames: Int)
        case idling(since: Double, cpu: Double, whole: Int, headerOnly: Int)
        /// `--view slideshow --idle`: the slideshow opened, waiting for its photo to stand with the header faded.
        case stilling
        /// `--clips`: waiting for the clips to show their first frames; playing (the track runs).
        case awaitingClips(since: Double), playing(since: Double)
        /// `--remote`: the wall scrolls while the remote's client runs its stages.
        case remoting(since: Double)
        case done
    }
    private var soak = SoakTrack()
    private var watchdogSeen = 0
    private var prefetch: FolderPrefetch?
    private var firstScreenMs = 0.0
    private var warm: Bool?
    private var phase = Phase.firstScreen
    private var firstFrameMs: Double?
    private var firstImageMs: Double?
    private var frameMs = DurationHistogram()
    private var visibleCellFrames = 0
    private var blankCellFrames = 0
    private var texturesPeak = 0
    private var textureBytesPeak = 0
    private var pixelBytesPeak = 0
    private var rss = MemoryTrack()
    private var anon = MemoryTrack()
    private var frames = 0
    private var press: (at: Double, destination: Int)?
    /// `TESSERA_BENCH_MID_FADE_PNG`: where the slideshow's first frame past the middle of a transition is saved (to
    /// look at what the fades draw); nil once saved.
    private var midFadeShot = ProcessInfo.processInfo.environment["TESSERA_BENCH_MID_FADE_PNG"]
    /// `TESSERA_BENCH_FADE_FRAMES=1`: each transition frame's time on standard error, with the loads and uploads
    /// under way then (to see which frames make a transition's tail).
    private let fadeFrames = ProcessInfo.processInfo.environment["TESSERA_BENCH_FADE_FRAMES"] == "1"
    private var fillMs: [Double] = []
    private var lastToggle = 0.0
    private var slideSteps: SlideSteps?
    private var crossfadeMs: [Double] = []
    private var zoomMs: [Double] = []
    /// `--dir`: when the scan finished (ms since the process started), the longest frame while it ran, and the
    /// memory then.
    private var scanMs: Double?
    private var scanFrameMaxMs = 0.0
    /// `--dir`: when every cell had been decoded, and when every one had been kept for the next start.
    private var allCellsMs: Double?
    private var keptMs: Double?
    /// `--dir`: when the prefetch pass began (the scan finished, every visible cell's load started).
    private var passStartMs: Double?
    private var scanMemory: ProcessMemory?
    /// `--outages`: whether the fixture is down now.
    private var serverIsDown = false
    /// `--clips`: what playback cost.
    private var clipTrack: ClipTrack?
    /// `--remote`: the client, and the frames of each of its stages.
    private var remote: RemoteRun?
    private var remoteFrameMs = [RemoteRun.Stage: DurationHistogram]()
    private(set) var report: BenchReport?

    init(options: BenchOptions, processStart: Double) {
        self.options = options
        self.processStart = processStart
        let m = ProcessMemory.read()
        rss.start = m.rssMB; anon.start = m.anonMB
        rss.sample(m.rssMB); anon.sample(m.anonMB)
    }

    /// The app's own choice while idling or playing clips (a clock tick between two clip frames draws the header
    /// alone, as it would without the benchmark).
    var wantsWholeFrames: Bool {
        switch phase {
        // The pass: the wall stands still; its frames are the app's own (the clock's header), not whole redraws
        // at the clock's rate that would take a worker's processor time (BENCHMARKS.md, "A folder's cells at
        // the decode floor").
        case .idling, .awaitingClips, .playing, .prefetching: return false
        default: return true
        }
    }

    /// Clips that play at once: one in the slideshow, two on the wall.
    private var clipsWanted: Int { options.clipView == "slideshow" ? 1 : 2 }

    func beforeFrame(_ app: GalleryApp, now: Double) -> Int32? {
        if case .idling = phase, let show = app.model.screen as? SlideshowScreen { slideSteps?.observe(show.current) }
        switch phase {
        case .firstScreen where options.dir != nil && !options.scanOnly && prefetch == nil:
            // The pass starts behind the first screen's loads, not after them (BENCHMARKS.md, "A folder's cells
            // at the decode floor").
            prefetch = FolderPrefetch.behindWall(of: app)
            if prefetch != nil { passStartMs = (now - processStart) * 1000 }
            prefetch?.start()
        case let .idling(since, cpu, whole, headerOnly) where now - since >= (options.idleSeconds ?? 0):
            let code = finish(app)
            let m = ProcessMemory.read()
            report?.idle = .init(seconds: now - since, cpuPercent: 100 * (ProcessMemory.cpuSeconds() - cpu) / (now - since),
                                 wholeFrames: app.frames.wholeFrames - whole, headerOnlyFrames: app.frames.headerOnlyFrames - headerOnly,
                                 renderer: app.renderer.name, rssMB: m.rssMB, anonMB: m.anonMB,
                                 steps: slideSteps?.count)
            return code
        case .stilling:
            guard let show = app.model.screen as? SlideshowScreen else {
                SlideshowScreen.open(in: app.model)
                return nil
            }
            guard show.showsPhoto, show.fade >= 1, show.chromeOpacity <= 0 else { return nil }
            if options.slideInterval != nil { slideSteps = SlideSteps(from: show.current) }
            phase = .idling(since: now, cpu: ProcessMemory.cpuSeconds(), whole: app.frames.wholeFrames,
                            headerOnly: app.frames.headerOnlyFrames)
        case .scrolling(let since):
            if options.list, app.model.browse.mode != .list { app.model.browse.setMode(.list) }
            // The distance scrolled since the start, less what a wrapping feed has dropped above the viewport (the
            // content moved up by that much).
            app.model.browse.setScroll(offset: options.speed * (now - since) - Double(app.model.browse.droppedHeight))
            if options.transitions, now - lastToggle >= 0.35 {
                lastToggle = now
                _ = app.model.apply(DetailPane.shown(in: app.model) == nil ? .openDetail : .closeDetail)
            }
        case .slideshow(let steps):
            guard let show = app.model.screen as? SlideshowScreen else {
                SlideshowScreen.open(in: app.model)
                return nil
            }
            // The next photo once the crossfade is over and the one after it has arrived (as the timer would).
            guard show.fade >= 1, show.wanted().allSatisfy({ app.images.state(of: ImageKey(item: $0.item, detail: true)) == .ready })
            else { return nil }
            if options.slideMotion, show.currentAge < BenchOptions.motionHold { return nil }
            if steps >= options.items { return finish(app) }
            show.step(1)
            phase = .slideshow(steps: steps + 1)
        case .zooming(let frames):
            guard let pane = DetailPane.shown(in: app.model)?.overlay else {
                _ = app.model.apply(.openDetail)
                return nil
            }
            if !pane.zoom.isZoomed {
                guard !app.model.isAnimating else { return nil }
                let layout = DetailPane.layout(of: DetailPane.shown(in: app.model)!.index, in: app.model)
                app.model.pointer(.doubleClick(x: layout.image.x + layout.image.width / 3, y: layout.image.y + layout.image.height / 3))
                return nil
            }
            if frames >= options.items { return finish(app) }
            // A steady drag across the photo and back.
            let dx = (frames / 60) % 2 == 0 ? -12.0 : 12.0
            if frames == 0 { app.model.pointer(.beginDrag(x: 400, y: 400, time: now)) }
            app.model.pointer(.drag(dx: dx, dy: dx / 3, time: now))
            phase = .zooming(frames: frames + 1)
        case .awaitingClips(let since) where now - since > BenchOptions.clipStartLimit:
            FileHandle.standardError.write(Data("tessera-bench: no clip played within \(BenchOptions.clipStartLimit) s (\(app.clips.count) player(s) started)\n".utf8))
            return 1
        case .awaitingClips where options.clipView == "slideshow" && !(app.model.screen is SlideshowScreen):
            SlideshowScreen.open(in: app.model)
        case .awaitingClips where app.clips.count >= clipsWanted && app.clips.framesUploaded >= clipsWanted:
            phase = .playing(since: now)
            clipTrack = ClipTrack(app.clips)
        case .playing(let since):
            let elapsed = now - since
            // A clip that ended (the slideshow plays it once) ends the window, so no still frame is counted.
            if elapsed >= options.playSeconds || (options.clipView == "slideshow" && app.clips.endedCount > 0) {
                clipTrack?.finish(elapsed: elapsed, clips: app.clips)
                let code = finish(app)
                return code
            }
            clipTrack?.frame(elapsed: elapsed, clips: app.clips)
        case .remoting(let since):
            app.model.browse.setScroll(offset: options.speed * (now - since) - Double(app.model.browse.droppedHeight))
            if remote?.stage == .done { return finish(app) }
        case .prefetching:
            guard let folder = app.sources.upstream as? ScanningSource, folder.scanState.finished else { return nil }
            if scanMs == nil {
                scanMs = (now - processStart) * 1000
                scanMemory = sampleMemory()
            }
            if options.scanOnly {
                // The index is kept for the next start after the scan: wait for it, so a second run is warm.
                guard folder.isIndexKept else { return nil }
                let code = finish(app)
                report?.folder = .init(photos: folder.scanState.photos, firstScreenMs: firstScreenMs, allCellsMs: 0,
                                       warm: warm ?? false, failures: 0, scan: scanFigures(photos: folder.scanState.photos))
                return code
            }
            if prefetch == nil {
                passStartMs = (now - processStart) * 1000
                // The first screen's cells were decoded for it: the pass decodes the others.
                let items = app.model.catalog.items
                let shown = Set(items.filter { app.images.state(of: ImageKey(item: $0.key, detail: false)) == .ready }
                    .map(\.key.photoID))
                prefetch = FolderPrefetch(photos: folder.photosInOrder(), config: app.model.config,
                                          viewport: app.model.viewport, images: app.images,
                                          workers: app.pool.workerCount, decoded: shown)
                prefetch?.start()
            }
            if let prefetch, prefetch.isFinished(on: app) {
                // Then the cells kept for the next start, which waited while decodes did.
                if allCellsMs == nil { allCellsMs = (now - processStart) * 1000 }
                guard app.images.cellsWaitingToBeKept == 0 else { return nil }
                let allCells = allCellsMs ?? 0
                keptMs = (now - processStart) * 1000
                let code = finish(app)
                report?.folder = .init(photos: prefetch.total, firstScreenMs: firstScreenMs, allCellsMs: allCells,
                                       warm: warm ?? false, failures: prefetch.failures,
                                       scan: scanFigures(photos: prefetch.total), keptMs: keptMs,
                                       passMs: allCells - (passStartMs ?? 0), cells: prefetch.cells)
                return code
            }
        case .jumping where press == nil:
            _ = app.model.apply(.scrollPages(1))
            press = (now, Int(app.model.browse.scroll.target))
        default:
            break
        }
        return nil
    }

    func afterDraw(_ app: GalleryApp, now: Double) -> Int32? {
        if firstImageMs == nil, app.images.textureCount > 0 { firstImageMs = (now - processStart) * 1000 }
        texturesPeak = max(texturesPeak, app.images.textureCount)
        textureBytesPeak = max(textureBytesPeak, app.images.textureBytes)
        pixelBytesPeak = max(pixelBytesPeak, app.images.pixelBytes)
        if let path = midFadeShot, case .slideshow = phase, let show = app.model.screen as? SlideshowScreen,
           show.fade >= 0.5, show.fade < 1, show.previous != nil {
            midFadeShot = nil
            try? app.renderer.readPixels().savePNG(to: path)
        }
        switch phase {
        case .firstScreen:
            if warm == nil, let folder = app.sources.upstream as? ScanningSource, let store = app.sources.store {
                // Warm when the cache held cells of this folder before this run drew any.
                let prefix = folder.cellKeyPrefixes.first ?? ""
                warm = ((try? store.imageCount(keyPrefix: prefix)) ?? 0) > 0
            }
            guard app.isSettled else { return nil }
            let m = sampleMemory()
            rss.afterFirstScreen = m.rssMB; anon.afterFirstScreen = m.anonMB
            firstScreenMs = (now - processStart) * 1000
            if options.remoteCommands != nil { return startRemote(app, now: now) }
            phase = options.clips != nil ? .awaitingClips(since: now)
                : options.idleSeconds != nil && options.slideshow ? .stilling : options.idleSeconds != nil
                ? .idling(since: now, cpu: ProcessMemory.cpuSeconds(), whole: app.frames.wholeFrames, headerOnly: app.frames.headerOnlyFrames)
                : options.soakMinutes != nil ? .soaking(since: now) : options.dir != nil ? .prefetching
                : options.slideshow ? .slideshow(steps: 0) : options.zoom ? .zooming(frames: 0)
                : options.jump ? .jumping : .scrolling(since: now)
        case .soaking(let since):
            visibleCellFrames += app.scene.visibleCells
            blankCellFrames += app.scene.blankCells
            let browse = app.model.browse
            let topPass = browse.topIndex.map { browse.catalog.items[$0].key.pass } ?? 0
            soak.frame(elapsed: now - since, position: browse.scrollTop + browse.droppedHeight,
                       running: app.model.kiosk?.autoScroll.isRunning(at: now) ?? false, topPass: topPass,
                       itemsHeld: browse.catalog.count, memory: { self.sampleMemory() })
            while watchdogSeen < app.kioskInterventions { watchdogSeen += 1; soak.watchdogFired() }
            if options.outages {
                let t = now - since
                let cycle = t.truncatingRemainder(dividingBy: options.outagePeriod)
                let shouldBeDown = t >= options.outagePeriod && cycle < options.outageSeconds
                if shouldBeDown != serverIsDown {
                    serverIsDown = shouldBeDown
                    options.serverDown(shouldBeDown)
                    if shouldBeDown { soak.serverWentDown(at: t) } else { soak.serverCameBack(at: t) }
                }
                if !serverIsDown, app.isOnline { soak.online(at: t) }
            }
            if now - since >= (options.soakMinutes ?? 0) * 60 {
                let code = finish(app)
                report?.soak = SoakFigures(track: soak, passes: app.model.catalog.pager.pass)
                return code
            }
        case .scrolling:
            visibleCellFrames += app.scene.visibleCells
            blankCellFrames += app.scene.blankCells
            if passed(app) >= options.items { return finish(app) }
        case .jumping:
            visibleCellFrames += app.scene.visibleCells
            blankCellFrames += app.scene.blankCells
            if let p = press, destinationFilled(app, top: p.destination) {
                fillMs.append((now - p.at) * 1000)
                press = nil
                if passed(app) >= options.items { return finish(app) }
            }
        case .idling, .stilling, .slideshow, .zooming, .awaitingClips, .playing, .remoting, .prefetching:
            break
        case .done:
            return 0
        }
        return nil
    }

    func afterPresent(_ app: GalleryApp, workStarted: Double, now: Double) {
        frames += 1
        if firstFrameMs == nil { firstFrameMs = (now - processStart) * 1000 }
        switch phase {
        case .firstScreen, .awaitingClips: break
        default: frameMs.add((now - workStarted) * 1000)
        }
        if case .slideshow = phase, let show = app.model.screen as? SlideshowScreen, show.fade < 1 {
            crossfadeMs.append((now - workStarted) * 1000)
            if fadeFrames, case .slideshow(let step) = phase {
                FileHandle.standardError.write(Data(String(format: "fade frame: step %d at %.3f %.2f ms, loads %d, uploads %d\n",
                    step, show.fade, (now - workStarted) * 1000, app.images.loadingCount, app.images.hasUploads ? 1 : 0).utf8))
            }
        }
        if case .zooming(let n) = phase, n > 0 { zoomMs.append((now - workStarted) * 1000) }
        if case .remoting = phase, let stage = remote?.stage {
            // Every hostile request was answered before the next stage began: what the frame carried out by then.
            if stage == .hostile || stage == .quiet { remote?.noteHostileCommands(app.desk.performed) }
            remoteFrameMs[stage, default: DurationHistogram()].add((now - workStarted) * 1000)
        }
        if options.dir != nil, scanMs == nil { scanFrameMaxMs = max(scanFrameMaxMs, (now - workStarted) * 1000) }
        if frames % 15 == 0 { sampleMemory() }
    }

    /// `--remote`: the client starts against the app's own port, with the token the bench gave it.
    private func startRemote(_ app: GalleryApp, now: Double) -> Int32? {
        guard let port = app.remotePort, let token = options.remoteToken else {
            FileHandle.standardError.write(Data("tessera-bench: the remote did not start\n".utf8))
            return 1
        }
        remote = RemoteRun(port: port, token: token, commands: options.remoteCommands ?? 0,
                           configPath: options.remoteConfig, publish: options.publish)
        remote?.start()
        phase = .remoting(since: now)
        return nil
    }

    /// The scan's figures: files a second (from the process's start to the end of the scan), the longest frame while
    /// it ran, and the memory the index holds (anonymous memory at the scan's end less after the first screen).
    private func scanFigures(photos: Int) -> BenchReport.ScanFigures? {
        guard let scanMs, let memory = scanMemory else { return nil }
        return .init(milliseconds: scanMs, filesPerSecond: Double(photos) / max(0.001, scanMs / 1000),
                     frameMaxMs: scanFrameMaxMs, rssMB: memory.rssMB, anonMB: memory.anonMB,
                     indexMB: memory.anonMB - anon.afterFirstScreen)
    }

    /// Items that have passed the top of the viewport since the start, those a wrapping feed has dropped included.
    private func passed(_ app: GalleryApp) -> Int {
        app.model.catalog.feed.droppedFront + app.model.browse.layout.countEnding(atOrAbove: app.model.browse.scrollTop)
    }

    /// Every cell of the screen a jump is heading to shows its image (whether or not the glide has arrived).
    private func destinationFilled(_ app: GalleryApp, top: Int) -> Bool {
        let browse = app.model.browse, items = app.model.catalog.items
        let cells = browse.layout.indices(intersecting: top, top + browse.gridHeight)
        return !cells.isEmpty && cells.allSatisfy {
            app.images.state(of: ImageKey(item: items[$0].key, detail: false)) == .ready
        }
    }

    @discardableResult
    private func sampleMemory() -> ProcessMemory {
        let m = ProcessMemory.read()
        rss.sample(m.rssMB); anon.sample(m.anonMB)
        return m
    }

    private func finish(_ app: GalleryApp) -> Int32 {
        sampleMemory()
        phase = .done
        let counters = options.serverCounters()
        let http = app.http.statistics
        report = BenchReport(
            options: options,
            frameMs: frameMs.percentiles,
            firstFrameMs: firstFrameMs ?? 0, firstImageMs: firstImageMs ?? 0,
            blankCellPct: visibleCellFrames == 0 ? 0 : 100 * Double(blankCellFrames) / Double(visibleCellFrames),
            texturesPeak: texturesPeak, textureBytesPeak: textureBytesPeak, pixelBytesPeak: pixelBytesPeak,
            rss: rss, anon: anon,
            pages: counters.pages, images: counters.images, cancelled: http.cancelled,
            bytesDownloaded: http.bytes, decodeMs: Percentiles(app.pool.decodeMilliseconds),
            decodePeakBytes: app.pool.decodePeakBytes,
            fillMs: options.jump ? Percentiles(fillMs) : nil,
            itemsPassed: passed(app), frames: frameMs.count,
            windowBytes: app.model.viewport.size.area * 4)
        if options.slideshow { report?.crossfadeMs = Percentiles(crossfadeMs) }
        if options.zoom { report?.zoomMs = Percentiles(zoomMs) }
        if let remote {
            let p = { (stage: RemoteRun.Stage) in self.remoteFrameMs[stage]?.percentiles ?? Percentiles([]) }
            report?.remote = RemoteFigures(run: remote.results, quietMs: p(.quiet), hostileMs: p(.hostile),
                                           commandsMs: p(.commands),
                                           commandToScreenMs: Percentiles(app.desk.commandToScreen.map { $0 * 1000 }))
        }
        if let clipTrack {
            report?.clips = ClipFigures(track: clipTrack, view: options.clipView, clipsWanted: clipsWanted,
                                        clip: "", clipSeconds: 0, clipRate: 0)
        }
        return 0
    }
}
