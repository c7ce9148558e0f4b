import BearingLocation
import BearingMap
import BearingText
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Maps as SVG")
struct MapSVGTests {
  @Test func namesAreEscaped() {
    let center = MapFixtures.helsinki
    let svg = MapSVG.render(
      MapViewport(center: center, radius: 200, columns: 40, rows: 12), streets: [],
      marks: MapMarks(places: [
        .init(number: 1, coordinate: center, name: "<script>alert('&')</script>\u{1B}[2J")
      ]))
    #expect(svg.contains("&lt;script&gt;alert(&apos;&amp;&apos;)&lt;/script&gt;\\u{1B}[2J"))
    #expect(!svg.contains("<script"))
    #expect(!svg.contains("\u{1B}"))
  }

  @Test func isWellFormedXMLWithEveryLayer() throws {
    let center = MapFixtures.helsinki
    let svg = MapSVG.render(
      MapViewport(center: center, radius: 300, columns: 60, rows: 20),
      streets: MapFixtures.grid(around: center), marks: MapFixtures.marks(around: center))
    let document = try XMLDocument(data: Data(svg.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "svg")
    let paths = try root.nodes(forXPath: "./*[local-name()='path']")
    // The grid's four street kinds (no railway) and your arrow.
    #expect(paths.count == 5)
    #expect(svg.contains(">Kolmas</text>"))
    #expect(svg.contains("© OpenStreetMap contributors"))
    #expect(svg.contains(">200 m</text>"))
  }

  @Test func xmlTextEscapesMarkupAndControls() {
    #expect(XMLText.escape("a&b<c>\"d'") == "a&amp;b&lt;c&gt;&quot;d&apos;")
    #expect(XMLText.escape("x\u{0}y\u{202E}") == "x\\u{0}y\\u{202E}")
  }
}
