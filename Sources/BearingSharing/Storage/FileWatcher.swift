import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells of changes to files made by anyone: one per process (``shared``), with one thread and
/// one inotify instance for every file watched.
///
/// The directory is watched rather than the file, so that a file replaced by a rename (as every
/// careful writer, this module included, replaces files) is seen, as are its creation and its
/// deletion. The thread waits in `poll` on the inotify descriptor and on a pipe that wakes it
/// when the files watched change. It never runs a watch's callback itself: each watch's runs
/// on a dispatch queue, one call at a time, so a callback that waits (for a lock a writer holds,
/// say) delays no other watch; events that come while a call runs make one more call after it.
///
/// - A full event queue (`IN_Q_OVERFLOW`) tells every watcher: each reads its file again; and
///   every watched path is watched again, so that a directory whose deletion or replacement was
///   among the events lost is not listened to through a dead watch.
/// - A wait that fails (`poll` refusing) writes one warning line, tells every watch once (events
///   may have been lost with it), and the watcher polls files from then on, as without inotify:
///   it never stops silently.
/// - A directory deleted or moved away tells its watchers (their files are gone), and is looked
///   for again every ``pollingInterval`` until one is back at its path, which tells them again.
/// - Without inotify (`inotify_init1` or `inotify_add_watch` failing, for example past the user's
///   limit of instances or watches) the watcher writes one warning line on standard error and
///   polls: every ``pollingInterval`` it compares each file's status (inode, size, times), and
///   its generation file's, with the last one seen. The environment variable `BEARING_SHARING_WATCHER=poll` asks for
///   polling from the start (how the tests check it).
final class FileWatcher: Sendable {
  /// The process's watcher.
  static let shared = FileWatcher(
    polling: ProcessInfo.processInfo.environment["BEARING_SHARING_WATCHER"] == "poll")

  /// How often files are polled without inotify, and missing directories looked for.
  static let pollingInterval: Duration = .milliseconds(250)

  // inotify's event bits (linux/inotify.h), spelled here because Glibc imports them untyped.
  private static let closeWrite: UInt32 = 0x0000_0008
  private static let movedFrom: UInt32 = 0x0000_0040
  private static let movedTo: UInt32 = 0x0000_0080
  private static let delete: UInt32 = 0x0000_0200
  private static let deleteSelf: UInt32 = 0x0000_0400
  private static let moveSelf: UInt32 = 0x0000_0800
  private static let overflow: UInt32 = 0x0000_4000
  private static let ignored: UInt32 = 0x0000_8000
  private static let onlyDirectory: UInt32 = 0x0100_0000

  private struct Watch {
    let directory: String
    let name: String
    let delivery: Delivery
  }

  /// Runs a watch's callback off the watcher's thread, one call at a time: a call asked for
  /// while one runs is made after it, and several asked for meanwhile are one (the callback
  /// reads the file as it is then). None is made once the watch is cancelled.
  private final class Delivery: Sendable {
    private let onChange: @Sendable () -> Void
    private let state = Mutex((running: false, again: false, cancelled: false))

    init(_ onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }

    func request() {
      let start = state.withLock { state -> Bool in
        if state.cancelled { return false }
        if state.running {
          state.again = true
          return false
        }
        state.running = true
        return true
      }
      if start { DispatchQueue.global().async { self.run() } }
    }

    func cancel() { state.withLock { $0.cancelled = true } }

    private func run() {
      while true {
        onChange()
        let again = state.withLock { state -> Bool in
          if state.again && !state.cancelled {
            state.again = false
            return true
          }
          state.running = false
          return false
        }
        if !again { return }
      }
    }
  }

