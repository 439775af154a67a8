import Foundation
import GalleryCore
import NIOCore

/// What each route does: asks the frame (`FrameControl`, `FrameSettings`) and makes the answer. Called on a
/// connection's event loop. The frame replies on its main thread; each reply is taken back to the loop, and a
/// frame that does not reply within `limits.replySeconds` is answered for with 503.
struct RemoteEndpoints: Sendable {
    let control: FrameControl
    let settings: FrameSettings?
    let limits: RemoteLimits
    /// The book for a request's `Accept-Language` (nil: the header was not sent), for the page and the form's labels.
    let books: @Sendable (String?) -> any WordBook
    let log: @Sendable (String) -> Void

    func answer(_ route: RemoteRoute, body: Data, acceptLanguage: String? = nil, on loop: EventLoop)
        -> EventLoopFuture<RemoteResponse> {
        switch route {
        case .page:
            let html = RemotePage.html(book: books(acceptLanguage))
            var page = RemoteResponse(status: .ok, contentType: "text/html; charset=utf-8", body: Data(html.utf8))
            page.isPage = true
            return loop.makeSucceededFuture(page)
        case .icon:
            return loop.makeSucceededFuture(RemoteResponse(status: .noContent, contentType: "image/x-icon", body: Data()))
        case .commandList:
            return loop.makeSucceededFuture(.json(.ok, RemoteReplies.commandList()))
        case .state:
            return ask(on: loop) { self.control.state(reply: $0) }.map { state in
                state.map { .json(.ok, $0.json()) } ?? self.unanswered
            }
        case .perform:
            switch RemoteCommandBody.parse(body, maxBytes: limits.maxBodyBytes) {
            case .failure(let refusal):
                return loop.makeSucceededFuture(.error(.badRequest, refusal.message))
            case .success(let command):
                return perform(command, on: loop).map { outcome in
                    switch outcome {
                    case .success(let state)?: return .json(.ok, state.json())
                    case .failure(let refusal)?: return .refusal(refusal)
                    case nil: return self.unanswered
                    }
                }
            }
        case .photo(let side):
            return ask(on: loop) { self.control.picture(maxSide: side, reply: $0) }.map { picture in
                switch picture {
                case .some(.some(let shown)):
                    return RemoteResponse(status: .ok, contentType: "image/jpeg", body: shown.jpeg)
                case .some(.none): return .error(.notFound, "no photo shows")
                case .none: return self.unanswered
                }
            }
        case .settingsForm:
            guard let settings else { return loop.makeSucceededFuture(noSettings) }
            // The source the frame shows first (the form shows it, not the file's), then the form, which reads the
            // configuration file: off the event loop.
            return ask(on: loop) { self.control.state(reply: $0) }.flatMap { state in
                guard let state else { return loop.makeSucceededFuture(self.unanswered) }
                let books = self.books
                return self.ask(on: loop) { reply in
                    DispatchQueue.global(qos: .utility).async { reply(settings.form(inUse: state.source)) }
                }.map { fields -> RemoteResponse in
                    // The labels (English, marked where the form is written) in the phone's language.
                    let book = books(acceptLanguage)
                    let said = fields?.map { field in var field = field; field.label = book.tr(field.label); return field }
                    return said.map { .json(.ok, RemoteReplies.form($0)) } ?? self.unanswered
                }
            }
        case .saveSettings:
            guard let settings else { return loop.makeSucceededFuture(noSettings) }
            return save(body, to: settings, book: books(acceptLanguage), on: loop)
        case .exportSettings:
            guard let settings else { return loop.makeSucceededFuture(noSettings) }
            return exportSettings(settings, on: loop)
        case .importSettings:
            guard let settings else { return loop.makeSucceededFuture(noSettings) }
            return importSettings(body, to: settings, book: books(acceptLanguage), on: loop)
        case .screenshot(let request): return screenshot(request, on: loop)
        case .log(let lines): return log(lines: lines, on: loop)
        case .metrics: return metrics(on: loop)
        case .frames: return frames(on: loop)
        }
    }

    var unanswered: RemoteResponse { .error(.serviceUnavailable, "the frame did not answer in time") }
    var noSettings: RemoteResponse { .error(.notFound, "this frame has no settings form") }

