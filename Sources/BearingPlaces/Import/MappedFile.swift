#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file mapped read-only into memory, whose pages a reader hands back once it has passed
/// them, so that reading a file of any size keeps only a window of it resident.
///
/// A mapped page the process has read counts in its resident memory until it is unmapped or
/// released: reading a 238 MB GeoJSON file through one mapping used to add 238 MB to the
/// import's peak. ``release(below:)`` drops the pages before an offset with
/// `madvise(MADV_DONTNEED)`, which for a private read-only mapping of a file only forgets them
/// (the page cache keeps them; reading one again would fault it back in from the file).
final class MappedFile {
  /// The file's bytes; valid while the mapped file lives.
  let bytes: UnsafeRawBufferPointer
  /// How far the pages are released: bytes before it are no longer resident.
  private(set) var released = 0

  /// Maps the file at `path`.
  /// - throws: ``PlaceImportError/malformed(_:)`` naming the system's reason when the file
  ///   cannot be opened or mapped.
  init(path: String) throws(PlaceImportError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Self.failure("cannot open", path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.failure("cannot read", path) }
    let size = Int(status.st_size)
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      base != MAP_FAILED
    else { throw Self.failure("cannot map", path) }
    // Read front to back: the kernel may read ahead further and drop pages behind sooner.
    _ = madvise(base, size, MADV_SEQUENTIAL)
    bytes = UnsafeRawBufferPointer(start: base, count: size)
  }

  deinit {
    if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
  }

  /// Drops the whole pages before `offset` from memory; the reader must not read them again.
  func release(below offset: Int) {
    let page = Self.pageSize
    let end = min(offset, bytes.count) / page * page
    guard end > released else { return }
    release(released..<end)
    released = end
  }

  /// Drops the whole pages inside `range` from memory, for a reader that passes the file more
  /// than once (an `.osm.pbf` file's second pass): a page read again faults back in from the
  /// page cache.
  func release(_ range: Range<Int>) {
    guard let base = bytes.baseAddress else { return }
    let page = Self.pageSize
    let start = (max(0, range.lowerBound) + page - 1) / page * page
    let end = min(range.upperBound, bytes.count) / page * page
    guard end > start else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
  }

  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  private static func failure(_ what: String, _ path: String) -> PlaceImportError {
    .malformed("\(what) \(path): \(String(cString: strerror(errno)))")
  }
}
