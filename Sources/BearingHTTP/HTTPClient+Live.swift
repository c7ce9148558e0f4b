import ConcurrencyExtras
import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient: DependencyKey {
  /// URLSession with an ephemeral configuration (no cookies or cache kept between requests) and
  /// no base URL, so requests name absolute URLs.
  public static let liveValue = Self.urlSession(
    URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: nil))

  /// A client on `session`, resolving path requests against `baseURL`.
  ///
  /// Cancelling the calling task cancels the data task at once.
  public static func urlSession(_ session: URLSession, baseURL: URL? = nil) -> Self {
    Self { request in
      let (data, http) = try await session.cancellableData(
        for: URLRequest(request, url: request.url(relativeTo: baseURL)),
        progress: HTTPProgress.observer)
      let response = try HTTPResponse(http, body: data)
      // Some URLSession versions hand over a body cut short without an error; a body shorter
      // than the declared length is a lost connection, not a response to decode.
      let fields = response.headerFields
      let encoding = fields[values: .contentEncoding].first?.lowercased() ?? "identity"
      if encoding == "identity", request.method != .head,
        let declared = fields[values: .contentLength].first.flatMap({ Int($0) }),
        data.count < declared
      {
        throw HTTPError.transport(.connectionLost)
      }
      return response
    }
  }
}

extension URLRequest {
  /// The URLSession request for `request`, sent to `url`: method, header fields in order, body
  /// and timeout, with no cached answer.
  fileprivate init(_ request: HTTPRequest, url: URL) {
    self.init(url: url)
    httpMethod = request.method.rawValue
    httpBody = request.body
    timeoutInterval = request.timeout.timeInterval
    cachePolicy = .reloadIgnoringLocalCacheData
    for field in request.headerFields {
      addValue(field.value, forHTTPHeaderField: field.name.rawName)
    }
  }
}

extension HTTPResponse {
  /// The response URLSession reported, with `body`.
  ///
  /// Fields whose names are not valid HTTP tokens are dropped; URLSession has already joined
  /// repeated fields with commas.
  ///
  /// - throws: ``HTTPError/transport(_:)`` with ``HTTPError/TransportFailure/badResponse`` for a
  ///   status code outside 100–999.
  fileprivate init(_ http: HTTPURLResponse, body: Data) throws(HTTPError) {
    guard (100...999).contains(http.statusCode) else { throw .transport(.badResponse) }
    var fields = HTTPFields()
    for (name, value) in http.allHeaderFields {
      guard let name = HTTPField.Name("\(name)") else { continue }
      fields.append(HTTPField(name: name, value: "\(value)"))
    }
    self.init(
      status: Status(code: http.statusCode), headerFields: fields, body: body, url: http.url)
  }
}

extension URLSession {
  /// `data(for:)` through a data task that is cancelled with the calling task, on every
  /// platform's Foundation; errors arrive as ``HTTPError`` or `CancellationError`.
  ///
  /// With `progress`, the request goes through a session of its own whose delegate collects
  /// the body as it arrives and reports each part (a data task with a completion handler says
  /// nothing until the end).
  fileprivate func cancellableData(
    for request: URLRequest, progress: (@Sendable (Int, Int?) -> Void)? = nil
  ) async throws -> (Data, HTTPURLResponse) {
    let host = request.url.map { url in url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } }
    let task = LockIsolated<URLSessionDataTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
        let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = {
          data, response, error in
          if let error {
            if (error as? URLError)?.code == .cancelled {
              continuation.resume(throwing: CancellationError())
            } else {
              continuation.resume(
                throwing: HTTPError.transport(error, host: (host ?? nil) ?? "the server"))
            }
          } else if let response = response as? HTTPURLResponse {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: HTTPError.transport(.badResponse))
          }
        }
        let dataTask: URLSessionDataTask
        if let progress {
          let collector = BodyCollector(progress: progress, finish: finish)
          let session = URLSession(
            configuration: configuration, delegate: collector, delegateQueue: nil)
          dataTask = session.dataTask(with: request)
          // The session keeps its delegate until its tasks end, then lets it go.
          session.finishTasksAndInvalidate()
        } else {
          dataTask = self.dataTask(with: request) { finish($0, $1, $2) }
        }
        task.setValue(dataTask)
        // Cancelled before the task existed: the handler below found nothing to cancel.
        if Task.isCancelled { dataTask.cancel() }
        dataTask.resume()
      }
    } onCancel: {
      task.value?.cancel()
    }
  }
}

/// A session delegate that collects one data task's body, reporting each part as it arrives,
/// and hands the whole to `finish` at the end.
private final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
  private struct Received {
    var body = Data()
    var response: URLResponse?
  }

  private let received = LockIsolated(Received())
  private let progress: @Sendable (Int, Int?) -> Void
  private let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void

  init(
    progress: @escaping @Sendable (Int, Int?) -> Void,
    finish: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) {
    self.progress = progress
    self.finish = finish
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    received.withValue { $0.response = response }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let count = received.withValue { received in
      received.body.append(data)
      return received.body.count
    }
    let expected = dataTask.countOfBytesExpectedToReceive
    progress(count, expected > 0 ? Int(expected) : nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (body, response) = received.withValue { ($0.body, $0.response) }
    finish(body, response ?? task.response, error)
  }
}

extension Duration {
  /// The duration in seconds, as Foundation's time intervals count.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
