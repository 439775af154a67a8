import CPlatform
import Foundation

/// A serial queue on a thread of its own under `SCHED_IDLE`: the store's reads and writes take only the processor
/// time the frame thread leaves and never preempt a frame in progress (libdispatch's threads run at the frame
/// thread's priority, and at 3840x2160 a store write landing mid-frame was one of the causes of slow frames). The
/// thread ends once the queue is gone and its blocks have run.
final class BackgroundQueue {
    private final class State {
        let condition = NSCondition()
        var blocks: [() -> Void] = []
        var closed = false
    }

    private let state = State()

    init(name: String) {
        let state = self.state
        let thread = Thread { BackgroundQueue.run(state) }
        thread.name = name
        thread.start()
    }

    deinit {
        state.condition.lock()
        state.closed = true
        state.condition.signal()
        state.condition.unlock()
    }

    /// Runs `block` after the blocks queued before it.
    func async(_ block: @escaping () -> Void) {
        state.condition.lock()
        state.blocks.append(block)
        state.condition.signal()
        state.condition.unlock()
    }

    /// Waits until the blocks queued so far have run, at most `seconds`; whether they all ran. The thread runs at
    /// `SCHED_IDLE`: on a busy machine its writes can lag the app by seconds, which at the app's end would lose them.
    func drain(within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        async { done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }

    private static func run(_ state: State) {
        tessera_make_thread_background()
        while true {
            state.condition.lock()
            while state.blocks.isEmpty && !state.closed { state.condition.wait() }
            if state.blocks.isEmpty {
                state.condition.unlock()
                return
            }
            let block = state.blocks.removeFirst()
            state.condition.unlock()
            block()
        }
    }
}
