import BearingLocation
import BearingPlaces
import BearingProcessTesting
import BearingStreets
import Foundation
import Testing

@testable import BearingPlaceStore

/// Street geometry in the place store: stored in pieces under grid cells, found around a point,
/// removed with its area.
@Suite(.offPool) struct StreetStoreTests {
  static let railwaySquare = Coordinate(latitude: 60.1699, longitude: 24.9384)

  func area(_ name: String) -> PlaceStore.NewArea {
    PlaceStore.NewArea(
      name: name, source: "test", origin: .file("/tmp/\(name)"),
      boundary: .box(south: -90, west: -180, north: 90, east: 180))
  }

  /// A point's stored form: microdegrees.
  func key(_ point: Coordinate) -> [Int] {
    [Int((point.latitude * 1e6).rounded()), Int((point.longitude * 1e6).rounded())]
  }

  @Test func findsEveryStreetPointNearAndNothingFar() async throws {
    let store = try PlaceStore.inMemory()
    let helsinki = try StreetDataset.helsinki.get().lines
    try await store.add(area("Helsinki"), places: [], streets: helsinki)
    let found = try await store.streets(around: Self.railwaySquare, reach: 1_000)
    let stored = Set(found.flatMap(\.points).map(key))
    let near = helsinki.flatMap(\.points).filter { $0.distance(to: Self.railwaySquare) <= 1_000 }
    #expect(near.count > 1_000)
    #expect(near.allSatisfy { stored.contains(key($0)) })
    // Not the whole data: pieces start within a cell of the box.
    #expect(found.flatMap(\.points).allSatisfy { $0.distance(to: Self.railwaySquare) < 2_500 })
    let tampere = try await store.streets(
      around: Coordinate(latitude: 61.4978, longitude: 23.7610), reach: 5_000)
    #expect(tampere.isEmpty)
  }

  @Test func streetsGoWithTheirArea() async throws {
    let store = try PlaceStore.inMemory()
    let line = StreetLine(
      kind: .minor,
      points: [Self.railwaySquare, Self.railwaySquare.destination(bearing: 90, distance: 100)])
    try await store.add(area("A"), places: [], streets: [line])
    try await store.add(area("B"), places: [], streets: [line, line])
    #expect(try await store.streets(around: Self.railwaySquare, reach: 50).count == 3)
    try await store.removeArea(named: "B")
    #expect(try await store.streets(around: Self.railwaySquare, reach: 50).count == 1)
    // Importing an area again replaces its streets.
    try await store.add(area("A"), places: [], streets: [line])
    #expect(try await store.streets(around: Self.railwaySquare, reach: 50).count == 1)
  }

  /// A straight 10 km road of two points is found from its middle; so is a street across the
  /// antimeridian from either side, drawn either way, and one beside the pole.
  @Test(arguments: [
    (
      [
        Coordinate(latitude: 60.10, longitude: 24.80),
        Coordinate(latitude: 60.19, longitude: 24.80),
      ],
      Coordinate(latitude: 60.145, longitude: 24.801)
    ),
    (
      [
        Coordinate(latitude: -16.8, longitude: 179.998),
        Coordinate(latitude: -16.8, longitude: -179.998),
      ],
      Coordinate(latitude: -16.8, longitude: 179.9999)
    ),
    (
      [
        Coordinate(latitude: -16.8, longitude: 179.998),
        Coordinate(latitude: -16.8, longitude: -179.998),
      ],
      Coordinate(latitude: -16.8, longitude: -179.9995)
    ),
    // The same street drawn from the east, so that its pieces start across the antimeridian.
    (
      [
        Coordinate(latitude: -16.8, longitude: -179.998),
        Coordinate(latitude: -16.8, longitude: 179.998),
      ],
      Coordinate(latitude: -16.8, longitude: 179.9995)
    ),
    (
      [
        Coordinate(latitude: 89.9995, longitude: 120),
        Coordinate(latitude: 89.9995, longitude: 130),
      ],
      Coordinate(latitude: 89.999, longitude: -60)
    ),
  ])
  func findsLinesThatCrossTheView(points: [Coordinate], center: Coordinate) async throws {
    let store = try PlaceStore.inMemory()
    try await store.add(area("A"), places: [], streets: [StreetLine(kind: .major, points: points)])
    let found = try await store.streets(around: center, reach: 100)
    #expect(!found.isEmpty)
  }

  @Test func piecesStayWithinACellOfTheirStartAndJoin() {
    let line = StreetLine(
      kind: .minor,
      points: (0...200).map {
        Self.railwaySquare.destination(bearing: 30, distance: Double($0 * $0) / 10)
      })
    let pieces = PlaceStore.pieces(of: line)
    #expect(pieces.count > 1)
    for (index, piece) in pieces.enumerated() {
      let row = piece.cell / CellGrid.streets.rowStride
      let column = piece.cell % CellGrid.streets.rowStride
      for point in piece.points {
        #expect(abs(CellGrid.streets.row(point.latitude) - row) <= 1)
        #expect(abs(CellGrid.streets.column(point.longitude) - column) <= 1)
      }
      if index > 0 { #expect(pieces[index - 1].points.last == piece.points.first) }
    }
    #expect(pieces.first?.points.first == line.points.first)
    #expect(pieces.last?.points.last == line.points.last)
  }
}
