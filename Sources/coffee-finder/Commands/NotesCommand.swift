import ArgumentParser
import Bearing
import BearingPersonalData
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// `coffee-finder notes add|list|remove`.
struct NotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes",
    abstract: "Write notes about places.",
    discussion: """
      Examples:
        coffee-finder notes add "Café Ekberg" "Great cardamom buns"
        coffee-finder notes list "Café Ekberg"
        coffee-finder notes remove 3F2504E0-4F89-11D3-9A0C-0305E82C3301
      """,
    subcommands: [Add.self, List.self, Remove.self]
  )

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a note about a place (by id or name).",
      discussion: "Example: coffee-finder notes add \"Café Ekberg\" \"Great cardamom buns\"")

    @Argument(help: "The place's id or exact name.") var place: String
    @Argument(help: "The note.") var text: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw ValidationError("the note is empty")
      }
    }

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = try await NotesCommand.store(for: place, data: data)
      await store.send(.addNoteSubmitted(text)).finish()
      if let failure = store.state.alert { throw CLIError(failure) }
      guard let note = store.state.notes.first else { throw CLIError(UserMessage.noteNotSaved) }
      Console.out("Added note \(note.id.uuidString).")
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the notes about a place, newest first.",
      discussion: "Example: coffee-finder notes list \"Café Ekberg\" --json")

    @Argument(help: "The place's id or exact name.") var place: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Print JSON lines instead of text.") var json = false

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      let store = try await NotesCommand.store(for: place, data: data)
      await store.send(.onAppear).finish()
      if let failure = store.state.alert { throw CLIError(failure) }
      let notes = store.state.notes
      if json {
        if !notes.isEmpty { Console.out(try JSONLines.lines(notes)) }
      } else if notes.isEmpty {
        Console.out("No notes about \(TerminalText.escape(place)) yet.")
      } else {
        for note in notes {
          let day = note.createdAt.formatted(.iso8601.year().month().day())
          Console.out("\(note.id.uuidString)  \(day)  \(TerminalText.escape(note.text))")
        }
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a note by its id.",
      discussion: "Example: coffee-finder notes remove 3F2504E0-4F89-11D3-9A0C-0305E82C3301")

    @Argument(help: "The note's id, as `notes list` prints it.") var id: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard UUID(uuidString: id) != nil else {
        throw ValidationError("\"\(id)\" is not a note id; `notes list PLACE` prints them")
      }
    }

    @MainActor
    func run() async throws {
      output.bootstrapLogging()
      guard let uuid = UUID(uuidString: id) else { return }
      let database = try data.openDatabase()
      let store = Store(initialState: NoteRemoval.State(id: uuid)) {
        NoteRemoval()
      } withDependencies: {
        $0.database = database
      }
      await store.send(.remove).finish()
      if let failure = store.state.failure { throw CLIError(failure) }
      guard store.state.removed == true else { throw CLIError(UserMessage.noNote(id)) }
      Console.out("Removed note \(uuid.uuidString).")
    }
  }

  /// A favourite's id or name, else a place in the offline data (``PlaceLookup``).
  @MainActor
  static func place(
    for text: String, data: DataOptions, database: DatabaseClient
  ) async throws -> Place {
    let lookup = Store(initialState: PlaceLookup.State(text: text, includesFavorites: true)) {
      PlaceLookup()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
      $0.database = database
    }
    await lookup.send(.lookUp).finish()
    guard let place = lookup.state.place else {
      throw CLIError(lookup.state.failure ?? UserMessage.noPlaceNamed(text))
    }
    return place
  }

  /// A store of the place's notes (the detail screen's feature) over the database in `data`.
  @MainActor
  static func store(for text: String, data: DataOptions) async throws -> StoreOf<PlaceDetail> {
    // One connection pool for the lookup and the notes.
    let database = try data.openDatabase()
    let place = try await place(for: text, data: data, database: database)
    return Store(initialState: PlaceDetail.State(place: place)) {
      PlaceDetail()
    } withDependencies: {
      $0.database = database
    }
  }
}
