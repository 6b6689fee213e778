import Dispatch
import Foundation
import ObservableCore

/// The running server: the listening socket, the routes and the logs, shared by the accept
/// thread and the connection threads.
///
/// Threads hold the core, not the ``ReplayServer`` handle, so dropping the handle stops the
/// server. The state lives in one `Mutex`; nothing is called while it is held.
final class ReplayServerCore: Sendable {
  struct State {
    var routes: [(order: Int, route: ReplayRoute)] = []
    var nextOrder = 0
    var fallback: ReplayAction
    var requests: [RecordedRequest] = []
    var abandoned: [RecordedRequest] = []
    var rejectedCount = 0
    var stopped = false
    /// How many requests each route (by its order; the fallback is -1) has answered with a
    /// ``ReplayAction/sequence(_:)``.
    var sequenceCounts: [Int: Int] = [:]
  }

  let port: UInt16
  let baseURL: URL
  let origin: String
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let state: _Mutex<State>
  private let threads = DispatchGroup()

  /// The origin whose absolute URLs are rewritten to ``origin``.
  static let gitHubOrigin = "https://api.github.com"

  init(routes: [ReplayRoute], fallback: ReplayAction) throws(ReplayServerError) {
    let (listener, port) = try Socket.listenOnLoopback().get()
    let wake: (read: Int32, write: Int32)
    switch Socket.makeWakePipe() {
    case .success(let ends): wake = ends
    case .failure(let error):
      Socket.close(listener)
      throw error
    }
    self.listener = listener
    self.port = port
    wakeRead = wake.read
    wakeWrite = wake.write
    origin = "http://127.0.0.1:\(port)"
    baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    var initial = State(fallback: fallback)
    for route in routes {
      initial.routes.append((initial.nextOrder, route))
      initial.nextOrder += 1
    }
    state = _Mutex(initial)
  }

  // MARK: lifecycle

  func start() {
    threads.enter()
    let thread = Thread { [self] in
      acceptLoop()
      threads.leave()
    }
    thread.name = "ReplayServer.accept:\(port)"
    thread.start()
  }

