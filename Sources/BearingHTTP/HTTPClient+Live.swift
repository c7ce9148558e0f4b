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
      let url = try request.url(relativeTo: baseURL)
      var urlRequest = URLRequest(url: url)
      urlRequest.httpMethod = request.method.rawValue
      urlRequest.httpBody = request.body
      urlRequest.timeoutInterval = request.timeout.timeInterval
      urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
      for field in request.headers {
        urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
      }
      let (data, urlResponse) = try await session.cancellableData(for: urlRequest)
      guard let http = urlResponse as? HTTPURLResponse else {
        throw HTTPError.transport(.badResponse)
      }
      var headers = HTTPHeaders()
      for (name, value) in http.allHeaderFields {
        headers.add(name: "\(name)", value: "\(value)")
      }
      // Some URLSession versions hand over a body cut short without an error; a body shorter
      // than the declared length is a lost connection, not a response to decode.
      let encoding = headers["Content-Encoding"]?.lowercased() ?? "identity"
      if encoding == "identity", request.method != .head,
        let declared = headers["Content-Length"].flatMap({ Int($0) }), data.count < declared
      {
        throw HTTPError.transport(.connectionLost)
      }
      return HTTPResponse(status: http.statusCode, headers: headers, body: data, url: http.url)
    }
  }
}

extension URLSession {
  /// `data(for:)` through a data task that is cancelled with the calling task, on every
  /// platform's Foundation; errors arrive as ``HTTPError`` or `CancellationError`.
  fileprivate func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
    let host = request.url.map { url in url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } }
    let task = LockIsolated<URLSessionDataTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let dataTask = self.dataTask(with: request) { data, response, error in
          if let error {
            if (error as? URLError)?.code == .cancelled {
              continuation.resume(throwing: CancellationError())
            } else {
              continuation.resume(
                throwing: HTTPError.transport(error, host: (host ?? nil) ?? "the server"))
            }
          } else if let response {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: HTTPError.transport(.badResponse))
          }
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

extension Duration {
  /// The duration in seconds, as Foundation's time intervals count.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
