import ResgenCommandLine
import ResgenDrafting
import Foundation
import HTTPTypes
import ResgenCore
import ResgenRuntime

/// Fetches what `resgen infer` reads: the URLs given, then the links their documents lead to
/// (``SchemaInference/followUps(of:)``), breadth first, each URL once, up to a request budget.
///
/// Requests go through ResgenRuntime's `Client`, so its security rules hold: header fields given
/// with `--header` go only to the origins of the URLs given (its trusted origins, checked at every
/// redirect), only http(s) is requested, and a body over the response limit is refused while it
/// arrives. Links to other origins are not followed at all.
struct DocumentCrawler {
    /// What the crawl fetched, in order.
    struct Outcome {
        var documents: [FetchedDocument]
        /// Follow-up URLs that failed or were skipped, with why (reported as warnings).
        var skipped: [String]
    }

    /// Why a URL given by the user could not be used.
    struct FetchError: Error, CustomStringConvertible {
        var description: String
    }

    let client: Client
    /// The origins links may be followed to.
    let origins: Set<Origin>
    let maximumRequests: Int
    /// Receives one line per request.
    let progress: @Sendable (String) -> Void

    /// The `Accept` value: the two formats inference reads, then plain JSON.
    static let accept = "application/vnd.api+json, application/hal+json;q=0.9, application/json;q=0.8"

    /// Crawls from `start`.
    ///
    /// - Throws: ``FetchError`` when a URL in `start` cannot be fetched or read (a follow-up that
    ///   fails is skipped instead).
    func crawl(from start: [URL]) async throws -> Outcome {
        var queue: [(url: URL, given: Bool)] = start.map { ($0, true) }
        var seen = Set(start.map(\.absoluteString))
        // One URL of each shape is enough: /people/1/articles tells what /people/2/articles would.
        var shapes: Set<String> = []
        var outcome = Outcome(documents: [], skipped: [])
        var requests = 0
        while !queue.isEmpty {
            let (url, given) = queue.removeFirst()
            guard requests < maximumRequests else {
                outcome.skipped.append("\(url.absoluteString): not fetched, the budget of \(maximumRequests) requests is spent (--max-requests)")
                continue
            }
            requests += 1
            let document: FetchedDocument
            let next: [String]
            do {
                let raw = try await client.request(.get, url, accept: Self.accept)
                document = FetchedDocument(
                    url: raw.url.absoluteString, contentType: raw.response.headerFields[.contentType],
                    body: String(decoding: raw.body, as: UTF8.self))
                next = try SchemaInference.followUps(of: document)
                progress("fetched \(url.absoluteString) (\(raw.body.count) bytes)")
            } catch {
                // An InferenceError names the URL itself.
                let message = error is InferenceError ? String(describing: error) : "\(url.absoluteString): \(Self.describe(error))"
                if given { throw FetchError(description: message) }
                progress("skipped \(message)")
                outcome.skipped.append(message)
                continue
            }
            outcome.documents.append(document)
            for link in next {
                guard let target = URL(string: link), let origin = Origin(of: target), origins.contains(origin),
                    seen.insert(target.absoluteString).inserted, shapes.insert(Self.shape(of: target)).inserted
                else { continue }
                queue.append((target, false))
            }
        }
        return outcome
    }

    /// `url` with its id-like path segments (digits, UUIDs) replaced by `{id}`.
    static func shape(of url: URL) -> String {
        let segments = url.path.split(separator: "/").map { segment in
            segment.allSatisfy(\.isNumber) || UUID(uuidString: String(segment)) != nil ? "{id}" : String(segment)
        }
        return segments.joined(separator: "/") + "?" + (url.query ?? "")
    }

    /// A failure in words: the client's error says method, URL, status and the server's error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? ClientError {
            switch error.kind {
            case .transport: return "cannot reach the server: \(error)"
            default: return String(describing: error)
            }
        }
        return String(describing: error)
    }
}
