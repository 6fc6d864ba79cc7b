import Foundation

@testable import ResgenRuntimeCore

/// Target `urireference`: the resolver every followed link goes through (``URIReference``, issue 49).
///
/// The input is a reference, and after its first newline a base (`http://a/b/c/d;p?q` when there is
/// none, or when it has no scheme). Resolving must not trap; the result keeps the base's scheme when the
/// reference has none and the reference's fragment; a resolved path that starts with `/` holds no `.` or
/// `..` segment; encoding what may not stand in a URL is idempotent and leaves only allowed bytes and
/// whole escapes; and a `URL` made of the result, when Foundation makes one, spells its path, query and
/// fragment exactly as that text does (the authority is Foundation's to spell).
enum URIReferenceHarness {
    static let target = FuzzTarget(name: "urireference", summary: "RFC 3986 reference resolution of followed links") { input, _ throws(Finding) in
        if let message = check(input) { throw Finding(target: "urireference", kind: "invariant", message: message) }
    }

    static func check(_ input: Data) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let reference = parts.first.map(String.init) ?? ""
        var base = parts.count > 1 ? String(parts[1]) : "http://a/b/c/d;p?q"
        if URIReference.components(of: base).scheme == nil { base = "http://a/b/c/d;p?q" }
        let resolved = URIReference.resolve(reference, against: base)
        let target = URIReference.components(of: resolved)
        let r = URIReference.components(of: reference)
        if r.scheme == nil, target.scheme != URIReference.components(of: base).scheme {
            return "\(reference.debugDescription) against \(base.debugDescription) lost the base's scheme: \(resolved.debugDescription)"
        }
        if target.fragment != r.fragment { return "\(reference.debugDescription) lost its fragment: \(resolved.debugDescription)" }
        if !r.path.isEmpty, target.path.hasPrefix("/"), target.path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return "\(reference.debugDescription) against \(base.debugDescription) kept a dot segment: \(resolved.debugDescription)"
        }
        let encoded = URIReference.encodingIllegalCharacters(resolved)
        if URIReference.encodingIllegalCharacters(encoded) != encoded { return "encoding \(resolved.debugDescription) twice changed it" }
        // Foundation spells an authority its own way (an IPv6 zone's `%` as `%25`, RFC 6874); what a link
        // must keep as written is everything after it.
        if let url = URL(string: encoded) {
            let ours = URIReference.components(of: encoded), theirs = URIReference.components(of: url.absoluteString)
            if (ours.path, ours.query, ours.fragment) != (theirs.path, theirs.query, theirs.fragment) {
                return "Foundation spelled \(encoded.debugDescription) as \(url.absoluteString.debugDescription)"
            }
            if let message = checkQueryEditing(page: URL(string: URIReference.encodingIllegalCharacters(base)), last: url) { return message }
        }
        return nil
    }

    /// The page walk's query editing on two server URLs (the base as a page's own URL, the resolved
    /// reference as its `last` link): setting a parameter reads back, and a step toward `last` stays on
    /// the page's path.
    static func checkQueryEditing(page: URL?, last: URL) -> String? {
        guard let page else { return nil }
        for item in URLQueryEditing.items(of: page).prefix(4) {
            guard let set = URLQueryEditing.setting(item.name, to: "7", in: page) else { continue }
            if URLQueryEditing.value(of: item.name, in: set) != "7" { return "setting \(item.name.debugDescription) in \(page) did not read back: \(set)" }
        }
        guard let next = LastLinkStep.url(after: PageFacts(url: page, itemCount: 1, meta: nil), last: last) else { return nil }
        let from = URIReference.components(of: page.absoluteString), to = URIReference.components(of: next.absoluteString)
        if (from.scheme, from.authority, from.path) != (to.scheme, to.authority, to.path) {
            return "a step from \(page) toward \(last) left the page's path: \(next)"
        }
        return nil
    }
}
