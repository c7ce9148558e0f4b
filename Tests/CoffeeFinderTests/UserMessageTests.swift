import BearingPlaces
import CoffeeFinder
import Testing

@Suite struct UserMessageTests {
  @Test("a refused key: the library says so, the app says where the key comes from")
  func keyRefused() {
    #expect(PlacesError.keyRefused.description == "The API key was refused.")
    #expect(
      UserMessage.line(for: PlacesError.keyRefused)
        == "The API key was refused; check FOURSQUARE_API_KEY or the config file.")
  }
}

/// The lines moved into `UserMessage` from the commands and features that once worded them
/// (issue 25), as they were there: the wording is the user's, and did not change.
@Suite struct MovedUserMessageTests {
  @Test func commandLines() {
    #expect(UserMessage.warning("a\u{1B}b") == "warning: a\\u{1B}b")
    #expect(
      UserMessage.noFix(within: 2.5, from: .gpsd(endpoint: "127.0.0.1:2947"))
        == "no location fix within 2.5 s from gpsd 127.0.0.1:2947; check the source or pass --at")
    #expect(
      UserMessage.notAnHTTPURL("COFFEE_FINDER_NOMINATIM_URL", "ftp://x")
        == "COFFEE_FINDER_NOMINATIM_URL is not an http(s) URL: ftp://x")
    #expect(
      UserMessage.notAFavorite("Ekberg")
        == "Ekberg is not a favourite; see `coffee-finder favorites list`")
    #expect(UserMessage.noNote("1") == "there is no note 1")
    #expect(UserMessage.cannotOpenOfflinePlaces("/p") == "cannot open the offline places /p")
    #expect(
      UserMessage.malformedFoursquareKey
        == "the Foursquare API key is empty or malformed; check FOURSQUARE_API_KEY or the config file"
    )
  }

  @Test func featureLines() {
    struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
    #expect(UserMessage.cannotSaveFavorite(Failure()) == "Could not save the favourite: disk full")
    #expect(
      UserMessage.cannotRemoveFavorite(Failure()) == "Could not remove the favourite: disk full")
    #expect(
      UserMessage.regionStateNotSaved(Failure()) == "The region state was not saved: disk full")
    #expect(UserMessage.cannotLoadNotes(Failure()) == "Could not load notes: disk full")
    #expect(UserMessage.cannotSaveNote(Failure()) == "Could not save the note: disk full")
    #expect(UserMessage.cannotDeleteNote(Failure()) == "Could not delete the note: disk full")
    #expect(UserMessage.emptyNote == "A note needs some text.")
    #expect(
      UserMessage.locationAccessOff(because: .trackEnded(name: "t", fixes: 1))
        == UserMessage.locationAccessOff)
  }
}
