import Foundation
import GalleryCore
import NIOCore

extension RemoteEndpoints {
    /// `GET /api/v1/settings/export`: the settings as a file another frame imports (`SettingsFile`), every field
    /// the form shows with the values it shows (the source the frame shows, not the file's), as a download named
    /// for the frame.
    func exportSettings(_ settings: FrameSettings, on loop: EventLoop) -> EventLoopFuture<RemoteResponse> {
        ask(on: loop) { self.control.state(reply: $0) }.flatMap { state in
            guard let state else { return loop.makeSucceededFuture(self.unanswered) }
            // The form reads the configuration file: off the event loop.
            return self.ask(on: loop) { reply in
                DispatchQueue.global(qos: .utility).async { reply(settings.form(inUse: state.source)) }
            }.map { fields -> RemoteResponse in
                guard let fields else { return self.unanswered }
                let file = SettingsFile(fields: fields, from: state.name, exported: Date())
                var answer = RemoteResponse(status: .ok, contentType: RemoteResponse.json, body: file.encoded())
                answer.extra = [("Content-Disposition",
                                 "attachment; filename=\"\(SettingsFile.fileName(from: state.name))\"")]
                return answer
            }
        }
    }

    /// `POST /api/v1/settings/import`: such a file, its shape checked here, its values by the form's own checks
    /// and written all or nothing, then the live ones applied: answered as a save is.
    func importSettings(_ body: Data, to settings: FrameSettings, book: any WordBook, on loop: EventLoop)
        -> EventLoopFuture<RemoteResponse> {
        switch SettingsFile.parse(body, maxBytes: limits.maxBodyBytes, book: book) {
        case .failure(let refusal):
            return loop.makeSucceededFuture(.error(.badRequest, refusal.message, problems: refusal.problems))
        case .success(let file):
            return save(file.values, to: settings, book: book, on: loop)
        }
    }
}
