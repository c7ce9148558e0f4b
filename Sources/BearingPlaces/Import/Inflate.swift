import CZlib

/// zlib decompression of OpenStreetMap PBF blobs, through the system zlib.
enum Inflate {
  /// Why a blob did not decompress.
  enum Failure: Error {
    case corrupt(String)
    case sizeMismatch(expected: Int, actual: Int)
  }

  /// Decompresses a zlib stream whose decompressed size is known in advance, reading it where
  /// it lies (in a mapped file).
  static func zlib(_ input: UnsafeRawBufferPointer, expectedSize: Int) throws(Failure) -> [UInt8] {
    guard expectedSize > 0 else {
      throw .corrupt("the declared decompressed size is \(expectedSize) bytes")
    }
    // One spare byte lets an overlong stream show up as a size mismatch, not a silent cut.
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    var outputLength = uLongf(output.count)
    let source = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
    let status = output.withUnsafeMutableBufferPointer { destination in
      uncompress(destination.baseAddress, &outputLength, source, uLong(input.count))
    }
    switch status {
    case Z_OK:
      guard Int(outputLength) == expectedSize else {
        throw .sizeMismatch(expected: expectedSize, actual: Int(outputLength))
      }
      output.removeLast()
      return output
    case Z_BUF_ERROR:
      throw .corrupt("the data is cut short or inflates beyond its declared \(expectedSize) bytes")
    case Z_MEM_ERROR:
      throw .corrupt("out of memory inflating \(expectedSize) bytes")
    default:
      throw .corrupt("the zlib stream is corrupt")
    }
  }
}
