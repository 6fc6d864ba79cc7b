import Foundation
import ResgenRuntime

/// Target `bodyencoders`: the `multipart/form-data` and `application/x-www-form-urlencoded` encoders,
/// each read back by a strict parser written here from the RFCs (``MultipartReader``, ``FormReader``).
///
/// The input is a recipe: form items, then multipart parts (names, file names, content types and
/// contents, in memory or in files), a boundary (generated or fixed), and the thresholds that send a
/// body to a temporary file. The parsers must read back exactly what went in (names and file names
/// with `"`, CR and LF written `%22`, `%0D`, `%0A`, as the encoder documents), and encoding must throw
/// exactly when the encoder says it does (a control character in a content type, a fixed boundary
/// that occurs in a content).
enum BodyEncodersHarness {
    static let target = FuzzTarget(
        name: "bodyencoders", summary: "the multipart and form encoders, read back by strict parsers"
    ) { input, _ throws(Finding) in
        var recipe = FuzzInput(input)
        if let message = checkForm(&recipe) ?? checkMultipart(&recipe) {
            throw Finding(target: "bodyencoders", kind: "round-trip", message: message)
        }
    }

    static let characters = Array("aZ09 *-._~+%&=;\"\r\t\0é中😀/\\\n")

    static func checkForm(_ recipe: inout FuzzInput) -> String? {
        let items = (0..<recipe.choose(5)).map { _ in
            QueryItem(name: recipe.string(from: characters, limit: 8), value: recipe.choose(4) == 0 ? nil : recipe.string(from: characters, limit: 8))
        }
        let body = RequestBodyEncoder.formURLEncoded(items)
        let expected = items.map { ($0.name, $0.value ?? "") }
        do {
            let parsed = try FormReader.parse(body)
            guard parsed.elementsEqual(expected, by: ==) else {
                return "form items \(expected) encoded as \(String(decoding: body, as: UTF8.self).debugDescription) read back as \(parsed)"
            }
        } catch {
            return "form items \(expected) encoded as \(String(decoding: body, as: UTF8.self).debugDescription), which is not strict form encoding: \(error)"
        }
        return nil
    }

    static let boundaryCharacters = Array("09azAZ'()+_,-./:=? ")

    static func checkMultipart(_ recipe: inout FuzzInput) -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var parts: [MultipartPart] = []
        var contents: [Data] = []
        for index in 0..<recipe.choose(4) {
            let name = recipe.string(from: characters, limit: 8)
            let filename: String? = recipe.bool() ? recipe.string(from: characters, limit: 8) : nil
            let contentType: String? = recipe.choose(3) == 0 ? recipe.string(from: characters, limit: 10) : nil
            let content = Data(recipe.bytes(limit: 96))
            contents.append(content)
            if recipe.choose(3) == 0 {
                let url = directory.appendingPathComponent("part\(index)")
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try content.write(to: url)
                } catch {
                    return nil  // the file system, not the encoder
                }
                parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, content: .file(url)))
            } else {
                parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(content)))
            }
        }
        var boundary = recipe.string(from: boundaryCharacters, limit: 70)
        while boundary.hasSuffix(" ") { boundary.removeLast() }
        let fixed = !boundary.isEmpty && recipe.bool()
        let encoder = MultipartEncoder(
            boundary: fixed ? .fixed(boundary) : .random, memoryThreshold: recipe.choose(3) == 0 ? 1 << 20 : recipe.choose(256),
            chunkSize: 1 + recipe.choose(64))

        let badContentType = parts.contains { $0.contentType?.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } == true }
        let boundaryInContent = fixed && contents.contains { $0.range(of: Data(boundary.utf8)) != nil }
        let encoded: EncodedBody
        do {
            encoded = try encoder.encode(parts)
        } catch MultipartEncoder.Error.invalidContentType {
            return badContentType ? nil : "a content type without control characters was refused: \(parts)"
        } catch MultipartEncoder.Error.boundaryInContent {
            return !badContentType && boundaryInContent ? nil : "boundary \(boundary.debugDescription) was said to occur in a content: \(parts)"
        } catch {
            return "encoding \(parts) threw \(error)"
        }
        guard !badContentType else { return "a content type with a control character was accepted: \(parts)" }
        guard !boundaryInContent else { return "boundary \(boundary.debugDescription) occurs in a content but encoding succeeded" }

        let body: Data
        switch encoded.body {
        case .data(let data): body = data
        case .temporaryFile(let file):
            guard let data = try? Data(contentsOf: file.url) else { return "the temporary file of \(parts) cannot be read" }
            body = data
        default: return "multipart body of unexpected kind \(encoded.body)"
        }
        guard encoded.body.knownLength == Int64(body.count) else { return "knownLength \(String(describing: encoded.body.knownLength)) for \(body.count) bytes" }
        let expected = zip(parts, contents).map { part, content in
            MultipartReader.Part(
                name: escape(part.name), filename: part.filename.map(escape),
                contentType: part.contentType ?? (part.filename == nil ? nil : "application/octet-stream"), content: content)
        }
        do {
            let read = try MultipartReader.parse(body, contentType: encoded.contentType ?? "")
            guard read == expected else { return "parts \(expected) read back as \(read) from \(String(decoding: body, as: UTF8.self).debugDescription)" }
        } catch {
            return "parts \(expected) encoded as \(String(decoding: body, as: UTF8.self).debugDescription) with \(encoded.contentType ?? "no content type"), which is not strict multipart: \(error)"
        }
        return nil
    }

    /// What the encoder documents for names and file names: `"`, CR, LF and `\` percent-encoded. Written out
    /// here on purpose rather than calling the encoder's own function: the oracle must not share the code
    /// it checks.
    static func escape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case "\\": result += "%5C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
