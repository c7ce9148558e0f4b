import Bearing
import CoffeeFinderSettings

// The choices the app remembers between runs, in its app storage
// (`$XDG_CONFIG_HOME/coffee-finder/app-storage.json`; a fresh in-memory store in tests). Only a
// choice the user made (an option, a key in the terminal UI) is remembered; the config file and
// the environment are read every run and outrank it (see `RememberedSettings`). Each is stored
// under its setting's config file key.

extension SharedKey where Self == AppStorageKey<Double?> {
  /// The last search radius the user chose, in metres.
  package static var lastSearchRadius: Self { .appStorage(SettingKey.searchRadius.rawValue) }
}

extension SharedKey where Self == AppStorageKey<MeasurementSystem?> {
  /// The units the user last chose.
  package static var chosenUnits: Self { .appStorage(SettingKey.units.rawValue) }
}

extension SharedKey where Self == AppStorageKey<PlaceProvider?> {
  /// The place provider the user last chose.
  package static var chosenProvider: Self { .appStorage(SettingKey.provider.rawValue) }
}
