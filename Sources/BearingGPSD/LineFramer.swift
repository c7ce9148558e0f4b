/// Splits a byte stream into newline-terminated lines, refusing lines longer than a limit.
///
/// An overlong line is dropped whole, up to its newline, and reported once, so that one bad
/// line costs only itself.
struct LineFramer {
  /// What the framer found in the bytes it was given.
  enum Frame: Equatable {
    case line([UInt8])
    case overlong(byteCount: Int)
  }

  let limit: Int
  private var pending: [UInt8] = []
  private var discarding = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Appends `bytes`; returns the complete frames they finish. A trailing `\r` is removed.
  mutating func append(_ bytes: some Sequence<UInt8>) -> [Frame] {
    var frames: [Frame] = []
    for byte in bytes {
      if byte == 0x0A {
        if discarding > 0 {
          frames.append(.overlong(byteCount: discarding))
          discarding = 0
        } else {
          if pending.last == 0x0D { pending.removeLast() }
          if !pending.isEmpty { frames.append(.line(pending)) }
        }
        pending.removeAll(keepingCapacity: true)
        continue
      }
      if discarding > 0 {
        discarding += 1
      } else if pending.count >= limit {
        discarding = pending.count + 1
        pending.removeAll(keepingCapacity: true)
      } else {
        pending.append(byte)
      }
    }
    return frames
  }
}
