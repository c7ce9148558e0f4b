import ConcurrencyExtras
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests of live HTTP clients.
///
/// Each request is recorded and answered by the test's `route`, which gets the request and its
/// 0-based position among all requests the server has seen. Replies can be complete, cut short,
/// or never sent, to exercise a client's failure handling against a real socket.
///
/// ```swift
/// try await LoopbackHTTPServer.with({ _, _ in .json(200, #"{"ok": true}"#) }) { server in
///   let client = HTTPClient.urlSession(.shared, baseURL: server.baseURL)
///   _ = try await client.send(HTTPRequest(path: "/"))
///   #expect(server.requests.count == 1)
/// }
/// ```
public final class LoopbackHTTPServer: Sendable {
  /// A request as the server received it.
  public struct Request: Sendable {
    /// The request method.
    public var method: HTTPRequest.Method
    /// The request target as sent: path and query, percent-encoded.
    public var uri: String
    /// The header fields as received, in order; names compare case-insensitively.
    public var headerFields: HTTPFields
    /// The whole body.
    public var body: Data
  }

  /// How the server answers a request.
  public enum Reply: Sendable {
    /// A complete response; `Content-Length` is added.
    case respond(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data())
    /// Declares `declaredLength` bytes, sends `body` (shorter), then closes the connection.
    case truncated(status: HTTPResponse.Status, declaredLength: Int, body: Data)
    /// Never answers; the connection stays open until the server stops.
    case hang
    /// A complete JSON response (`Content-Length` declared at once) whose body goes out in
    /// `pieces` parts, `interval` apart: a large answer arriving slowly.
    case slow(body: Data, pieces: Int, interval: Duration)

    /// A complete JSON response: `Content-Type: application/json`, then `headerFields`.
    public static func json(
      _ status: HTTPResponse.Status, _ text: String, headerFields: HTTPFields = [:]
    ) -> Reply {
      var fields: HTTPFields = [.contentType: "application/json"]
      fields.append(contentsOf: headerFields)
      return .respond(status: status, headerFields: fields, body: Data(text.utf8))
    }
  }

  /// The port the server listens on.
  public let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  private let state: State

  /// Requests received so far.
  public var requests: [Request] { state.requests.value }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private init(port: Int, group: MultiThreadedEventLoopGroup, channel: any Channel, state: State) {
    self.port = port
    self.group = group
    self.channel = channel
    self.state = state
  }

  /// Starts a server answering with `route`.
  public static func start(_ route: @escaping @Sendable (Request, Int) -> Reply) async throws
    -> LoopbackHTTPServer
  {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let state = State(route: route)
    do {
      let channel = try await ServerBootstrap(group: group)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(RouteHandler(state: state))
          }
        }
        .bind(host: "127.0.0.1", port: 0).get()
      guard let port = channel.localAddress?.port else {
        throw ChannelError.unknownLocalAddress
      }
      return LoopbackHTTPServer(port: port, group: group, channel: channel, state: state)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  /// Runs `body` with a started server and stops the server afterwards, even on failure.
  @discardableResult
  public static func with<T>(
    _ route: @escaping @Sendable (Request, Int) -> Reply,
    _ body: (LoopbackHTTPServer) async throws -> T
  ) async throws -> T {
    let server = try await start(route)
    do {
      let result = try await body(server)
      try await server.stop()
      return result
    } catch {
      try? await server.stop()
      throw error
    }
  }

  /// Closes the listening socket and every open connection.
  public func stop() async throws {
    try? await channel.close()
    try await group.shutdownGracefully()
  }

