// The HTTP vocabulary of the module's API (methods, header fields, statuses) is swift-http-types';
// it comes with `import BearingHTTP`. A client that imports only BearingHTTP sees this module's
// `HTTPRequest` and `HTTPResponse` (they shadow swift-http-types' types of the same names, which
// are reachable only through this module); swift-http-types' own are `HTTPTypes.HTTPRequest` and
// `HTTPTypes.HTTPResponse`.
@_exported import HTTPTypes
