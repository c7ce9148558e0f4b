import BearingLocation
import BearingMap
import BearingStreets
import BearingText
import Foundation

extension Screen {
  /// Where the map panel goes, given the terminal's shape.
  package enum MapPlacement: Equatable, Sendable {
    /// Right of a list `listWidth` columns wide, the full height.
    case beside(listWidth: Int)
    /// Below a list `listHeight` rows tall, the full width.
    case under(listHeight: Int)
  }

  /// The list is this wide beside a map; the map needs at least 60 columns next to it. From
  /// ``listWidthWithHours`` + 61 columns the list is that wide, so that it says whether each
  /// café is open.
  static let listWidthBesideMap = 60
  static let listWidthWithHours = 88
  /// Rows the list keeps above a map: header, ten places, status and help.
  static let listHeightAboveMap = 18

  /// Where the map goes on a `width` × `height` terminal: beside the list from 121 columns
  /// (a wider list from 149),
  /// under it from 40 rows, nowhere when the panel is off, a place is open or there is no room.
  package static func mapPlacement(
    _ state: CoffeeFinderApp.State, width: Int, height: Int
  ) -> MapPlacement? {
    guard state.showsMap, state.detail == nil, height >= minimumHeight else { return nil }
    if width > listWidthWithHours + 60 { return .beside(listWidth: listWidthWithHours) }
    if width > listWidthBesideMap + 60 { return .beside(listWidth: listWidthBesideMap) }
    if height >= listHeightAboveMap + 22, width >= minimumWidth {
      return .under(listHeight: listHeightAboveMap)
    }
    return nil
  }

  /// The screen with the map panel where the terminal has room for it (``mapPlacement(_:width:height:)``),
  /// else as ``render(_:width:height:now:)``.
  ///
  /// The list's rows are numbered as the map's places are. `streets` are all the streets
  /// known (those out of view are skipped), `track` your recent fixes, oldest first.
  ///
  /// ```swift
  /// let lines = Screen.render(state, width: 160, height: 40, streets: streets, style: .color)
  /// ```
  package static func render(
    _ state: CoffeeFinderApp.State, width: Int, height: Int, now: Date = Date(),
    streets: [StreetLine], track: [Coordinate] = [], style: MapFrame.Style = .plain
  ) -> [String] {
    guard let placement = mapPlacement(state, width: width, height: height) else {
      return render(state, width: width, height: height, now: now)
    }
    switch placement {
    case .beside(let listWidth):
      let list = render(state, width: listWidth, height: height, now: now, numbered: true)
      let map = mapLines(
        state, columns: width - listWidth - 1, rows: height, streets: streets, track: track,
        style: style)
      return (0..<height).map { row in
        let left = row < list.count ? list[row] : ""
        let padding = String(
          repeating: " ", count: max(0, listWidth - TerminalText.columns(of: left)))
        return left + padding + "│" + (row < map.count ? map[row] : "")
      }
    case .under(let listHeight):
      let list = render(state, width: width, height: listHeight, now: now, numbered: true)
      let map = mapLines(
        state, columns: width, rows: height - listHeight, streets: streets, track: track,
        style: style)
      return list + map
    }
  }

  /// The map's rows, or blank rows saying why there is no map yet.
  static func mapLines(
    _ state: CoffeeFinderApp.State, columns: Int, rows: Int, streets: [StreetLine],
    track: [Coordinate], style: MapFrame.Style
  ) -> [String] {
    guard let viewport = NearbyMap.viewport(state.nearby, columns: columns, rows: rows) else {
      return [TerminalText.truncate(" Map: waiting for a fix…", width: columns)]
    }
    let marks = NearbyMap.marks(
      state.nearby, places: state.visiblePlaces, favorites: state.favorites,
      selection: state.selection, track: track, route: state.route)
    return MapRenderer.render(
      viewport, streets: NearbyMap.streets(streets, in: viewport), marks: marks,
      imperial: state.units == .imperial
    ).lines(style: style)
  }
}
