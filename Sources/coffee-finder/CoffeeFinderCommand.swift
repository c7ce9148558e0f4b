import ArgumentParser
import Bearing
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder`: finds coffee near you, keeps favourites and notes, and tells you when you
/// walk into a favourite's neighbourhood.
@main
struct CoffeeFinderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coffee-finder",
    abstract: "Find coffee near you; keep favourites and notes; get told when you are near one.",
    discussion: """
      With no subcommand on a terminal, opens the full-screen interface.

      Examples:
        coffee-finder nearby
        coffee-finder nearby --at 60.1699,24.9384 --radius 500 --json
        coffee-finder favorites list
        coffee-finder watch --gpsd 127.0.0.1:2947
        coffee-finder --at 60.1699,24.9384
      """,
    version: version,
    subcommands: [
      NearbyCommand.self, WatchCommand.self, FavoritesCommand.self, NotesCommand.self,
      ImportCommand.self, DownloadCommand.self, AreasCommand.self, MapCommand.self,
      RouteCommand.self,
    ]
  )

  /// The app's version, in `--version` and in the User-Agent of every request it sends.
  static let version = "0.1.0"
  /// Names the app to servers whose usage policy asks for it (Overpass, Nominatim).
  static let userAgent = "coffee-finder/\(version) (Bearing; Swift on Linux)"

  @OptionGroup var location: LocationOptions
  @OptionGroup var search: SearchOptions
  @OptionGroup var data: DataOptions
  @OptionGroup var hours: HoursOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var walkSpeedOption: WalkSpeedOption

  func validate() throws {
    try location.check()
    try search.check()
    try hours.check()
    try walkSpeedOption.check()
  }

  func run() async throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw ValidationError(
        "the interactive interface needs a terminal; use a subcommand such as `nearby`")
    }
    try await InteractiveSession(
      location: location, search: search, data: data, hours: hours, output: output,
      walkSpeed: walkSpeedOption.walkSpeed
    ).run()
  }

  /// Runs the command and maps every outcome to the documented exit codes: 0 success, 1 error
  /// (one line on standard error), 2 bad usage.
  static func main() async {
    // Its remembered state goes beside config.json whatever the binary is called (a symlink, a
    // renamed copy).
    ApplicationDirectories.name = "coffee-finder"
    let code: Int32
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      code = 0
    } catch {
      code = report(error)
    }
    Foundation.exit(code)
  }

  /// `coffee-finder` and the subcommands named in `arguments`: `coffee-finder favorites add`.
  static func commandPath(_ arguments: ArraySlice<String>) -> String {
    var path = [configuration.commandName ?? "coffee-finder"]
    var commands: [any ParsableCommand.Type] = configuration.subcommands
    for argument in arguments where !argument.hasPrefix("-") {
      guard
        let next = commands.first(where: {
          $0._commandName == argument || $0.configuration.aliases.contains(argument)
        })
      else { continue }
      path.append(argument)
      commands = next.configuration.subcommands
    }
    return path.joined(separator: " ")
  }

  static func report(_ error: any Error) -> Int32 {
    // Thrown on purpose, such as 143 from `watch` stopped by SIGTERM.
    if let exit = error as? ExitCode { return exit.rawValue }
    switch exitCode(for: error) {
    case .success:
      // --help, --version and other clean exits: argument-parser's text on standard output.
      print(fullMessage(for: error))
      return 0
    case .validationFailure:
      // Bad usage: one line on standard error, naming the command whose help says more.
      var message = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
      if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
      let line = message.split(separator: "\n", omittingEmptySubsequences: true).first
      Console.error(
        TerminalText.escape(line.map(String.init) ?? "bad usage")
          + " (see: \(commandPath(CommandLine.arguments.dropFirst())) --help)")
      return 2
    default:
      // An error met while running.
      Console.error(CLIError.describe(error))
      return 1
    }
  }
}
