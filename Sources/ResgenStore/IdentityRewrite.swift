import Foundation
import ResgenRuntimeCore

/// Where a created resource's stand-in id is replaced by the one the server assigned: in resource
/// objects and linkage (`{"type": …, "id": …}` anywhere in a document) and in request paths.
///
/// A stand-in id is made so that no server writes it (see ``LocalID``), so replacing every occurrence
/// of the pair, or of a whole path segment, cannot touch anything else.
extension JSONValue {
    /// This value with every object whose `type` and `id` are `old`'s written with `new`'s.
    func replacingIdentity(_ old: ResourceIdentity, with new: ResourceIdentity) -> JSONValue {
        rewritingIdentifiers(of: old) { members in
            members["type"] = .string(new.type)
            members["id"] = .string(new.id)
        }
    }

    /// This value with every resource identifier of `identity` (`type` and `id`) written as
    /// `{"type": …, "lid": lid}`, its `id` removed: how an atomic request names a resource it creates.
    func replacingIdentity(_ identity: ResourceIdentity, withLID lid: String) -> JSONValue {
        rewritingIdentifiers(of: identity) { members in
            members["id"] = nil
            members["lid"] = .string(lid)
        }
    }

    /// This value with `rewrite` applied to the members of every object, at any depth, whose `type`
    /// and `id` are `identity`'s.
    private func rewritingIdentifiers(of identity: ResourceIdentity, _ rewrite: (inout [String: JSONValue]) -> Void) -> JSONValue {
        switch self {
        case .object(var members):
            if case .string(identity.type)? = members["type"], case .string(identity.id)? = members["id"] {
                rewrite(&members)
            }
            return .object(members.mapValues { $0.rewritingIdentifiers(of: identity, rewrite) })
        case .array(let items):
            return .array(items.map { $0.rewritingIdentifiers(of: identity, rewrite) })
        default:
            return self
        }
    }

    /// Whether an object anywhere in this value has `identity`'s `type` and `id`.
    func mentions(_ identity: ResourceIdentity) -> Bool {
        switch self {
        case .object(let members):
            if case .string(identity.type)? = members["type"], case .string(identity.id)? = members["id"] { return true }
            return members.values.contains { $0.mentions(identity) }
        case .array(let items):
            return items.contains { $0.mentions(identity) }
        default:
            return false
        }
    }
}

extension StoredGraph.PendingChange {
    /// The change with `old` written as `new` wherever it names it.
    func replacingIdentity(_ old: ResourceIdentity, with new: ResourceIdentity) -> Self {
        switch self {
        case .create(let object, let listPath): .create(object.replacingIdentity(old, with: new), listPath: listPath)
        case .patch(let fields): .patch(fields.replacingIdentity(old, with: new))
        case .replace(let object): .replace(object.replacingIdentity(old, with: new))
        case .delete: .delete
        case .relationship(let key, .add(let members)): .relationship(key: key, .add(members.map { $0.replacingIdentity(old, with: new) }))
        case .relationship(let key, .remove(let members)): .relationship(key: key, .remove(members.map { $0.replacingIdentity(old, with: new) }))
        case .relationship(let key, .replace(let data)): .relationship(key: key, .replace(data.replacingIdentity(old, with: new)))
        }
    }
}

/// A request path with the segment `old` replaced by `new` (a stand-in id in `/articles/<id>`).
func replacingSegment(_ old: String, with new: String, in path: String) -> String {
    let encodedOld = old.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", ".", "_", "~"])) ?? old
    let encodedNew = new.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", ".", "_", "~"])) ?? new
    let (route, query) = path.firstIndex(of: "?").map { (String(path[..<$0]), String(path[$0...])) } ?? (path, "")
    let segments = route.split(separator: "/", omittingEmptySubsequences: false).map { $0 == encodedOld || $0 == old ? encodedNew : String($0) }
    return segments.joined(separator: "/") + query
}
