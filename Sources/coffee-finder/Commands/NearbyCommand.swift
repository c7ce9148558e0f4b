import ArgumentParser
import BearingPlaces
import CoffeeFinder
import Foundation

/// `coffee-finder nearby`: one search around one fix, printed as a table or JSON.
struct NearbyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nearby",
    abstract: "List the coffee shops nearest to you.",
    discussion: """
      With no location option, uses gpsd if it answers at the default address, else GeoClue if \
      it is on the system bus, else your last known position if it is less than a day old, else \
      a simulated position in central Helsinki (the built-in data), and says which in one line \
      on stderr. LAT,LON may be negative: --at -33.8688,151.2093.

      Examples:
        coffee-finder nearby
        coffee-finder nearby --at 60.1699,24.9384 --limit 5
        coffee-finder nearby --at -33.8688,151.2093 --provider overpass
        coffee-finder nearby --json --radius 300
        coffee-finder nearby --open-now
        coffee-finder nearby --at-time 2026-12-05T08:30 --time-zone Europe/Helsinki
        coffee-finder nearby --gpsd 127.0.0.1:2947
        coffee-finder nearby --geoclue
        coffee-finder nearby --replay walk.nmea
        coffee-finder nearby --sort line --walk-speed 1.0

      Where streets are stored (an imported .osm.pbf, Overpass or GeoJSON file with its \
      streets, or a downloaded area), each café shows its walk over them ("420 m walk · 5 \
      min") and the list is ordered by it; elsewhere by the straight line, and the last lines \
      say which.
      """
  )

  @OptionGroup var location: LocationOptions
  @OptionGroup var search: SearchOptions
  @OptionGroup var data: DataOptions
  @OptionGroup var hours: HoursOptions
  @OptionGroup var output: OutputOptions

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @Option(help: "Order by the walk over the stored streets or by the straight line (walk|line).")
  var sort: WalkSort = .walk

  @OptionGroup var walkSpeedOption: WalkSpeedOption
  /// `--walk-speed`.
  var walkSpeed: Double { walkSpeedOption.walkSpeed }

  @OptionGroup var timeout: FixTimeoutOption

  func validate() throws {
    try location.check()
    try search.check()
    try hours.check()
    try walkSpeedOption.check()
    try timeout.check()
  }

  @MainActor
  func run() async throws {
    let setup = try await SearchSetup.forOneSearch(
      location: location, search: search, data: data, output: output, timeout: timeout.seconds)
    // Open now only: as many as a search gives, so that the closed ones left out do not
    // leave fewer than --limit open ones.
    let finished = try await setup.searchOnce(
      choices: search.choices, analytics: output.analytics, timeout: timeout.seconds, tracked: true,
      limit: hours.openNow ? PlaceQuery.maximumLimit : nil, walks: true, sort: sort)
    let center = finished.searchCenter ?? setup.center
    let clock = hours.clock
    let now = Date()
    var places = finished.places
    var leftOut: OpenNowFilter.LeftOut?
    if hours.openNow {
      (places, leftOut) = OpenNowFilter.apply(
        places, at: clock.instant(now: now), clock: clock, limit: setup.settings.resultLimit)
    }
    var report = NearbyReport(
      center: center, radius: finished.radius, places: places,
      location: setup.locationOrigin,
      data: setup.dataOrigin.resolved(at: center, places: finished.places),
      units: setup.settings.units, clock: clock, now: now, leftOut: leftOut)
    report.walks = finished.walks
    report.sort = sort
    report.walkSpeed = walkSpeed
    Console.out(json ? report.json() : report.table(width: Console.width))
  }
}
