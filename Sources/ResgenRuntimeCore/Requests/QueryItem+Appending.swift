import Foundation

extension QueryItem {
    /// `items` written as query text: each name and value percent-encoded except RFC 3986's unreserved
    /// characters, so `+`, `&`, `=`, `#`, `%`, spaces and non-ASCII text arrive as written and can never
    /// change the query's structure (`a+b` is sent as `a%2Bb`, never read as `a b`).
    static func queryText(_ items: [QueryItem]) -> String {
        items.map { item in
            let name = PathComponent.percentEncodingAllButUnreserved(item.name)
            return item.value.map { "\(name)=\(PathComponent.percentEncodingAllButUnreserved($0))" } ?? name
        }.joined(separator: "&")
    }

    /// `url` with `items` appended to its query, the text already there kept byte for byte.
    ///
    /// A server's URL is opaque to its client: a signed URL (`?sig=a%2Bb&exp=…`) breaks when its query is
    /// decoded and encoded again, as `URLComponents.queryItems` does (`%2B` comes back as `+`, which the
    /// server reads as a space). So only the added items are encoded (``queryText(_:)``); a fragment stays
    /// after the query.
    package static func appending(_ items: [QueryItem], to url: URL) -> URL {
        guard !items.isEmpty else { return url }
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        if !text.contains("?") {
            text += "?"
        } else if !text.hasSuffix("?") && !text.hasSuffix("&") {
            text += "&"
        }
        return URL(string: text + queryText(items) + fragment) ?? url
    }
}
