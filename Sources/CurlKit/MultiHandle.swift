import CCurl

/// Many concurrent transfers on one thread (`curl_multi_init` / `curl_multi_cleanup`). Not thread-safe except
/// `wakeup`, which any thread may call to end a `poll` early.
public final class MultiHandle {
    public let pointer: UnsafeMutableRawPointer
    /// Handles currently added, kept alive while libcurl uses them.
    private var handles: [UnsafeMutableRawPointer: EasyHandle] = [:]

    public init() throws {
        guard CurlGlobal.initialised, let m = curl_multi_init() else {
            throw CurlError(CURLE_FAILED_INIT, detail: "curl_multi_init")
        }
        pointer = m
    }

    deinit {
        for easy in handles.keys { curl_multi_remove_handle(pointer, easy) }
        curl_multi_cleanup(pointer)
    }

    public var count: Int { handles.count }

    /// `CURLMOPT_MAX_HOST_CONNECTIONS`: parallel connections to one host.
    public func setMaxHostConnections(_ n: Int) {
        _ = tessera_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, n)
    }

    /// `curl_multi_add_handle`.
    public func add(_ easy: EasyHandle) throws {
        let code = curl_multi_add_handle(pointer, easy.pointer)
        guard code == CURLM_OK else {
            throw CurlError(CURLE_FAILED_INIT, detail: String(cString: curl_multi_strerror(code)))
        }
        handles[easy.pointer] = easy
    }

    /// `curl_multi_remove_handle`: stops the transfer if it is running.
    public func remove(_ easy: EasyHandle) {
        guard handles.removeValue(forKey: easy.pointer) != nil else { return }
        curl_multi_remove_handle(pointer, easy.pointer)
    }

    /// `curl_multi_perform`: moves every transfer forward as far as it can without blocking.
    @discardableResult
    public func perform() -> Int {
        var running: Int32 = 0
        curl_multi_perform(pointer, &running)
        return Int(running)
    }

    /// `curl_multi_poll`: blocks until there is work, `wakeup` is called, or the timeout passes.
    public func poll(timeoutMs: Int) {
        var fds: Int32 = 0
        curl_multi_poll(pointer, nil, 0, Int32(timeoutMs), &fds)
    }

    /// `curl_multi_wakeup`: thread-safe.
    public func wakeup() {
        curl_multi_wakeup(pointer)
    }

    /// Finished transfers (`curl_multi_info_read`), removed from this multi handle and returned with their outcome.
    public func takeCompleted() -> [(handle: EasyHandle, result: Result<Void, CurlError>)] {
        var done: [(EasyHandle, Result<Void, CurlError>)] = []
        var left: Int32 = 0
        while let message = curl_multi_info_read(pointer, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easyPointer = message.pointee.easy_handle,
                  let easy = handles[easyPointer] else { continue }
            let code = tessera_msg_result(message)
            remove(easy)
            done.append((easy, code == CURLE_OK ? .success(()) : .failure(CurlError(code))))
        }
        return done
    }
}
