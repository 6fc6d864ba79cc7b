import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A refusal under the JSON:API cursor pagination profile's rules, read from the error objects of a
/// `400 Bad Request` (``ClientError/cursorPaginationError``).
public enum CursorPaginationError: Hashable, Sendable {
    /// `page[size]` is over the server's maximum page size, which `maxSize` is when the server says
    /// (`meta.page.maxSize`): ask again with at most that many.
    case maxSizeExceeded(maxSize: Int?)
    /// The server does not serve range requests (`page[after]` and `page[before]` together).
    case rangePaginationNotSupported
    /// The server cannot page the collection in the requested `sort` order.
    case unsupportedSort
    /// The value of a paging parameter (`page[size]`, `page[after]` or `page[before]`, named here) is
    /// invalid: a size that is not a positive integer, or a cursor the server does not recognize.
    case invalidParameter(String)

    /// The profile's error type URIs (`links.type` of the error object) after their scheme.
    static let maxSizeExceededType = "//jsonapi.org/profiles/ethanresnick/cursor-pagination/max-size-exceeded"
    static let rangePaginationNotSupportedType = "//jsonapi.org/profiles/ethanresnick/cursor-pagination/range-pagination-not-supported"
    static let unsupportedSortType = "//jsonapi.org/profiles/ethanresnick/cursor-pagination/unsupported-sort"

    /// The profile's error an error object is: by its `links.type`, or, for the invalid-parameter
    /// error (which has no type), a `400` whose `source.parameter` is one of the paging parameters.
    init?(_ object: JSONAPIErrorObject) {
        if let type = object.typeLink?.href, let scheme = type.firstIndex(of: ":") {
            switch type[type.index(after: scheme)...] {
            case Self.maxSizeExceededType:
                self = .maxSizeExceeded(maxSize: CursorPagination.integer(object.meta?["page"]?["maxSize"]))
                return
            case Self.rangePaginationNotSupportedType:
                self = .rangePaginationNotSupported
                return
            case Self.unsupportedSortType:
                self = .unsupportedSort
                return
            default: break
            }
        }
        guard let parameter = object.source?.parameter, ["page[size]", "page[after]", "page[before]"].contains(parameter), object.status == nil || object.status == "400" else {
            return nil
        }
        self = .invalidParameter(parameter)
    }
}

extension ClientError {
    /// The cursor pagination profile's error this is: the first error object of the server's JSON:API
    /// error document that is one (``CursorPaginationError``); nil for any other error.
    public var cursorPaginationError: CursorPaginationError? {
        guard case .jsonAPI(let objects)? = serverError else { return nil }
        return objects.lazy.compactMap(CursorPaginationError.init).first
    }
}
