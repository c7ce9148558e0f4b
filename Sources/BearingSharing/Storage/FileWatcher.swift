import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tells of changes to one file made by anyone, through inotify on its directory.
///
/// The directory is watched rather than the file, so that a file replaced by a rename (as every
/// careful writer, this module included, replaces files) is seen, as are its creation and its
/// deletion. A thread per watch waits in `poll` on the inotify descriptor and on a pipe that the
/// subscription's cancellation writes to.
enum FileWatcher {
  // inotify's event bits (linux/inotify.h), spelled here because Glibc imports them untyped.
  private static let closeWrite: UInt32 = 0x0000_0008
  private static let movedFrom: UInt32 = 0x0000_0040
  private static let movedTo: UInt32 = 0x0000_0080
  private static let delete: UInt32 = 0x0000_0200

  /// Calls `onChange` (on the watch's own thread) after each event that concerns `url`: a write
  /// closed, a rename onto or away from it, a deletion. Without inotify (or a directory that
  /// cannot be created) nothing is watched.
  static func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    #if os(Linux)
      let directory = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let fd = inotify_init1(Int32(O_CLOEXEC))
      guard fd >= 0 else { return SharedSubscription {} }
      guard inotify_add_watch(fd, directory, closeWrite | movedFrom | movedTo | delete) >= 0 else {
        close(fd)
        return SharedSubscription {}
      }
      var pipeEnds: [Int32] = [0, 0]
      guard pipe(&pipeEnds) == 0 else {
        close(fd)
        return SharedSubscription {}
      }
      let (stopRead, stopWrite) = (pipeEnds[0], pipeEnds[1])
      let thread = Thread {
        run(fd: fd, stop: stopRead, name: name, onChange: onChange)
        close(fd)
        close(stopRead)
      }
      thread.name = "BearingSharing.FileWatcher"
      thread.start()
      return SharedSubscription {
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        close(stopWrite)
      }
    #else
      return SharedSubscription {}
    #endif
  }

  #if os(Linux)
    private static func run(
      fd: Int32, stop: Int32, name: String, onChange: @Sendable () -> Void
    ) {
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        var descriptors = [
          pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if descriptors[1].revents != 0 { return }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 {
          if count < 0 && errno == EINTR { continue }
          return
        }
        if events(in: buffer[0..<count]).contains(name) { onChange() }
      }
    }

    /// The names in a buffer of `struct inotify_event`s: a 16-byte header (wd, mask, cookie,
    /// len) and `len` bytes of NUL-padded name.
    private static func events(in bytes: ArraySlice<UInt8>) -> [String] {
      var names: [String] = []
      var offset = bytes.startIndex
      while offset + 16 <= bytes.endIndex {
        let length = bytes[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let start = offset + 16
        let end = min(start + length, bytes.endIndex)
        let nameBytes = bytes[start..<end].prefix { $0 != 0 }
        names.append(String(decoding: nameBytes, as: UTF8.self))
        offset = start + length
      }
      return names
    }
  #endif
}
