import Glibc
import GalleryCore

/// The service worker: probes and posters, one request at a time, each answered with one line. A poster's pixels
/// go into the shared buffer the app sized for it.
enum ServiceLoop {
    static func run(limits: MediaLimits, hooks: Bool) -> Never {
        let channel = WorkerChannel()
        let shared = SharedFrames()
        while let request = channel.next(timeout: nil) {
            switch request {
            case .probe(let location):
                do throws(MediaRefusal) {
                    channel.send(.info(try FrameSources.open(location, limits: limits, output: nil).info))
                } catch {
                    channel.send(.refused(error))
                }
            case .poster(let location, let width, let height):
                channel.send(poster(location, width: width, height: height, limits: limits, shared: shared))
                WorkerMemory.giveBack()
            case .stall where hooks:
                while true { pause() }
            case .quit:
                exit(0)
            default:
                channel.send(.refused(.cannotPlay("not a request for the service")))
            }
        }
        exit(0)
    }

    /// The first frame with a picture, upright, `width`x`height` BGRA.
    private static func poster(_ location: MediaLocation, width: Int, height: Int, limits: MediaLimits,
                               shared: SharedFrames) -> MediaWireMessage {
        do throws(MediaRefusal) {
            let source = try FrameSources.open(location, limits: limits, output: PixelSize(width: width, height: height))
            guard source.advance() != nil else { return .refused(.cannotPlay("no frame could be decoded")) }
            let pitch = width * 4
            guard let buffer = shared.map(atLeast: pitch * height) else {
                return .refused(.cannotPlay("no shared buffer for the frame"))
            }
            guard source.render(into: buffer, width: width, height: height, pitch: pitch) else {
                return .refused(.cannotPlay("the frame could not be scaled"))
            }
            return .posterReady(width: width, height: height, pitch: pitch)
        } catch {
            return .refused(error)
        }
    }
}
