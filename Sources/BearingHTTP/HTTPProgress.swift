/// Progress of the response bodies that the live client receives in the current task.
///
/// The live client (URLSession) calls ``observer`` while a body arrives, about ten times a
/// second and once more when it is complete, with the bytes received so far and the bytes
/// expected (`nil` when the server did not say). Other clients never call it.
///
/// ```swift
/// let response = try await HTTPProgress.$observer.withValue({ received, expected in
///   print("\(received) of \(expected ?? 0) bytes")
/// }) {
///   try await http.send(request)
/// }
/// ```
public enum HTTPProgress {
  /// Called with (bytes received, bytes expected) for each response of a request sent within
  /// this task-local's scope.
  @TaskLocal public static var observer: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
}