  private struct State {
    var watches: [UUID: Watch] = [:]
    /// inotify's watch descriptors and the paths watched through each. inotify keys a watch by
    /// the directory itself (its device and inode), not by the path: two paths to one directory
    /// (a symlink, `..`) get the same descriptor, whose events concern the watches of both, and
    /// which is given up only when no path uses it.
    var directories: [Int32: Set<String>] = [:]
    var descriptors: [String: Int32] = [:]
    /// Directories watched by polling: missing ones (looked for again), or all without inotify.
    var polled: Set<String> = []
    /// The last status seen of each polled file and of its generation file.
    var versions: [String: Polled] = [:]
    var started = false
    var warned = false
    /// inotify given up (its wait failed): every file polled.
    var fallenBack = false
  }

  /// A polled file's status and its generation file's (`nil`: no file). A `.fileStorage` write
  /// replaces both, so a change shows even where modification times are coarse.
  private struct Polled: Equatable {
    var file: FileStatus?
    var generation: FileStatus?

    init(_ path: String) {
      file = AtomicFile.status(at: path)
      generation = AtomicFile.status(
        at: AtomicFile.generationPath(of: URL(fileURLWithPath: path)))
    }
  }

  private let state = Mutex(State())
  /// The inotify descriptor, `-1` when inotify is not used.
  private let inotify: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  /// Waits for the descriptors (`poll`, or a test's failing one).
  private let waitForEvents: @Sendable (UnsafeMutablePointer<pollfd>, nfds_t, Int32) -> Int32

