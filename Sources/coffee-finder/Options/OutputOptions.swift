import ArgumentParser
import BearingTelemetry
import Foundation

/// What the app says besides its output: log lines on standard error (`--verbose`), and
/// opt-in analytics to a JSON-lines file of the user's (`--analytics-file`).
struct OutputOptions: ParsableArguments {
  @Flag(name: [.customShort("v"), .long], help: "Log what happens on standard error.")
  var verbose = false

  @Option(
    name: .customLong("analytics-file"),
    help: ArgumentHelp(
      "Append anonymous usage events (one JSON object per line) to this file.",
      discussion: "Off unless given here or in $COFFEE_FINDER_ANALYTICS. Coordinates are "
        + "rounded to about 1 km; keys and notes are never recorded."))
  var analyticsFile: String?

  /// Sends every log line through the redacting, escaping ``TerminalLogHandler``: warnings and
  /// errors only, unless `--verbose`.
  func bootstrapLogging() {
    LogVerbosity(verbose: verbose).bootstrap()
  }

  /// The analytics client the user chose: a JSON-lines file, or none.
  var analytics: AnalyticsClient {
    let environment = ProcessInfo.processInfo.environment["COFFEE_FINDER_ANALYTICS"]
    guard let path = analyticsFile ?? environment, !path.isEmpty else { return .noop }
    return .jsonLines(path: path)
  }
}