  func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    Socket.signal(wakeWrite)
    _ = threads.wait(timeout: .now() + .seconds(5))
    let (read, write) = (wakeRead, wakeWrite)
    threads.notify(queue: .global()) {
      Socket.close(read)
      Socket.close(write)
    }
  }

  var isStopped: Bool { state.withLock { $0.stopped } }

  private func acceptLoop() {
    defer { Socket.close(listener) }
    while true {
      switch Socket.wait(for: listener, wake: wakeRead, milliseconds: -1) {
      case .stopping, .failed: return
      case .timedOut: continue
      case .readable:
        guard let connection = Socket.accept(listener) else { continue }
        threads.enter()
        let thread = Thread { [self] in
          serve(connection)
          Socket.close(connection)
          threads.leave()
        }
        thread.name = "ReplayServer.connection:\(port)"
        thread.start()
      }
    }
  }

  // MARK: routes and logs

  func add(_ route: ReplayRoute) {
    state.withLock { state in
      state.routes.append((state.nextOrder, route))
      state.nextOrder += 1
    }
  }

  func setFallback(_ action: ReplayAction) {
    let old = state.withLock { state in
      defer { state.fallback = action }
      return state.fallback
    }
    _ = old
  }

  func removeAllRoutes() {
    let old = state.withLock { state in
      defer { state.routes = [] }
      return state.routes
    }
    _ = old
  }

  var requests: [RecordedRequest] { state.withLock { $0.requests } }
  var abandoned: [RecordedRequest] { state.withLock { $0.abandoned } }
  var rejectedCount: Int { state.withLock { $0.rejectedCount } }

  func clearLogs() {
    let old = state.withLock { state in
      defer {
        state.requests = []
        state.abandoned = []
        state.rejectedCount = 0
      }
      return (state.requests, state.abandoned)
    }
    _ = old
  }

  /// Logs `head` and picks the action for it, under one lock.
  private func record(_ head: HTTPRequestHead, body: Data) -> (RecordedRequest, ReplayAction) {
    state.withLock { state in
      let request = RecordedRequest(
        index: state.requests.count, method: head.method, target: head.target,
        headers: head.headers, body: body)
      state.requests.append(request)
      let best = state.routes.filter { $0.route.matches(request) }
        .max { ($0.route.specificity, $0.order) < ($1.route.specificity, $1.order) }
      var action = best?.route.action ?? state.fallback
      if case .sequence = action {
        let key = best?.order ?? -1
        let count = state.sequenceCounts[key, default: 0]
        state.sequenceCounts[key] = count + 1
        while case .sequence(let actions) = action {
          action = actions.isEmpty ? .notFound : actions[min(count, actions.count - 1)]
        }
      }
      return (request, action)
    }
  }

  private func recordAbandoned(_ request: RecordedRequest) {
    state.withLock { $0.abandoned.append(request) }
  }

  private func recordRejected() {
    state.withLock { $0.rejectedCount += 1 }
  }

  // MARK: one connection

  /// Reads one request, answers it, and returns; the caller closes the connection.
  private func serve(_ connection: Int32) {
    let head: HTTPRequestHead
    let body: Data
    switch readRequest(connection) {
    case .closed:
      return
    case .rejected(let status, let reason):
      recordRejected()
      _ = Socket.sendAll(
        connection,
        serialize(.json(status: status, #"{"message":"\#(reason)"}"#), sendingBody: true))
      drainBeforeClosing(connection)
      return
    case .request(let parsedHead, let parsedBody):
      head = parsedHead
      body = parsedBody
    }
    let (request, action) = record(head, body: body)
    let sendsBody = request.method.uppercased() != "HEAD"

    switch action {
    case .respond(let response):
      send(response, for: request, on: connection, sendingBody: sendsBody)
    case .handler(let makeResponse):
      send(makeResponse(request), for: request, on: connection, sendingBody: sendsBody)
    case .delay(let duration, let response):
      switch waitWhileOpen(connection, milliseconds: Self.milliseconds(duration)) {
      case .elapsed: send(response, for: request, on: connection, sendingBody: sendsBody)
      case .clientClosed: recordAbandoned(request)
      case .stopping: return
      }
    case .hang:
      if waitWhileOpen(connection, milliseconds: -1) == .clientClosed {
        recordAbandoned(request)
      }
    case .dropConnection, .sequence:
      // A sequence was resolved to one of its actions when the request was recorded.
      return
    case .truncateBody(let response, let bytes):
      var wire = serialize(response, sendingBody: false)
      let fullBody = rewrittenBody(response)
      wire += fullBody.prefix(max(0, min(bytes, fullBody.count - 1)))
      if !Socket.sendAll(connection, wire) { recordAbandoned(request) }
      Socket.shutdownWriting(connection)
    }
  }

  /// Closes the sending side and reads what the client still sends, briefly, so that closing
  /// with unread input does not reset the connection before the client reads the answer.
  private func drainBeforeClosing(_ connection: Int32) {
    Socket.shutdownWriting(connection)
    var drained = 0
    while drained < Self.maximumBody,
      Socket.wait(for: connection, wake: wakeRead, milliseconds: 200) == .readable,
      let chunk = Socket.receive(connection, capacity: 16 * 1024), !chunk.isEmpty
    {
      drained += chunk.count
    }
  }

  private func send(
    _ response: ReplayResponse, for request: RecordedRequest, on connection: Int32,
    sendingBody: Bool
  ) {
    if !Socket.sendAll(connection, serialize(response, sendingBody: sendingBody)) {
      recordAbandoned(request)
    }
  }

  private enum ReadResult {
    case request(HTTPRequestHead, Data)
    case rejected(status: Int, reason: String)
    case closed
  }

  private static let idleMilliseconds: Int32 = 10_000
  private static let maximumBody = 1 << 20

  private func readRequest(_ connection: Int32) -> ReadResult {
    var buffer: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      guard let chunk = receive(connection) else { return .closed }
      buffer += chunk
      headEnd = HTTPRequestHead.endOfHead(in: buffer)
      if headEnd == nil, buffer.count > HTTPRequestHead.maximumSize {
        return .rejected(status: 431, reason: "Request Header Fields Too Large")
      }
    }
    guard let end = headEnd else { return .closed }
    guard end <= HTTPRequestHead.maximumSize else {
      return .rejected(status: 431, reason: "Request Header Fields Too Large")
    }
    let head: HTTPRequestHead
    let length: Int
    do {
      head = try HTTPRequestHead.parse(buffer[..<end])
      length = try head.bodyLength()
    } catch .unsupportedVersion {
      return .rejected(status: 505, reason: "HTTP Version Not Supported")
    } catch {
      return .rejected(status: 400, reason: "Bad Request")
    }
    guard length <= Self.maximumBody else {
      return .rejected(status: 413, reason: "Content Too Large")
    }
    var body = Array(buffer[end...])
    while body.count < length {
      guard let chunk = receive(connection) else { return .closed }
      body += chunk
    }
    return .request(head, Data(body.prefix(length)))
  }

  /// Waits for bytes; `nil` when the peer closed, the server is stopping, or the peer idles.
  private func receive(_ connection: Int32) -> [UInt8]? {
    guard
      Socket.wait(for: connection, wake: wakeRead, milliseconds: Self.idleMilliseconds)
        == .readable,
      let chunk = Socket.receive(connection, capacity: 16 * 1024), !chunk.isEmpty
    else { return nil }
    return chunk
  }

  private enum WaitOutcome {
    case elapsed
    case clientClosed
    case stopping
  }

  /// Waits `milliseconds` (forever for `-1`) while watching for the client to close.
  private func waitWhileOpen(_ connection: Int32, milliseconds: Int32) -> WaitOutcome {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(milliseconds))
    while true {
      var remaining: Int32 = -1
      if milliseconds >= 0 {
        let left = clock.now.duration(to: deadline)
        remaining = left <= .zero ? 0 : max(1, Self.milliseconds(left))
      }
      switch Socket.wait(for: connection, wake: wakeRead, milliseconds: remaining) {
      case .timedOut: return .elapsed
      case .stopping: return .stopping
      case .failed: return .clientClosed
      case .readable:
        if Socket.peerHasClosed(connection) { return .clientClosed }
        // Extra bytes after the request (a pipelined request): read and ignore them.
        if Socket.receive(connection, capacity: 16 * 1024)?.isEmpty ?? true {
          return .clientClosed
        }
      }
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(0, total))
  }

  // MARK: writing responses

  private static let framingHeaders: Set<String> = [
    "content-length", "transfer-encoding", "connection", "keep-alive", "status",
    "content-encoding",
  ]

  private func serialize(_ response: ReplayResponse, sendingBody: Bool) -> [UInt8] {
    let body = rewrittenBody(response)
    let noBody = response.status == 204 || response.status == 304 || response.status < 200
    var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(response.status))\r\n"
    for header in response.headers
    where !Self.framingHeaders.contains(header.name.lowercased()) {
      let value =
        header.hasName("Link") || header.hasName("Location")
        ? rewriteOrigin(in: header.value) : header.value
      let clean = value.filter { $0 != "\r" && $0 != "\n" }
      head += "\(header.name): \(clean)\r\n"
    }
    if !noBody { head += "Content-Length: \(body.count)\r\n" }
    head += "Connection: close\r\n\r\n"
    var bytes = Array(head.utf8)
    if sendingBody, !noBody { bytes += body }
    return bytes
  }

  private func rewrittenBody(_ response: ReplayResponse) -> [UInt8] {
    guard !response.body.isEmpty, let text = String(data: response.body, encoding: .utf8) else {
      return Array(response.body)
    }
    return Array(rewriteOrigin(in: text).utf8)
  }

  private func rewriteOrigin(in text: String) -> String {
    text.replacingOccurrences(of: Self.gitHubOrigin, with: origin)
      .replacingOccurrences(
        of: Self.gitHubOrigin.replacingOccurrences(of: "/", with: "\\/"),
        with: origin.replacingOccurrences(of: "/", with: "\\/"))
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 409: "Conflict"
    case 410: "Gone"
    case 413: "Content Too Large"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }
}