    func perform(_ command: Command, on loop: EventLoop)
        -> EventLoopFuture<Result<FrameState, CommandRefusal>?> {
        ask(on: loop) { self.control.perform(command, reply: $0) }
    }

    /// Checks and writes the settings (off the loop: a file is written), then applies the live ones one command
    /// after another.
    func save(_ body: Data, to settings: FrameSettings, book: any WordBook, on loop: EventLoop)
        -> EventLoopFuture<RemoteResponse> {
        switch RemoteSettingsBody.parse(body, maxBytes: limits.maxBodyBytes) {
        case .failure(let refusal):
            return loop.makeSucceededFuture(.error(.badRequest, refusal.message, problems: refusal.problems))
        case .success(let values): return save(values, to: settings, book: book, on: loop)
        }
    }

    /// Checks and writes `values` (the form's or an imported file's), then applies the live ones.
    func save(_ values: [String: String], to settings: FrameSettings, book: any WordBook, on loop: EventLoop)
        -> EventLoopFuture<RemoteResponse> {
        ask(on: loop) { reply in DispatchQueue.global(qos: .utility).async { reply(settings.save(values, wordsIn: book)) } }
            .flatMap { outcome -> EventLoopFuture<RemoteResponse> in
                switch outcome {
                case nil: return loop.makeSucceededFuture(self.unanswered)
                case .failure(let refusal)?:
                    return loop.makeSucceededFuture(.error(.badRequest, refusal.message, problems: refusal.problems))
                case .success(let saved)?:
                    return self.apply(saved.commands[...], Applied(), on: loop).map { applied in
                        guard let applied, let state = applied.state else {
                            return .error(.serviceUnavailable, "saved, but the frame did not answer in time")
                        }
                        return .json(.ok, RemoteReplies.saved(applied: applied.names, refused: applied.refused,
                                                              atNextStart: saved.atNextStart, state: state))
                    }
                }
            }
    }

    struct Applied: Sendable {
        var names: [String] = []
        var refused: [String: String] = [:]
        var state: FrameState?
    }

    /// Performs `commands` in order, each after the one before has replied; nil when the frame stops answering.
    /// Ends with the state after the last (asked for, when no command was performed).
    private func apply(_ commands: ArraySlice<Command>, _ done: Applied, on loop: EventLoop)
        -> EventLoopFuture<Applied?> {
        guard let command = commands.first else {
            if done.state != nil { return loop.makeSucceededFuture(done) }
            return ask(on: loop) { self.control.state(reply: $0) }.map { state in
                state.map { var finished = done; finished.state = $0; return finished }
            }
        }
        let name = RemoteReplies.name(of: command) ?? String(describing: command)
        return perform(command, on: loop).flatMap { outcome in
            var next = done
            switch outcome {
            case nil: return loop.makeSucceededFuture(nil)
            case .success(let state)?: next.names.append(name); next.state = state
            case .failure(let refusal)?:
                next.refused[name] = refusal.message
                self.log("remote: the frame refused \(name) from the settings: \(refusal.message)")
            }
            return self.apply(commands.dropFirst(), next, on: loop)
        }
    }

    /// Asks the frame through `question` and waits for its reply on `loop`, at most `limits.replySeconds`: nil when
    /// it did not reply in time. The reply may come on any thread, and late or twice: it is taken back to the loop
    /// (`execute`), and only the first of reply and timeout counts.
    func ask<T: Sendable>(on loop: EventLoop, _ question: (@escaping @Sendable (T) -> Void) -> Void)
        -> EventLoopFuture<T?> {
        let promise = loop.makePromise(of: T?.self)
        let settled = NIOLoopBoundBox(false, eventLoop: loop)
        let timeout = loop.scheduleTask(in: .nanoseconds(Int64(limits.replySeconds * 1e9))) {
            guard !settled.value else { return }
            settled.value = true
            promise.succeed(nil)
        }
        // A loop shut down (the frame quitting) fails its scheduled timeout: the promise is kept all the same, never
        // left unfulfilled.
        timeout.futureResult.whenFailure { _ in
            guard !settled.value else { return }
            settled.value = true
            promise.succeed(nil)
        }
        let log = self.log
        question { value in
            loop.execute {
                guard !settled.value else { return log("remote: a reply from the frame came too late") }
                settled.value = true
                timeout.cancel()
                promise.succeed(value)
            }
        }
        return promise.futureResult
    }
}
