import BearingLocation
import BearingPersonalData
import BearingPlaces
import BearingText
import CoffeeFinderSettings
import Foundation

/// Renders the app's state as terminal lines: a pure function, so every screen is tested by
/// comparing strings.
///
/// Lines never exceed `width` characters and there are never more than `height` of them; the
/// caller clears the rest of each line. Every piece of untrusted text goes through
/// ``TerminalText``.
///
/// ```swift
/// let lines = Screen.render(store.state, width: 80, height: 24)
/// ```
package enum Screen {
  /// Below this width there is no room for a useful list.
  package static let minimumWidth = 24
  /// Below this height there is no room for a useful list.
  package static let minimumHeight = 7

  /// The screen for `state` on a terminal of `width` × `height` characters, at `now` (for the
  /// age of the fix).
  package static func render(
    _ state: CoffeeFinderApp.State, width: Int, height: Int, now: Date = Date()
  ) -> [String] {
    render(state, width: width, height: height, now: now, numbered: false)
  }

  /// The screen; with `numbered`, the list's rows carry the numbers the map beside it shows.
  static func render(
    _ state: CoffeeFinderApp.State, width: Int, height: Int, now: Date, numbered: Bool
  ) -> [String] {
    guard width >= minimumWidth, height >= minimumHeight else {
      return tooSmall(width: width, height: height)
    }
    var body: [String] = []
    if let alert = state.errorAlert ?? state.detail?.alert {
      body += boxed("Error: " + alert + " (Esc to dismiss)", width: width)
    } else if let alert = state.regionAlert {
      body += boxed(alert.message + " (Esc to dismiss)", width: width)
    }
    let title: String
    let help: String
    if let detail = state.detail {
      title = "coffee-finder: " + detail.place.name
      body += detailBody(
        detail, draft: state.noteDraft, width: width, units: state.units,
        from: state.nearby.location.map { stillIfEnded($0, state) }, hours: state.hours,
        at: state.hoursInstant, walk: detailWalk(state, detail.place))
      help =
        state.noteDraft == nil
        ? "f favourite  n note  d delete  j/k notes  Esc back  q quit"
        : "Enter save note  Esc cancel"
    } else {
      title = "coffee-finder: coffee nearby"
      body += listBody(
        state, width: width, height: height - 5 - body.count, numbered: numbered)
      help = listHelp(state, width: width, numbered: numbered)
    }
    let status = statusLine(state)
    var lines = [
      TerminalText.truncate(title, width: width),
      TerminalText.truncate(positionLine(state, now: now), width: width),
      String(repeating: "─", count: width),
    ]
    let room = height - lines.count - 2
    lines += body.prefix(room)
    lines += Array(repeating: "", count: max(0, room - body.count))
    lines.append(TerminalText.truncate(status, width: width))
    lines.append(TerminalText.truncate(help, width: width))
    return lines
  }

  /// The header's second line: where the user is, how accurately, and how old that fix is.
  ///
  /// ```text
  /// You: 60.16990, 24.93840 ±5 m, 3 s ago, walking NE
  /// ```
  package static func positionLine(_ state: CoffeeFinderApp.State, now: Date) -> String {
    guard let fix = state.nearby.location else { return "You: no fix yet" }
    var line = "You: " + LocationOrigin.short(fix.coordinate)
    if fix.horizontalAccuracy >= 0 {
      line += " ±" + DistanceText.format(fix.horizontalAccuracy, units: state.units)
    }
    if let received = state.nearby.locationReceivedAt {
      line += ", " + age(now.timeIntervalSince(received))
    }
    if state.nearby.locationEnded {
      // The track stopped here: no heading, as nobody is moving.
      line += ", replay ended"
    } else if fix.course >= 0, fix.speed >= Direction.movingSpeed {
      line += ", heading " + Direction.compassPoint(fix.course)
    }
    return line
  }

  /// "now", "12 s ago", "3 min ago", "2 h ago".
  package static func age(_ seconds: TimeInterval) -> String {
    guard seconds.isFinite, seconds >= 1 else { return "now" }
    if seconds < 60 { return "\(Int(seconds)) s ago" }
    if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
    return "\(Int(seconds / 3600)) h ago"
  }

  /// The status bar: location source, data source and its credit.
  package static func statusLine(_ state: CoffeeFinderApp.State) -> String {
    var parts = [
      "Location: \(state.locationOrigin)" + (state.nearby.locationEnded ? " (ended)" : "")
    ]
    // The credit comes before the data's description so that the licence's attribution stays
    // on screen when a narrow terminal cuts the line.
    let data =
      state.nearby.searchCenter.map {
        state.dataOrigin.resolved(at: $0, places: state.nearby.places)
      } ?? state.dataOrigin
    if let credit = data.credit { parts.append(credit) }
    parts.append("Data: \(data)")
    return parts.joined(separator: " | ")
  }

  /// The list's keys. `m` is offered where it does something: hiding the map shown, or
  /// bringing it back (a terminal with no room for a map has nothing to toggle). `o` is
  /// offered where the line has room for it (beside a map, the list's heading names it).
  static func listHelp(_ state: CoffeeFinderApp.State, width: Int, numbered: Bool) -> String {
    let map = numbered || !state.showsMap ? "m map  " : ""
    let full = "j/k move  Enter open  r refresh  +/- radius  o open now  " + map + "q quit"
    return full.count <= width
      ? full : "j/k move  Enter open  r refresh  +/- radius  " + map + "q quit"
  }

  static func listBody(
    _ state: CoffeeFinderApp.State, width: Int, height: Int, numbered: Bool = false
  ) -> [String] {
    let nearby = state.nearby
    let radius = DistanceText.format(nearby.radius, units: state.units)
    switch nearby.phase {
    case .idle, .authorizing:
      return ["Asking for location access…"]
    case .locating:
      return ["Waiting for a location fix…"]
    case .denied(let message):
      return ["No location."] + [""] + wrap(message, width: width)
    case .failed(let message):
      return ["Something went wrong:"] + wrap(message, width: width)
        + ["", "Press r to try again."]
    case .searching where nearby.places.isEmpty:
      return ["Searching for coffee within \(radius)…"]
    case .loaded where nearby.places.isEmpty:
      return wrap(
        "No coffee within \(radius). Press + to widen the search or r to refresh.",
        width: width)
    case .searching, .loaded:
      let searching = nearby.phase == .searching ? " (refreshing…)" : ""
      let places = state.visiblePlaces
      // With walks over the stored streets, each row shows its walk, in the walk's order
      // unless the line's was asked for.
      let walks = nearby.walks
      let order = walks != nil && nearby.sort == .walk ? "by walk" : "nearest first"
      // The café the cursor is on, kept below the list when a move pushed it past the limit.
      let chosen = places.count > state.listLimit ? ", and your choice" : ""
      let counted = places.count > state.listLimit ? state.listLimit : places.count
      let heading: String
      if let leftOut = state.leftOut {
        let left = leftOut.closed + leftOut.unknown
        heading =
          "\(counted) open now within \(radius)"
          + (order == "by walk" ? ", by walk" : "")
          + (left > 0 ? " (\(left) more not open or not known)" : "") + chosen
      } else if nearby.places.count > places.count || !chosen.isEmpty {
        // The limit cuts the list: how many there are ("of 50+" where the search stopped).
        let found = nearby.places.count
        let total = found >= nearby.limit ? "\(found)+" : "\(found)"
        heading = "\(counted) nearest of \(total) within \(radius), \(order)\(chosen)"
      } else {
        heading = "\(places.count) within \(radius), \(order)"
      }
      // Beside a map, whose list's help line has no room for `o`, the heading names it.
      let hint =
        numbered && !listHelp(state, width: width, numbered: numbered).contains("o open now")
        ? " · o open now" : ""
      // Hours asked about at another moment (`--at-time`) say which.
      let moment =
        state.hours.fixedTime.map {
          " · hours at " + PlaceHours.localText($0, in: state.hours.timeZone)
        } ?? ""
      var lines = [TerminalText.truncate(heading + searching + moment + hint, width: width)]
      if places.isEmpty {
        lines += wrap("None open now. Press o to show every café.", width: width)
        return lines
      }
      // With walks, "178 m walk · 2 min" and the direction after it.
      let column = walks == nil ? 12 : nearby.location == nil ? 20 : 23
      let fix = nearby.location.map { stillIfEnded($0, state) }
      let favorites = Set(state.favorites.map(\.placeID))
      let rows = max(1, height - 1)
      // Scroll so that the selection stays on screen.
      let first = max(0, min(state.selection - rows + 1, places.count - rows))
      let instant = state.hoursInstant
      // The hours column, where a place has hours, shows where there is room for it beside a
      // useful name ("closed · opens Mo 08:00" and two spaces before it; else "closed" alone).
      let room = width - 3 - column - (numbered ? 3 : 0)
      let hasHours = places.contains { !PlaceHours.isBlank($0.openingHours ?? "") }
      let hoursWidth = !hasHours ? 0 : room - 25 >= 24 ? 25 : room - 8 >= 24 ? 8 : 0
      for (index, place) in places.enumerated().dropFirst(first).prefix(rows) {
        let marker =
          (index == state.selection ? ">" : " ")
          + (favorites.contains(place.id) ? "*" : " ")
          + (numbered ? " " + String(format: "%2d", index + 1) : "")
        var distance = DistanceText.format(place.distance, units: state.units)
        if let walks {
          distance =
            walks.lengths[place.id].map {
              UserMessage.walk($0, speed: nearby.walkSpeed, units: state.units)
            } ?? UserMessage.noWalk
        }
        if let fix {
          let direction = Direction.text(from: fix, to: place.coordinate)
          distance += " " + String(repeating: " ", count: max(0, 2 - direction.count)) + direction
        }
        var summary = ""
        if hoursWidth > 0 {
          let hours = PlaceHours(place, at: instant, clock: state.hours)
          summary = hoursWidth < 25 ? hours.short : hours.summary
        }
        lines.append(
          listRow(
            marker: marker, name: place.name, distance: distance, column: column,
            hours: summary, hoursWidth: hoursWidth, width: width))
      }
      return lines
    }
  }

  /// One row of the list, never wider than `width` columns: `marker`, the name (escaped, cut
  /// to the room the other columns leave), `distance` right-aligned in a column at least
  /// `column` wide and one column wider than itself, then `hours` in `hoursWidth` columns
  /// (none when 0). Measured in display columns, so a walk such as "1.2 km walk · 1 h 5 min"
  /// or a wide name takes room from the name, never from the next row.
  ///
  /// ```swift
  /// Screen.listRow(
  ///   marker: "> ", name: "Regatta", distance: "1.2 km walk · 15 min", column: 20,
  ///   hours: "", hoursWidth: 0, width: 30)  // ">  Regat… 1.2 km walk · 15 min"
  /// ```
  package static func listRow(
    marker: String, name: String, distance: String, column: Int, hours: String,
    hoursWidth: Int, width: Int
  ) -> String {
    let distanceColumns = TerminalText.columns(of: distance)
    let distanceField = max(column, distanceColumns + 1)
    let nameWidth = width - TerminalText.columns(of: marker) - 1 - distanceField - hoursWidth
    var line =
      marker + " " + TerminalText.fit(name, width: nameWidth)
      + String(repeating: " ", count: distanceField - distanceColumns) + distance
    if hoursWidth > 2, !hours.isEmpty {
      line += "  " + TerminalText.truncate(hours, width: hoursWidth - 2)
    }
    // Narrower than the fixed columns themselves: cut, as every other line is.
    guard TerminalText.columns(of: line) > width else { return line }
    return String(TerminalText.prefix(line, columns: max(0, width - 1))) + "…"
  }

  /// `name`, escaped, cut into lines of at most `width` columns; the last of `maximumLines`
  /// ends in "…" when the name goes on.
  static func nameLines(_ name: String, width: Int, maximumLines: Int) -> [String] {
    var rest = Substring(TerminalText.escape(name))
    var lines: [String] = []
    while !rest.isEmpty, lines.count < maximumLines - 1,
      TerminalText.columns(of: rest) > width
    {
      let line = TerminalText.prefix(rest, columns: max(1, width))
      lines.append(String(line))
      rest = rest[line.endIndex...]
    }
    // Escaped already: truncating escapes nothing more (a backslash is no control).
    lines.append(TerminalText.truncate(String(rest), width: width))
    return lines
  }

  /// The walk the detail shows: its length and time as the list has it, and the streets of
  /// the walk found to the place (the selected place's, as the map draws it).
  struct DetailWalk: Equatable {
    var text: String
    var streets: [String]
    /// Whether the walk found is the straight line.
    var isDirect = false
  }

  /// The walk to `place` where the list has walks; `nil` where it has none.
  static func detailWalk(_ state: CoffeeFinderApp.State, _ place: Place) -> DetailWalk? {
    guard let walks = state.nearby.walks else { return nil }
    let text =
      walks.lengths[place.id].map {
        UserMessage.walk($0, speed: state.nearby.walkSpeed, units: state.units)
      } ?? UserMessage.noWalk
    let selected = state.selectedPlaceID == place.id
    return DetailWalk(
      text: text, streets: selected ? state.routeStreetNames : [],
      isDirect: selected && state.routeIsDirect)
  }

  /// `fix`, as still (no course) once its source has ended: directions are then compass
  /// points, as for someone standing.
  static func stillIfEnded(_ fix: Location, _ state: CoffeeFinderApp.State) -> Location {
    guard state.nearby.locationEnded else { return fix }
    var still = fix
    still.speed = 0
    return still
  }

  static func detailBody(
    _ detail: PlaceDetail.State, draft: String?, width: Int, units: MeasurementSystem = .metric,
    from fix: Location? = nil, hours clock: HoursClock = HoursClock(), at instant: Date = Date(),
    walk: DetailWalk? = nil
  ) -> [String] {
    let place = detail.place
    // The whole name, over up to three lines: a long name is still read in full here.
    var lines = nameLines(place.name, width: width, maximumLines: 3)
    if detail.isFavorite {
      let marker = "  * favourite"
      if TerminalText.columns(of: lines[lines.count - 1]) + marker.count <= width {
        lines[lines.count - 1] += marker
      } else {
        lines.append("* favourite")
      }
    }
    if let address = place.address { lines.append(TerminalText.truncate(address, width: width)) }
    var facts = place.categories.map { TerminalText.escape($0) }
    // Measured from the latest fix, so the distance keeps up with a walk.
    if let fix {
      facts.append(
        DistanceText.format(fix.coordinate.distance(to: place.coordinate), units: units) + " "
          + Direction.text(from: fix, to: place.coordinate))
    } else if place.distance != nil {
      facts.append(DistanceText.format(place.distance, units: units) + " away")
    }
    if let walk { facts.append(walk.text) }
    if !facts.isEmpty {
      lines.append(TerminalText.truncate(facts.joined(separator: " · "), width: width))
    }
    if let walk, walk.isDirect {
      lines.append(TerminalText.truncate(UserMessage.routeDirect, width: width))
    } else if let walk, !walk.streets.isEmpty {
      lines.append(
        TerminalText.truncate("Along: " + walk.streets.joined(separator: ", "), width: width))
    }
    if let phone = place.phone {
      lines.append(TerminalText.truncate("Phone: " + phone, width: width))
    }
    if let website = place.website {
      lines.append(TerminalText.truncate("Web: " + website, width: width))
    }
    lines += hoursLines(place, at: instant, clock: clock, width: width)
    lines.append("")
    if let draft {
      lines.append(TerminalText.truncate("New note: " + draft + "_", width: width))
    }
    guard detail.isLoaded else {
      lines.append("Loading notes…")
      return lines
    }
    lines.append(
      detail.notes.isEmpty ? "No notes yet. Press n to add one." : "Notes (\(detail.notes.count)):")
    for note in detail.notes {
      let marker = note.id == detail.selectedNoteID ? "> " : "  "
      let day = note.createdAt.formatted(.iso8601.year().month().day())
      lines.append(marker + TerminalText.truncate(day + "  " + note.text, width: width - 2))
    }
    if let selected = detail.selectedNote,
      TerminalText.columns(of: TerminalText.escape(selected.text)) > width - 14
    {
      lines.append("")
      lines += wrap(selected.text, width: width)
    }
    return lines
  }

  /// The detail's hours: now, the week from today, and the value as OpenStreetMap has it; a
  /// value that cannot be read is shown as it is, to read on OSM.
  static func hoursLines(
    _ place: Place, at instant: Date, clock: HoursClock, width: Int
  ) -> [String] {
    guard let raw = place.openingHours,
      !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else { return [] }
    let now = PlaceHours(place, at: instant, clock: clock)
    guard let week = PlaceHours.week(of: place, at: instant, clock: clock) else {
      return [""] + wrap("Hours: see OSM: " + raw, width: width)
    }
    let summary = now.summary.isEmpty ? "not known now" : now.summary
    return [""] + [TerminalText.truncate("Hours: " + summary, width: width)]
      + week.map { TerminalText.truncate("  " + $0, width: width) }
      + wrap("OSM: " + raw, width: width)
  }

  static func boxed(_ text: String, width: Int) -> [String] {
    let inner = width - 4
    let rule = "+" + String(repeating: "-", count: width - 2) + "+"
    return [rule]
      + wrap(text, width: inner).map {
        "| " + $0 + String(repeating: " ", count: max(0, inner - TerminalText.columns(of: $0)))
          + " |"
      } + [rule]
  }

  static func tooSmall(width: Int, height: Int) -> [String] {
    let message = "Terminal too small (\(width)×\(height)); need \(minimumWidth)×\(minimumHeight)."
    return Array(wrap(message, width: max(1, width)).prefix(max(1, height)))
  }

  /// Escapes `text` and breaks it into lines of at most `width` columns, at spaces where
  /// possible.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    for word in TerminalText.escape(text).split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while TerminalText.columns(of: word) > width {
        if !current.isEmpty {
          lines.append(current)
          current = ""
        }
        // At least one character per line, even one wider than the line.
        var piece = TerminalText.prefix(word, columns: width)
        if piece.isEmpty { piece = word.prefix(1) }
        lines.append(String(piece))
        word = word[piece.endIndex...]
      }
      if word.isEmpty { continue }
      if current.isEmpty {
        current = String(word)
      } else if TerminalText.columns(of: current) + 1 + TerminalText.columns(of: word) <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
