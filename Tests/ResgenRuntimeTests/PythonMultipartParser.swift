import Foundation
import ResgenProcessLaunch
import Testing

/// Parses `multipart/form-data` bodies with Python's standard library (`email.parser.BytesParser`),
/// a parser that is not ours, so that the encoder is checked against an independent reading.
///
/// Tests that use it are enabled when `python3` is on `PATH`, or when `CI` is set (a missing Python then
/// fails them); otherwise they are skipped, and the runner prints the reason.
enum PythonMultipartParser {
    /// One part as Python reads it.
    struct Part: Decodable, Equatable {
        var name: String?
        var filename: String?
        /// The effective content type (`text/plain` when the part has none).
        var contentType: String
        var size: Int
        /// The payload's SHA-256 in lowercase hex, for payloads over 4 KiB.
        var sha256: String?
        /// The payload in lowercase hex, for payloads up to 4 KiB.
        var hex: String?
    }

    /// A parsed body.
    struct Result: Decodable {
        var multipart: Bool
        /// Names of the defects Python found, in the message and its parts.
        var defects: [String]
        var parts: [Part]
    }

    /// The `python3` executable on `PATH`, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether tests that use Python run: it is there, or `CI` requires it.
    static let isEnabled = executable != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// Parses the body in the file at `url`, sent with `contentType`.
    static func parse(contentType: String, bodyAt url: URL) async throws -> Result {
        try JSONDecoder().decode(Result.self, from: await run(parseScript, contentType, url.path))
    }

    /// Parses `body`, sent with `contentType`.
    static func parse(contentType: String, body: Data) async throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-test-\(UUID().uuidString)")
        try body.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await parse(contentType: contentType, bodyAt: url)
    }

    /// The SHA-256 of the file at `url`, in lowercase hex, by Python's `hashlib`.
    static func sha256(of url: URL) async throws -> String {
        let script = """
            import hashlib, sys
            digest = hashlib.sha256()
            with open(sys.argv[1], 'rb') as f:
                for chunk in iter(lambda: f.read(1 << 20), b''):
                    digest.update(chunk)
            print(digest.hexdigest())
            """
        return String(decoding: try await run(script, url.path), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Runs `python3 -c script arguments…` in one of the ``ProcessSlots`` and returns its standard
    /// output, waited for on a ``DedicatedThread``.
    private static func run(_ script: String, _ arguments: String...) async throws -> Data {
        guard let executable else {
            throw PythonError(message: "python3 is not on PATH, and CI is set so Python tests must run")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script] + arguments
        // Files, not pipes (see CapturedOutput).
        let output = try CapturedOutput()
        let errors = try CapturedOutput()
        process.standardOutput = output.handle
        process.standardError = errors.handle
        let (stdout, stderr) = try await ProcessSlots.shared.withSlot {
            try ProcessLaunch.run(process)
            return await DedicatedThread.run {
                process.waitUntilExit()
                return (output.contents(), errors.contents())
            }
        }
        guard process.terminationStatus == 0 else {
            throw PythonError(
                message: "python3 exited \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        return stdout
    }

    /// A failure to run Python.
    struct PythonError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Feeds `Content-Type` and the body to `BytesParser` with the HTTP policy and prints the parts as
    /// JSON. Header values Python leaves as surrogate-escaped bytes are decoded as UTF-8.
    private static let parseScript = """
        import email.parser, email.policy, email.utils, hashlib, json, sys

        def text(value):
            if value is None:
                return None
            if isinstance(value, tuple):
                value = email.utils.collapse_rfc2231_value(value)
            try:
                return value.encode('ascii', 'surrogateescape').decode('utf-8')
            except UnicodeEncodeError:
                return value

        content_type, path = sys.argv[1], sys.argv[2]
        with open(path, 'rb') as f:
            body = f.read()
        head = b'Content-Type: ' + content_type.encode('ascii') + b'\\r\\n\\r\\n'
        msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
        defects = [type(d).__name__ for d in msg.defects]
        parts = []
        if msg.is_multipart():
            for part in msg.iter_parts():
                defects += [type(d).__name__ for d in part.defects]
                payload = part.get_payload(decode=True)
                parts.append({
                    'name': text(part.get_param('name', header='content-disposition')),
                    'filename': text(part.get_filename()),
                    'contentType': part.get_content_type(),
                    'size': len(payload),
                    'sha256': hashlib.sha256(payload).hexdigest() if len(payload) > 4096 else None,
                    'hex': payload.hex() if len(payload) <= 4096 else None,
                })
        print(json.dumps({'multipart': msg.is_multipart(), 'defects': defects, 'parts': parts}))
        """
}
