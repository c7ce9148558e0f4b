import BearingLocation
import BearingStreets
import BearingText
import Foundation

/// Draws a map as an SVG picture to share: streets, regions, your track, the places with their
/// numbers and names, you, a scale bar, north and the data's credit.
///
/// It uses the projection of the terminal map; a braille dot is `pixelsPerDot` pixels. Place
/// names are untrusted: every one goes through ``XMLText``.
///
/// ```swift
/// let svg = MapSVG.render(viewport, streets: streets, marks: marks)
/// try svg.write(to: url, atomically: true, encoding: .utf8)
/// ```
public enum MapSVG {
  /// The SVG document for a map: `size` pixels (the viewport's dots at `pixelsPerDot` when
  /// `nil`; a viewport larger than `size` is cut at its right and bottom edges), its scale bar
  /// in feet and miles when `imperial`, and `caption` (a walk's length, say) bottom left.
  public static func render(
    _ viewport: MapViewport, streets: [StreetLine], marks: MapMarks = MapMarks(),
    pixelsPerDot: Double = 4, credit: String = "© OpenStreetMap contributors",
    imperial: Bool = false, size: (width: Double, height: Double)? = nil, caption: String? = nil
  ) -> String {
    let projection = MapProjection(viewport)
    let width = size?.width ?? Double(viewport.dotColumns) * pixelsPerDot
    let height = size?.height ?? Double(viewport.dotRows) * pixelsPerDot
    func pixel(_ coordinate: Coordinate) -> (Double, Double)? {
      projection.project(coordinate).map { ($0.x * pixelsPerDot, $0.y * pixelsPerDot) }
    }
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
      viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif">
      <rect width="100%" height="100%" fill="#f5f2ea"/>

      """
    let styles: [(StreetKind, String, Double)] = [
      (.water, "#6fa8dc", 3), (.rail, "#9a7fb0", 1.5), (.path, "#b5ab9a", 1),
      (.minor, "#8c8c8c", 2.5), (.major, "#505050", 4),
    ]
    for (kind, colour, stroke) in styles {
      var d = ""
      for street in streets where street.kind == kind {
        var pen = "M"
        for point in street.points {
          guard let (x, y) = pixel(point) else {
            pen = "M"
            continue
          }
          d += "\(pen)\(n(x)) \(n(y))"
          pen = "L"
        }
      }
      guard !d.isEmpty else { continue }
      svg += """
        <path fill="none" stroke="\(colour)" stroke-width="\(n(stroke))" \
        stroke-linecap="round" stroke-linejoin="round" d="\(d)"/>

        """
    }
    for region in marks.regions {
      guard let (x, y) = pixel(region.center) else { continue }
      let r = region.radius / viewport.metresPerDot * pixelsPerDot
      svg += """
        <circle cx="\(n(x))" cy="\(n(y))" r="\(n(r))" fill="#e8b400" fill-opacity="0.12" \
        stroke="#c89400" stroke-width="2" stroke-dasharray="6 4"/>

        """
    }
    let track = marks.track.compactMap(pixel).map { "\(n($0.0)),\(n($0.1))" }
    if track.count > 1 {
      svg += """
        <polyline fill="none" stroke="#1f9eb5" stroke-width="3" stroke-opacity="0.8" \
        points="\(track.joined(separator: " "))"/>

        """
    }
    let route = marks.route.compactMap(pixel).map { "\(n($0.0)),\(n($0.1))" }
    if route.count > 1 {
      svg += """
        <polyline class="route" fill="none" stroke="#c2188f" stroke-width="5" \
        stroke-linejoin="round" stroke-linecap="round" points="\(route.joined(separator: " "))"/>

        """
    }
    // Numbers first, then names where they do not cover another label or number.
    var labels = LabelBoxes()
    if !marks.places.isEmpty {
      labels.cover(x: 8, y: 8, width: 230, height: Double(10 + 16 * marks.places.count))
    }
    if let you = marks.you, let (x, y) = pixel(you.coordinate) {
      labels.cover(x: x - 12, y: y - 12, width: 24, height: 24)
    }
    var numbers = ""
    var names = ""
    for place in marks.places {
      guard let (x, y) = pixel(place.coordinate) else { continue }
      labels.cover(x: x - 10, y: y - 10, width: 20, height: 20)
      let fill = place.isSelected ? "#0b6b2f" : place.isFavorite ? "#c88a00" : "#2e9e4f"
      numbers += """
        <g><circle cx="\(n(x))" cy="\(n(y))" r="10" fill="\(fill)" stroke="white" \
        stroke-width="2"/><text x="\(n(x))" y="\(n(y + 4))" font-size="11" font-weight="bold" \
        fill="white" text-anchor="middle">\(place.number)</text></g>

        """
    }
    for place in marks.places {
      guard let (x, y) = pixel(place.coordinate) else { continue }
      let name = XMLText.escape(place.name, limit: 40)
      let width = Double(name.count) * 6.5 + 4
      let spots: [(Double, Double, String)] = [
        (x + 13, y + 4, "start"), (x - 13, y + 4, "end"), (x, y - 15, "middle"),
        (x, y + 24, "middle"),
      ]
      for (tx, ty, anchor) in spots {
        let left = anchor == "start" ? tx : anchor == "end" ? tx - width : tx - width / 2
        guard labels.claim(x: left, y: ty - 12, width: width, height: 15) else { continue }
        names += """
          <text x="\(n(tx))" y="\(n(ty))" font-size="12" fill="#1d3b26" stroke="#f5f2ea" \
          stroke-width="3" paint-order="stroke" text-anchor="\(anchor)">\(name)</text>

          """
        break
      }
    }
    svg += numbers + names
    if let you = marks.you, let (x, y) = pixel(you.coordinate) {
      if let heading = you.heading, heading.isFinite {
        svg += """
          <path d="M0 -14 L9 10 L0 5 L-9 10 Z" fill="#d0312d" stroke="white" stroke-width="2" \
          transform="translate(\(n(x)) \(n(y))) rotate(\(n(heading)))"/>

          """
      } else {
        svg += """
          <circle cx="\(n(x))" cy="\(n(y))" r="8" fill="#d0312d" stroke="white" \
          stroke-width="3"/>

          """
      }
    }
    svg += legend(marks.places)
    svg += furniture(
      viewport, pixelsPerDot: pixelsPerDot, width: width, height: height, imperial: imperial)
    if let caption {
      // Over the scale bar, bottom left, on a white band.
      svg += """
        <rect x="8" y="\(n(height - 58))" width="\(n(min(width - 16, 16 + 7.5 * Double(caption.count))))" \
        height="24" rx="4" fill="white" fill-opacity="0.85" stroke="#999"/>
        <text x="16" y="\(n(height - 41))" font-size="14" font-weight="bold" \
        fill="#1d3b26">\(XMLText.escape(caption, limit: 120))</text>

        """
    }
    svg += """
      <text x="\(n(width - 6))" y="\(n(height - 6))" font-size="11" fill="#555" \
      text-anchor="end">\(XMLText.escape(credit))</text>
      </svg>

      """
    return svg
  }

  /// Every place's number and name, top left: a name the map had no room for is here.
  private static func legend(_ places: [MapMarks.PlaceMark]) -> String {
    guard !places.isEmpty else { return "" }
    var svg = """
      <rect x="8" y="8" width="230" height="\(10 + 16 * places.count)" rx="4" fill="white" \
      fill-opacity="0.85" stroke="#999"/>

      """
    for (index, place) in places.enumerated() {
      svg += """
        <text x="16" y="\(24 + 16 * index)" font-size="12" fill="#1d3b26"><tspan \
        font-weight="bold">\(place.number)</tspan> \(XMLText.escape(place.name, limit: 30))</text>

        """
    }
    return svg
  }

  private static func furniture(
    _ viewport: MapViewport, pixelsPerDot: Double, width: Double, height: Double, imperial: Bool
  ) -> String {
    var svg = """
      <g transform="translate(\(n(width - 24)) 30)"><path d="M0 -18 L7 4 L0 0 L-7 4 Z" \
      fill="#333"/><text y="18" font-size="13" font-weight="bold" fill="#333" \
      text-anchor="middle">N</text></g>

      """
    if let bar = ScaleBar(
      metresPerDot: viewport.metresPerDot, maximumColumns: 30, imperial: imperial)
    {
      let length = bar.metres / viewport.metresPerDot * pixelsPerDot
      let y = height - 14
      svg += """
        <g stroke="#333" stroke-width="2"><line x1="12" y1="\(n(y))" x2="\(n(12 + length))" \
        y2="\(n(y))"/><line x1="12" y1="\(n(y - 5))" x2="12" y2="\(n(y + 5))"/><line \
        x1="\(n(12 + length))" y1="\(n(y - 5))" x2="\(n(12 + length))" y2="\(n(y + 5))"/></g>
        <text x="\(n(18 + length))" y="\(n(y + 4))" font-size="12" fill="#333">\(bar.label)</text>

        """
    }
    return svg
  }

  /// A number with at most one decimal, as SVG needs no more at this size.
  private static func n(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

/// Rectangles already covered by labels, so that names do not overlap.
private struct LabelBoxes {
  private var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []

  /// Takes the rectangle, whatever it meets.
  mutating func cover(x: Double, y: Double, width: Double, height: Double) {
    boxes.append((x, y, width, height))
  }

  /// Takes the rectangle when it meets none taken before; says whether it did.
  @discardableResult
  mutating func claim(x: Double, y: Double, width: Double, height: Double) -> Bool {
    for box in boxes
    where x < box.x + box.width && box.x < x + width && y < box.y + box.height
      && box.y < y + height
    {
      return false
    }
    boxes.append((x, y, width, height))
    return true
  }
}
