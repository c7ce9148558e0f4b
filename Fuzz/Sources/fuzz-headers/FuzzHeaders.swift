import BearingHTTP
import Foundation
import LibFuzzerDriver

// Header values are the server's: the first line of the input is a `Retry-After` value, every
// further line a `Link` field, read as the retrying client and the pager read them.
private let now = Date(timeIntervalSince1970: 1_700_000_000)
private let link = HTTPField.Name("Link")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  var fields = HTTPFields()
  if let first = lines.first {
    fields.append(HTTPField(name: .retryAfter, value: String(first)))
  }
  for line in lines.dropFirst() {
    fields.append(HTTPField(name: link, value: String(line)))
  }
  let response = HTTPResponse(status: .tooManyRequests, headerFields: fields)
  _ = response.retryAfter(now: now)
  _ = response.links(relation: "next")
  _ = response.links(relation: "prev")
  return 0
}

@_cdecl("fuzz_headers_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