  /// Waits, in real time, until the server has received `count` requests.
  ///
  /// The bound is one that only a failing test waits out: in a full parallel run on two cores a
  /// request once took more than 10 s to reach the server (the earlier bound), and the test that
  /// waited failed although nothing was wrong.
  public func waitForRequests(_ count: Int, timeout: Duration = .seconds(60)) async throws {
    let deadline = ContinuousClock.now + timeout
    while requests.count < count {
      guard ContinuousClock.now < deadline else {
        throw ServerError.timedOutWaitingForRequests(expected: count, received: requests.count)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Why waiting for the server failed.
  public enum ServerError: Error {
    /// The timeout passed with fewer requests than `expected`: `received` had arrived.
    case timedOutWaitingForRequests(expected: Int, received: Int)
  }

  fileprivate final class State: Sendable {
    let route: @Sendable (Request, Int) -> Reply
    let requests = LockIsolated<[Request]>([])

    init(route: @escaping @Sendable (Request, Int) -> Reply) {
      self.route = route
    }

    func record(_ request: Request) -> Reply {
      let index = requests.withValue { requests in
        requests.append(request)
        return requests.count - 1
      }
      return route(request, index)
    }
  }
}

/// Collects a request's parts and answers it with the route's reply.
private final class RouteHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let state: LoopbackHTTPServer.State
  private var head: HTTPRequestHead?
  private var body = ByteBuffer()

  init(state: LoopbackHTTPServer.State) {
    self.state = state
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body.clear()
    case .body(var chunk):
      body.writeBuffer(&chunk)
    case .end:
      guard let head else { return }
      var fields = HTTPFields()
      for (name, value) in head.headers {
        // NIO has already rejected a name that is not a token.
        guard let name = HTTPField.Name(name) else { continue }
        fields.append(HTTPField(name: name, value: value))
      }
      // NIO parses only token methods, which are valid methods.
      guard let method = HTTPRequest.Method(head.method.rawValue) else { return }
      let request = LoopbackHTTPServer.Request(
        method: method, uri: head.uri, headerFields: fields, body: Data(body.readableBytesView))
      answer(state.record(request), context: context)
    }
  }

  private func answer(_ reply: LoopbackHTTPServer.Reply, context: ChannelHandlerContext) {
    switch reply {
    case .respond(let status, let fields, let bytes):
      var headers = NIOHTTP1.HTTPHeaders(fields.map { ($0.name.rawName, $0.value) })
      headers.replaceOrAdd(name: "Content-Length", value: "\(bytes.count)")
      writeHead(status: status, headers: headers, context: context)
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    case .truncated(let status, let declared, let bytes):
      var headers = NIOHTTP1.HTTPHeaders([("Content-Type", "application/json")])
      headers.replaceOrAdd(name: "Content-Length", value: "\(declared)")
      writeHead(status: status, headers: headers, context: context)
      // Close only once the partial body is on the wire, so the client sees it cut short.
      let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))))
        .whenComplete { _ in bound.value.close(promise: nil) }
    case .hang:
      break
    case .slow(let bytes, let pieces, let interval):
      var headers = NIOHTTP1.HTTPHeaders([("Content-Type", "application/json")])
      headers.replaceOrAdd(name: "Content-Length", value: "\(bytes.count)")
      writeHead(status: .ok, headers: headers, context: context)
      context.flush()
      let milliseconds = Int64(interval / .milliseconds(1))
      Self.writeSlowly(
        bytes, from: 0, piece: max(1, (bytes.count + pieces - 1) / max(1, pieces)),
        every: .milliseconds(milliseconds),
        NIOLoopBound(context, eventLoop: context.eventLoop))
    }
  }

  /// Writes `bytes` from `offset` one piece at a time, `interval` apart, then ends the response.
  private static func writeSlowly(
    _ bytes: Data, from offset: Int, piece: Int, every interval: TimeAmount,
    _ bound: NIOLoopBound<ChannelHandlerContext>
  ) {
    let context = bound.value
    guard offset < bytes.count else {
      context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
      return
    }
    let end = min(bytes.count, offset + piece)
    let part = ByteBuffer(bytes: bytes[offset..<end])
    context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(part))), promise: nil)
    context.eventLoop.scheduleTask(in: interval) {
      writeSlowly(bytes, from: end, piece: piece, every: interval, bound)
    }
  }

  private func writeHead(
    status: HTTPResponse.Status, headers: NIOHTTP1.HTTPHeaders, context: ChannelHandlerContext
  ) {
    let head = HTTPResponseHead(
      version: .http1_1, status: HTTPResponseStatus(statusCode: status.code), headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
  }
}
