import Foundation

@testable import ResgenRuntime

/// Target `ranges`: the `Range` and `Content-Range` readers (RFC 9110 §14), `RangeHeader` and
/// `ContentRange`.
///
/// Each input is used twice. As a field value as it is, for both readers: reading must not trap, a value
/// read keeps RFC 9110's invariants (a range's last position not before its first, a complete length
/// beyond the last position), and its canonical form reads back as the same value. And as a recipe: ranges
/// or a content range (numbers from 0 to `Int64.max`), written every way the grammar allows (the unit in any
/// letter case, leading zeros, whitespace around the value and the list's commas, empty list elements),
/// must read as exactly those.
enum RangeHarness {
    static let target = FuzzTarget(name: "ranges", summary: "the Range and Content-Range readers (RFC 9110 section 14)") { input, _ throws(Finding) in
        if let message = checkFieldValue(input) ?? checkRangeRecipe(input) ?? checkContentRangeRecipe(input) {
            throw Finding(target: "ranges", kind: "difference", message: message)
        }
    }

    /// The input as a `Range` and as a `Content-Range` field value.
    static func checkFieldValue(_ input: Data) -> String? {
        let value = String(decoding: input, as: UTF8.self)
        if let header = RangeHeader(parsing: value) {
            if header.ranges.isEmpty { return "\(value.debugDescription) read as a Range without ranges" }
            for case .closed(let first, let last) in header.ranges where last < first {
                return "\(value.debugDescription) read as a range from \(first) back to \(last)"
            }
            if RangeHeader(parsing: header.description) != header {
                return "\(value.debugDescription) read as \(header.ranges), whose form \(header.description.debugDescription) does not read back"
            }
        }
        if let part = ContentRange(parsing: value) {
            if part.range == nil, part.completeLength == nil { return "\(value.debugDescription) read as */*" }
            if let range = part.range, let length = part.completeLength, range.upperBound >= length {
                return "\(value.debugDescription) read as \(range) of \(length) bytes"
            }
            if ContentRange(parsing: part.description) != part {
                return "\(value.debugDescription) read as \(part), whose form \(part.description.debugDescription) does not read back"
            }
        }
        return nil
    }

    /// The input as a recipe of a `Range` value.
    static func checkRangeRecipe(_ input: Data) -> String? {
        var recipe = FuzzInput(input)
        var ranges: [ByteRange] = []
        for _ in 0...recipe.choose(4) {
            let first = number(&recipe)
            switch recipe.choose(3) {
            case 0:
                let (last, overflow) = first.addingReportingOverflow(number(&recipe))
                ranges.append(.closed(first: first, last: overflow ? .max : last))
            case 1: ranges.append(.from(first: first))
            default: ranges.append(.suffix(length: first))
            }
        }
        var text = whitespace(&recipe) + unit(&recipe) + "="
        for (index, range) in ranges.enumerated() {
            if recipe.choose(4) == 0 { text += whitespace(&recipe) + "," }  // an empty element
            if index > 0 { text += whitespace(&recipe) + "," + whitespace(&recipe) }
            switch range {
            case .closed(let first, let last): text += written(first, &recipe) + "-" + written(last, &recipe)
            case .from(let first): text += written(first, &recipe) + "-"
            case .suffix(let length): text += "-" + written(length, &recipe)
            }
        }
        if recipe.bool() { text += whitespace(&recipe) + "," }
        text += whitespace(&recipe)
        let parsed = RangeHeader(parsing: text)
        guard parsed == RangeHeader(ranges) else { return "\(text.debugDescription) read as \(String(describing: parsed?.ranges)), not \(ranges)" }
        return nil
    }

    /// The input as a recipe of a `Content-Range` value.
    static func checkContentRangeRecipe(_ input: Data) -> String? {
        var recipe = FuzzInput(Data(input.reversed()))
        let first = number(&recipe)
        let (sum, overflow) = first.addingReportingOverflow(number(&recipe))
        let last = overflow ? .max : sum
        let (beyond, tooLong) = last.addingReportingOverflow(1 + number(&recipe) % 1_000)
        let expected: ContentRange?
        let body: String
        switch recipe.choose(3) {
        case 0 where !tooLong:
            expected = ContentRange(range: first...last, completeLength: beyond)
            body = written(first, &recipe) + "-" + written(last, &recipe) + "/" + written(beyond, &recipe)
        case 1:
            expected = ContentRange(range: first...last, completeLength: nil)
            body = written(first, &recipe) + "-" + written(last, &recipe) + "/*"
        default:
            expected = ContentRange(unsatisfiedLength: first)
            body = "*/" + written(first, &recipe)
        }
        let text = whitespace(&recipe) + unit(&recipe) + " " + body + whitespace(&recipe)
        let parsed = ContentRange(parsing: text)
        guard let expected, parsed == expected else {
            return "\(text.debugDescription) read as \(String(describing: parsed)), not \(String(describing: expected))"
        }
        return nil
    }

    /// A position or length: small, middling or up to `Int64.max`.
    static func number(_ recipe: inout FuzzInput) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<[1, 2, 4, 8][recipe.choose(4)] { value = value << 8 | UInt64(recipe.byte()) }
        return Int64(bitPattern: value & UInt64(Int64.max))
    }

    /// `value` in decimal, sometimes with leading zeros.
    static func written(_ value: Int64, _ recipe: inout FuzzInput) -> String {
        String(repeating: "0", count: recipe.choose(8) == 0 ? recipe.choose(3) : 0) + String(value)
    }

    /// `bytes`, each letter in either case.
    static func unit(_ recipe: inout FuzzInput) -> String {
        String("bytes".map { recipe.bool() ? Character($0.uppercased()) : $0 })
    }

    static func whitespace(_ recipe: inout FuzzInput) -> String {
        ["", "", " ", "\t", "  "][recipe.choose(5)]
    }
}
