import ResgenCore
import Foundation

/// A text form of fetched documents that people can read and write: what `resgen infer
/// --record-responses` saves, what the golden tests replay, and what the `infer` fuzz target reads.
///
/// ```
/// ### http://127.0.0.1:8000/articles/1 application/vnd.api+json
/// {"data": {"type": "articles", "id": "1"}}
/// ```
///
/// Each document starts with a line `### <url> <content type>` (`-` for none); the body is every line
/// up to the next such line, without the final line break.
extension FetchedDocument {
    /// The marker that starts a document's line.
    static let recordingMarker = "### "

    /// `documents` in the recording form.
    public static func recording(_ documents: [FetchedDocument]) -> String {
        documents.map { document in
            let contentType = document.contentType.map { $0.replacingOccurrences(of: "\n", with: " ") }
            return "\(recordingMarker)\(document.url) \(contentType.flatMap { $0.isEmpty ? nil : $0 } ?? "-")\n\(document.body)\n"
        }.joined()
    }

    /// The documents of a recording; text before the first marker line is ignored.
    public static func documents(fromRecording text: String) -> [FetchedDocument] {
        var documents: [FetchedDocument] = []
        var body: [Substring] = []
        func finish() {
            guard !documents.isEmpty else { return }
            documents[documents.count - 1].body = body.joined(separator: "\n")
            body = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(recordingMarker) {
                finish()
                let fields = line.dropFirst(recordingMarker.count).split(separator: " ", maxSplits: 1)
                let contentType = fields.count > 1 ? String(fields[1]) : "-"
                documents.append(FetchedDocument(url: fields.first.map(String.init) ?? "", contentType: contentType == "-" ? nil : contentType, body: ""))
            } else if !documents.isEmpty {
                body.append(line)
            }
        }
        if !body.isEmpty, body.last?.isEmpty == true { body.removeLast() }
        finish()
        return documents
    }
}
