import BearingTelemetry
import ConcurrencyExtras
import Dependencies
import Foundation
import Logging
import Testing

@Suite("Logging")
struct LoggingTests {
  /// A logger whose handler writes into `lines`.
  func logger(level: Logger.Level, into lines: LockIsolated<[String]>) -> Logger {
    Logger(label: "test") { label in
      TerminalLogHandler(label: label, level: level) { line in
        lines.withValue { $0.append(line) }
      }
    }
  }

  @Test
  func quietShowsWarningsAndAboveOnly() {
    let lines = LockIsolated<[String]>([])
    let logger = logger(level: LogVerbosity.quiet.level, into: lines)
    for priority in LogPriority.allCases {
      logger.log("at \(priority)", priority: priority)
    }
    #expect(
      lines.value == [
        "warning test: at warning\n", "error test: at error\n", "critical test: at critical\n",
      ])
  }

  @Test
  func verboseShowsEverything() {
    let lines = LockIsolated<[String]>([])
    let logger = logger(level: LogVerbosity.verbose.level, into: lines)
    for priority in LogPriority.allCases {
      logger.log("at \(priority)", priority: priority)
    }
    #expect(lines.value.count == LogPriority.allCases.count)
    #expect(lines.value.first == "trace test: at verbose\n")
  }

  @Test
  func secretsAndControlCharactersAreCleanedFromMessagesAndMetadata() {
    SecretRedactor.register("my-foursquare-key-42")
    let lines = LockIsolated<[String]>([])
    var logger = logger(level: .trace, into: lines)
    logger[metadataKey: "api_key"] = "my-foursquare-key-42"
    logger.log(
      "GET with Authorization: Bearer my-foursquare-key-42 for \u{1B}[31mCafé\u{7}\nfake line",
      priority: .error)
    let line = lines.value.first ?? ""
    #expect(!line.contains("my-foursquare-key-42"))
    #expect(line.contains("Bearer <redacted>"))
    #expect(line.contains("\\u{1B}[31mCafé\\u{7}\\u{A}fake line"))
    #expect(line.contains("[api_key=<redacted>]"))
    #expect(line.filter { $0 == "\n" }.count == 1)
  }

  @Test
  func personalDataIsOmittedUnlessVerbose() {
    let lines = LockIsolated<[String]>([])
    logger(level: .info, into: lines).log(
      "note: I live at 5 Main St", priority: .info, options: .personalData)
    logger(level: .trace, into: lines).log(
      "note: I live at 5 Main St", priority: .info, options: .personalData)
    #expect(
      lines.value == [
        "info test: <personal data omitted>\n", "info test: note: I live at 5 Main St\n",
      ])
  }

  @Test
  func sourceLocationIsAddedOnRequest() {
    let lines = LockIsolated<[String]>([])
    logger(level: .info, into: lines).log("hello", priority: .info, options: .sourceLocation)
    #expect(lines.value.first?.contains("file=BearingTelemetryTests/LoggingTests.swift") == true)
    #expect(lines.value.first?.contains("line=") == true)
  }

  @Test
  func logWithAnalyticsTracksTheEventEvenWhenTheMessageIsFilteredOut() {
    let lines = LockIsolated<[String]>([])
    let recorder = AnalyticsRecorder()
    withDependencies {
      $0.analytics = .capturing(recorder)
    } operation: {
      logger(level: .warning, into: lines).log(
        "searched", priority: .info, analytics: AnalyticsEvent("search", ["results": 3]))
    }
    #expect(lines.value.isEmpty)
    #expect(recorder.events == [AnalyticsEvent("search", ["results": 3])])
  }

  @Test
  func bootstrappingTwiceDoesNotTrap() {
    // Whichever test bootstraps first wins; the second call must be a harmless no-op.
    _ = LogVerbosity.quiet.bootstrap()
    #expect(LogVerbosity.verbose.bootstrap() == false)
    #expect(LogVerbosity(verbose: true) == .verbose)
  }
}
