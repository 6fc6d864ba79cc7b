import ResgenRuntimeCore

/// How a JSON:API resource object the server sent is merged into the one the store holds: the
/// project's absent-is-not-null rule, member by member.
///
/// A response that leaves a member out (a sparse fieldset, an included resource written with fewer
/// fields, a relationship without linkage) says nothing about it, so the stored value stays; a member
/// that is there, `null` included, replaces it. `attributes`, `relationships` and `links` merge member
/// by member; within a relationship object `data` (linkage), `links` and `meta` each replace only when
/// sent. `type`, `id` and the resource's `meta` replace when sent.
enum ResourceObjectMerge {
    /// `incoming` merged into `stored`; `stored` alone when nothing was sent.
    static func merged(_ stored: JSONValue?, _ incoming: JSONValue) -> JSONValue {
        guard case .object(var result)? = stored, case .object(let sent) = incoming else { return incoming }
        for (key, value) in sent {
            switch key {
            case "attributes", "links":
                result[key] = overlaid(result[key], value)
            case "relationships":
                guard case .object(let relationships) = value, case .object(var current)? = result[key] else {
                    result[key] = value
                    continue
                }
                for (name, relationship) in relationships {
                    current[name] = mergedRelationship(current[name], relationship)
                }
                result[key] = .object(current)
            default:
                result[key] = value
            }
        }
        return .object(result)
    }

    /// A relationship object: `data`, `links` (member by member) and `meta` each replace only when sent.
    private static func mergedRelationship(_ stored: JSONValue?, _ incoming: JSONValue) -> JSONValue {
        guard case .object(var result)? = stored, case .object(let sent) = incoming else { return incoming }
        for (key, value) in sent {
            result[key] = key == "links" ? overlaid(result[key], value) : value
        }
        return .object(result)
    }

    /// The members of `incoming` over those of `stored` (both objects), else `incoming`.
    private static func overlaid(_ stored: JSONValue?, _ incoming: JSONValue) -> JSONValue {
        guard case .object(var result)? = stored, case .object(let sent) = incoming else { return incoming }
        for (key, value) in sent { result[key] = value }
        return .object(result)
    }
}
