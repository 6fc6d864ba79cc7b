import Foundation
import HTTPTypes
import ResgenRuntimeCore

@testable import ResgenDownloads

/// Target `partialdownload`: the record of a partial download (`<name>.resgen-partial.json`), which a
/// crash, an older version or another program may have left holding anything, and the check of a
/// `206` against it (issue 46, findings 5 and 6).
///
/// Each input is used twice. As the record file's bytes: reading must not trap; a record read is
/// consistent (current format, a URL, a positive length, a well-formed entity tag and date, a strong
/// validator with no control character, which goes out in `If-Range`) and writes back to bytes that read
/// the same; and a `206` carrying the record's own validators and length continues it, while one
/// naming another length does not. And as a recipe: a record of chosen fields, written and read back,
/// must read exactly when it is consistent, as itself.
enum PartialDownloadHarness {
    static let target = FuzzTarget(name: "partialdownload", summary: "the record of a partial download and the 206 checks against it") {
        input, _ throws(Finding) in
        if let message = checkRecordFile(input) ?? checkRecipe(input) {
            throw Finding(target: "partialdownload", kind: "invariant", message: message)
        }
    }

    /// The input as the record file.
    static func checkRecordFile(_ input: Data) -> String? {
        guard let record = try? PartialDownloadRecord(reading: input) else { return nil }
        return checkRead(record, from: input)
    }

    /// The invariants of `record`, read from `bytes`.
    static func checkRead(_ record: PartialDownloadRecord, from bytes: Data) -> String? {
        let shown = String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription
        if let problem = record.inconsistency { return "\(shown) read as an inconsistent record: \(problem)" }
        guard record.format == PartialDownloadRecord.currentFormat, record.length > 0 else { return "\(shown) read as \(record)" }
        guard let validator = record.validator, !validator.isEmpty,
            validator.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            return "\(shown) read with the validator \(String(describing: record.validator).debugDescription)"
        }
        guard let written = try? record.encoded(), let again = try? PartialDownloadRecord(reading: written), again == record else {
            return "\(shown) read as \(record), which does not read back once written"
        }
        guard let part = ContentRange(parsing: "bytes 0-0/\(record.length)") else { return "no Content-Range for \(record.length)" }
        var fields = HTTPFields()
        if let tag = record.entityTag { fields[.eTag] = tag }
        if let date = record.lastModified { fields[.lastModified] = date }
        let same = HTTPResponse(status: .partialContent, headerFields: fields)
        if !record.continues(same, part: part) { return "\(record): a 206 with its own validators and length does not continue it" }
        if record.length < .max, let longer = ContentRange(parsing: "bytes 0-0/\(record.length + 1)"),
            record.continues(same, part: longer)
        {
            return "\(record): a 206 of another length continues it"
        }
        var without = fields
        without[.eTag] = nil
        if record.entityTag != nil, record.continues(HTTPResponse(status: .partialContent, headerFields: without), part: part) {
            return "\(record): a 206 without its entity tag continues it"
        }
        return nil
    }

    /// The input as a recipe of a record: each field plausible or not.
    static func checkRecipe(_ input: Data) -> String? {
        var recipe = FuzzInput(Data(input.reversed()))
        let format = [PartialDownloadRecord.currentFormat, PartialDownloadRecord.currentFormat, 1, 0, -1, 3][recipe.choose(6)]
        let url = ["http://127.0.0.1/file", "https://example.com/a%20b?x=1", "", recipe.string(limit: 40)][recipe.choose(4)]
        let length: Int64 = [2_000, 1, 0, -5, .max, Int64(recipe.byte()) << 40][recipe.choose(6)]
        let tags = ["\"v1\"", "W/\"v1\"", "v1", "\"\"", "\"a\"b\"", "\"v\r\n1\"", "W/\"\"", recipe.string(limit: 12)]
        let entityTag: String? = recipe.bool() ? nil : tags[recipe.choose(tags.count)]
        let dates = ["Mon, 01 Jan 2024 00:00:00 GMT", "Monday, 01-Jan-24 00:00:00 GMT", "Mon Jan  1 00:00:00 2024", "yesterday",
            "Mon, 01 Jan 2024 00:00:00 GMT\r\nX: y", recipe.string(limit: 32)]
        let lastModified: String? = recipe.bool() ? nil : dates[recipe.choose(dates.count)]
        let record = PartialDownloadRecord(format: format, url: url, length: length, entityTag: entityTag, lastModified: lastModified)
        guard let bytes = try? record.encoded() else { return nil }
        let read = try? PartialDownloadRecord(reading: bytes)
        let expected = expectedConsistency(of: record)
        if (read != nil) != expected {
            return "\(record) was \(read == nil ? "refused" : "read"); it is \(expected ? "" : "in")consistent"
        }
        if let read {
            if read != record { return "\(record) read back as \(read)" }
            return checkRead(read, from: bytes)
        }
        return nil
    }

    /// Whether `record` is consistent, by the rules stated independently of the reader's code.
    static func expectedConsistency(of record: PartialDownloadRecord) -> Bool {
        guard record.format == PartialDownloadRecord.currentFormat, !record.url.isEmpty, URL(string: record.url) != nil,
            record.length > 0
        else { return false }
        var strongTag = false
        if let tag = record.entityTag {
            guard let parsed = EntityTag(parsing: tag), parsed.description == tag else { return false }
            strongTag = !parsed.isWeak
        }
        if let date = record.lastModified {
            guard date.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
                HTTPDate.parse(date, now: Date(timeIntervalSince1970: 1_700_000_000)) != nil
            else { return false }
        }
        return strongTag || record.lastModified != nil
    }
}
