/// A JSON pointer into the OpenAPI document (RFC 6901, as a URI fragment: `#/paths/~1articles/get`):
/// where a warning or a refusal points the user, in the document's own terms.
import ResgenCore
import Foundation

struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    private(set) var tokens: [String]

    /// The document's root, `#`.
    static let root = JSONPointer(tokens: [])

    /// `#/components/schemas/<name>`.
    static func component(_ name: String) -> JSONPointer { root / "components" / "schemas" / name }

    /// This pointer with `token` appended.
    static func / (pointer: JSONPointer, token: String) -> JSONPointer {
        JSONPointer(tokens: pointer.tokens + [token])
    }

    /// `#/a/b~1c`: `~` as `~0`, `/` as `~1`.
    var description: String {
        "#"
            + tokens.map {
                "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }.joined()
    }
}
