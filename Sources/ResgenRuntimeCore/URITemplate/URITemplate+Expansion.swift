extension URITemplate {
    /// Expands the template (RFC 6570 section 3.2 and Appendix A).
    ///
    /// A variable missing from `variables` is undefined, and so is an empty list or associative array:
    /// undefined variables add nothing, not even their operator's separator.
    ///
    /// - Parameter variables: The values by variable name.
    /// - Returns: The URI reference, which contains only ASCII characters.
    /// - Throws: ``URITemplate/Error`` with ``URITemplate/Error/Reason/prefixOnCompositeValue(variable:)``
    ///   when a variable with a prefix modifier (`{keys:1}`) has a list or associative array value.
    public func expand(_ variables: [String: Value]) throws(URITemplate.Error) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(description.utf8.count + 16 * variableNames.count)
        for component in components {
            switch component {
            case .literal(let text):
                output.append(contentsOf: text.utf8)
            case .expression(let expression):
                try expand(expression, variables, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func expand(
        _ expression: Expression,
        _ values: [String: Value],
        into output: inout [UInt8]
    ) throws(URITemplate.Error) {
        let op = expression.op
        let allowsReserved = op.allowsReserved
        let separator = op.separator
        var isFirst = true
        for variable in expression.variables {
            guard let value = values[variable.name] else { continue }
            switch value {
            case .string(let string):
                appendStart(op, isFirst: &isFirst, to: &output)
                if op.isNamed {
                    output.append(contentsOf: variable.name.utf8)
                    if string.isEmpty {
                        if op.writesEqualsForEmpty { output.append(UInt8(ascii: "=")) }
                        continue
                    }
                    output.append(UInt8(ascii: "="))
                }
                Self.appendEncoded(string, allowsReserved: allowsReserved, prefix: variable.prefix, to: &output)

            case .list(let items):
                guard !items.isEmpty else { continue }
                try checkNoPrefix(variable)
                appendStart(op, isFirst: &isFirst, to: &output)
                if !variable.explode {
                    if op.isNamed {
                        output.append(contentsOf: variable.name.utf8)
                        if items.count == 1 && items[0].isEmpty {
                            if op.writesEqualsForEmpty { output.append(UInt8(ascii: "=")) }
                            continue
                        }
                        output.append(UInt8(ascii: "="))
                    }
                    for (index, item) in items.enumerated() {
                        if index > 0 { output.append(UInt8(ascii: ",")) }
                        Self.appendEncoded(item, allowsReserved: allowsReserved, prefix: nil, to: &output)
                    }
                } else {
                    for (index, item) in items.enumerated() {
                        if index > 0 { output.append(separator) }
                        if op.isNamed {
                            output.append(contentsOf: variable.name.utf8)
                            if item.isEmpty {
                                if op.writesEqualsForEmpty { output.append(UInt8(ascii: "=")) }
                                continue
                            }
                            output.append(UInt8(ascii: "="))
                        }
                        Self.appendEncoded(item, allowsReserved: allowsReserved, prefix: nil, to: &output)
                    }
                }

            case .associative(let pairs):
                guard !pairs.isEmpty else { continue }
                try checkNoPrefix(variable)
                appendStart(op, isFirst: &isFirst, to: &output)
                if !variable.explode {
                    if op.isNamed {
                        output.append(contentsOf: variable.name.utf8)
                        output.append(UInt8(ascii: "="))
                    }
                    for (index, pair) in pairs.enumerated() {
                        if index > 0 { output.append(UInt8(ascii: ",")) }
                        Self.appendEncoded(pair.0, allowsReserved: allowsReserved, prefix: nil, to: &output)
                        output.append(UInt8(ascii: ","))
                        Self.appendEncoded(pair.1, allowsReserved: allowsReserved, prefix: nil, to: &output)
                    }
                } else {
                    for (index, pair) in pairs.enumerated() {
                        if index > 0 { output.append(separator) }
                        Self.appendEncoded(pair.0, allowsReserved: allowsReserved, prefix: nil, to: &output)
                        if op.isNamed && pair.1.isEmpty {
                            if op.writesEqualsForEmpty { output.append(UInt8(ascii: "=")) }
                            continue
                        }
                        output.append(UInt8(ascii: "="))
                        Self.appendEncoded(pair.1, allowsReserved: allowsReserved, prefix: nil, to: &output)
                    }
                }
            }
        }
    }

    /// Appends the operator's `first` string before the first defined variable, `sep` before the others.
    @inline(__always)
    private func appendStart(_ op: Operator, isFirst: inout Bool, to output: inout [UInt8]) {
        if isFirst {
            isFirst = false
            if let first = op.first { output.append(first) }
        } else {
            output.append(op.separator)
        }
    }

    private func checkNoPrefix(_ variable: Expression.Variable) throws(URITemplate.Error) {
        guard variable.prefix != nil else { return }
        throw URITemplate.Error(
            template: description,
            offset: variable.offset,
            reason: .prefixOnCompositeValue(variable: variable.name)
        )
    }

    /// Appends a value pct-encoded: everything but `unreserved` is encoded, or, with `allowsReserved`,
    /// everything but `unreserved`, `reserved` and pct-encoded triplets.
    ///
    /// - Parameter prefix: The most Unicode scalars to take (a triplet kept as is counts as one).
    static func appendEncoded(_ value: String, allowsReserved: Bool, prefix: Int?, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            let allowed = allowsReserved ? ASCIISet.unreservedOrReserved : ASCIISet.unreserved
            var remaining = prefix ?? Int.max
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte & 0xC0 != 0x80 {  // the first byte of a scalar
                    if remaining == 0 { break }
                    remaining -= 1
                }
                if allowed.contains(byte) {
                    output.append(byte)
                } else if allowsReserved && byte == UInt8(ascii: "%") && index + 2 < bytes.count
                    && ASCIISet.hexDigits.contains(bytes[index + 1]) && ASCIISet.hexDigits.contains(bytes[index + 2])
                {
                    output.append(byte)
                    output.append(bytes[index + 1])
                    output.append(bytes[index + 2])
                    index += 3
                    continue
                } else {
                    URITemplate.appendPercentEncoded(byte, to: &output)
                }
                index += 1
            }
        }
    }

    /// Appends `%` and the byte in two uppercase hexadecimal digits.
    @inline(__always)
    static func appendPercentEncoded(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0x0F))
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }
}