  /// A watcher of its own: `polling` does without inotify; `wait` is `poll` but in tests. Tests
  /// make their own; the process uses ``shared``.
  init(
    polling: Bool,
    wait: @escaping @Sendable (UnsafeMutablePointer<pollfd>, nfds_t, Int32) -> Int32 = {
      poll($0, $1, $2)
    }
  ) {
    waitForEvents = wait
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
    }
    (wakeRead, wakeWrite) = (ends[0], ends[1])
    #if os(Linux)
      let fd = polling ? -1 : inotify_init1(Int32(O_CLOEXEC | O_NONBLOCK))
    #else
      let fd: Int32 = -1
    #endif
    inotify = fd
    if fd < 0 {
      let reason = polling ? "BEARING_SHARING_WATCHER=poll" : String(cString: strerror(errno))
      warn("inotify is not available (\(reason))")
    }
  }

  /// Calls `onChange` (on a dispatch queue, one call at a time) after each event that may
  /// concern `url`: a write closed, a rename onto or away from it, a deletion, its directory's
  /// deletion or return, a lost event, a failed wait.
  func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let id = UUID()
    let start = state.withLock { state in
      state.watches[id] = Watch(directory: directory, name: name, delivery: Delivery(onChange))
      if inotify < 0 || state.fallenBack {
        state.polled.insert(directory)
        state.versions[url.path] = Polled(url.path)
      } else if state.descriptors[directory] == nil {
        addWatch(directory, &state)
      }
      defer { state.started = true }
      return !state.started
    }
    if start {
      let thread = Thread { self.run() }
      thread.name = "BearingSharing.FileWatcher"
      thread.start()
    } else {
      wake()
    }
    return SharedSubscription { [weak self] in self?.remove(id) }
  }

  private func remove(_ id: UUID) {
    state.withLock { state in
      guard let watch = state.watches.removeValue(forKey: id) else { return }
      watch.delivery.cancel()
      guard !state.watches.values.contains(where: { $0.directory == watch.directory }) else {
        return
      }
      if let descriptor = state.descriptors.removeValue(forKey: watch.directory) {
        state.directories[descriptor]?.remove(watch.directory)
        // Another path to the same directory still listens through the descriptor.
        if state.directories[descriptor]?.isEmpty ?? true {
          state.directories[descriptor] = nil
          #if os(Linux)
            _ = inotify_rm_watch(inotify, descriptor)
          #endif
        }
      }
      state.polled.remove(watch.directory)
    }
  }

  /// Watches `directory` through inotify, or polls it: when it is missing, or when inotify
  /// refuses (past the limit of watches: with a warning).
  private func addWatch(_ directory: String, _ state: inout State) {
    #if os(Linux)
      let mask =
        Self.closeWrite | Self.movedFrom | Self.movedTo | Self.delete | Self.deleteSelf
        | Self.moveSelf | Self.onlyDirectory
      let descriptor = inotify_add_watch(inotify, directory, mask)
      if descriptor >= 0 {
        // A directory already watched through another path gives that watch's descriptor.
        state.directories[descriptor, default: []].insert(directory)
        state.descriptors[directory] = descriptor
        state.polled.remove(directory)
        return
      }
      if errno != ENOENT && errno != ENOTDIR {
        let reason = String(cString: strerror(errno))
        if !state.warned {
          state.warned = true
          warnLine("cannot watch \(directory) through inotify (\(reason))")
        }
        // Polled for good: its files' versions are compared, from the version seen when the
        // polling began (a retry that fails again must not move that mark, or no change is ever
        // seen).
        for watch in state.watches.values where watch.directory == directory {
          let path = directory + "/" + watch.name
          if state.versions[path] == nil { state.versions[path] = Polled(path) }
        }
      }
    #endif
    state.polled.insert(directory)
  }

  private func warn(_ what: String) {
    state.withLock { $0.warned = true }
    warnLine(what)
  }

  private func warnLine(_ what: String) {
    let interval = Self.pollingInterval.components
    let milliseconds = interval.seconds * 1000 + interval.attoseconds / 1_000_000_000_000_000
    FileHandle.standardError.write(
      Data(
        "warning: BearingSharing: \(what); files are polled every \(milliseconds) ms\n".utf8))
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func run() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let interval = Self.pollingInterval.components
    let timeout = Int32(interval.seconds * 1000 + interval.attoseconds / 1_000_000_000_000_000)
    while true {
      let (polling, fallenBack) = state.withLock { (!$0.polled.isEmpty, $0.fallenBack) }
      let useInotify = inotify >= 0 && !fallenBack
      var descriptors = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      ]
      let ready = waitForEvents(&descriptors, useInotify ? 2 : 1, polling ? timeout : -1)
      if ready < 0 && errno != EINTR {
        // Never a silent end: inotify is given up, and every file polled from now on (with
        // the interval slept where even the wait for the pipe fails).
        let reason = String(cString: strerror(errno))
        if let told = fallBack(reason) {
          for delivery in told { delivery.request() }
        } else {
          usleep(UInt32(timeout) * 1000)
        }
        pollFiles()
        continue
      }
      if descriptors[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &drain, drain.count) > 0 {}
      }
      if useInotify && descriptors[1].revents != 0 {
        while true {
          let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
          if count <= 0 { break }
          handle(Self.events(in: buffer[0..<count]))
        }
      }
      if polling { pollFiles() }
    }
  }

  /// Gives inotify up after its wait failed: one warning line, and every watched file polled
  /// from the version it has now. The watches to tell once (events may have been lost with the
  /// wait: each reads its file again), `nil` when an earlier call gave inotify up.
  private func fallBack(_ reason: String) -> [Delivery]? {
    state.withLock { state in
      guard !state.fallenBack else { return nil }
      state.fallenBack = true
      #if os(Linux)
        for descriptor in state.directories.keys { _ = inotify_rm_watch(inotify, descriptor) }
      #endif
      state.directories = [:]
      state.descriptors = [:]
      for watch in state.watches.values {
        state.polled.insert(watch.directory)
        let path = watch.directory + "/" + watch.name
        if state.versions[path] == nil { state.versions[path] = Polled(path) }
      }
      warnLine("the file watcher's wait failed (\(reason))")
      return state.watches.values.map(\.delivery)
    }
  }

  /// Every watched path watched again after lost events: a path whose directory changed (its
  /// deletion or replacement lost) moves to the new directory's watch, or is polled for.
  private func recheck(_ state: inout State) {
    #if os(Linux)
      let mask =
        Self.closeWrite | Self.movedFrom | Self.movedTo | Self.delete | Self.deleteSelf
        | Self.moveSelf | Self.onlyDirectory
      for (directory, old) in state.descriptors {
        let descriptor = inotify_add_watch(inotify, directory, mask)
        if descriptor == old { continue }
        state.descriptors[directory] = nil
        state.directories[old]?.remove(directory)
        if state.directories[old]?.isEmpty ?? false {
          state.directories[old] = nil
          _ = inotify_rm_watch(inotify, old)
        }
        if descriptor >= 0 {
          state.directories[descriptor, default: []].insert(directory)
          state.descriptors[directory] = descriptor
        } else {
          state.polled.insert(directory)
        }
      }
    #endif
  }

  /// The watchers told of a batch of inotify events, then called once each.
  private func handle(_ events: [(descriptor: Int32, mask: UInt32, name: String)]) {
    var calls: [UUID: Delivery] = [:]
    state.withLock { state in
      for event in events {
        if event.mask & Self.overflow != 0 {
          recheck(&state)
          for (id, watch) in state.watches { calls[id] = watch.delivery }
          continue
        }
        guard let paths = state.directories[event.descriptor] else { continue }
        if event.mask & (Self.deleteSelf | Self.moveSelf | Self.ignored) != 0 {
          // The directory is gone from its paths: its files with it. Looked for again.
          state.directories[event.descriptor] = nil
          #if os(Linux)
            if event.mask & Self.ignored == 0 { _ = inotify_rm_watch(inotify, event.descriptor) }
          #endif
          for directory in paths {
            state.descriptors[directory] = nil
            state.polled.insert(directory)
          }
          for (id, watch) in state.watches where paths.contains(watch.directory) {
            calls[id] = watch.delivery
          }
          continue
        }
        // The file's generation file too: its deletion or replacement alone can change which
        // change the file is.
        for (id, watch) in state.watches
        where paths.contains(watch.directory)
          && (watch.name == event.name || ".\(watch.name).generation" == event.name)
        {
          calls[id] = watch.delivery
        }
      }
    }
    for delivery in calls.values { delivery.request() }
  }

  /// One round of polling: missing directories looked for, and without inotify, files compared.
  private func pollFiles() {
    var calls: [UUID: Delivery] = [:]
    state.withLock { state in
      for directory in state.polled {
        if inotify >= 0 && !state.fallenBack {
          var info = stat()
          guard stat(directory, &info) == 0 else { continue }
          addWatch(directory, &state)
          if state.descriptors[directory] != nil {
            // Back: its files may be too.
            for (id, watch) in state.watches where watch.directory == directory {
              calls[id] = watch.delivery
            }
            continue
          }
        }
        for (id, watch) in state.watches where watch.directory == directory {
          let path = directory + "/" + watch.name
          let version = Polled(path)
          if state.versions[path] == version { continue }
          state.versions[path] = version
          calls[id] = watch.delivery
          // Every watcher of the path is told, not only the first to see the change.
          for (other, same) in state.watches
          where same.directory == directory && same.name == watch.name {
            calls[other] = same.delivery
          }
        }
      }
    }
    for delivery in calls.values { delivery.request() }
  }

  /// The events in a buffer of `struct inotify_event`s: a 16-byte header (wd, mask, cookie,
  /// len, in the machine's order) and `len` bytes of NUL-padded name.
  private static func events(
    in bytes: ArraySlice<UInt8>
  ) -> [(descriptor: Int32, mask: UInt32, name: String)] {
    func word(_ offset: Int) -> UInt32 {
      bytes[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    var events: [(descriptor: Int32, mask: UInt32, name: String)] = []
    var offset = bytes.startIndex
    while offset + 16 <= bytes.endIndex {
      let length = Int(word(offset + 12))
      let start = offset + 16
      let end = min(start + length, bytes.endIndex)
      let nameBytes = bytes[start..<end].prefix { $0 != 0 }
      events.append(
        (
          Int32(bitPattern: word(offset)), word(offset + 4),
          String(decoding: nameBytes, as: UTF8.self)
        ))
      offset = start + length
    }
    return events
  }
}
