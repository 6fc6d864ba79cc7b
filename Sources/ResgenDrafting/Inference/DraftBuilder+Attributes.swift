import ResgenCore

/// Attribute types, decided across every sample of an attribute.
extension DraftBuilder {
    /// What one attribute's evidence resolves to.
    enum Resolution {
        /// A type spelling, with an attribute's `dateFormat` entries and what was guessed.
        case type(String, dateFormats: [Draft.DateFormat], note: String?)
        /// No type fits; why.
        case none(String)
    }

    /// The attribute with wire key `wireKey` of a resource or object with `ownerCount` samples.
    mutating func attribute(
        _ wireKey: String, _ evidence: TypeEvidence, ownerCount: Int, owner: String, kind: GeneratedNames.MemberKind,
        members: inout NameAllocator
    ) -> Draft.Attribute {
        let name = members.claim(DraftBuilder.stableMemberName(wireKey), suffix: "Value", normalize: DraftBuilder.stableMemberName) { isAllowedMember($0, kind: kind) }
        if wireKey == "id" || reserved.wireKeys[kind]?[wireKey] != nil {
            return Draft.Attribute(name: name, key: wireKey, comment: "the wire key '\(wireKey)' is one generated code maps itself")
        }
        switch resolve(evidence, ownerCount: ownerCount, stem: DraftBuilder.stableTypeName(owner + SwiftNaming.typeName(wireKey))) {
        case .type(let spelling, let dateFormats, let note):
            return Draft.Attribute(name: name, key: wireKey, type: spelling, dateFormats: dateFormats, comment: note)
        case .none(let reason):
            return Draft.Attribute(name: name, key: wireKey, comment: reason)
        }
    }

    /// The `dateFormat:` entries that read every string of `evidence` when each is a date in some
    /// spelling (``TypeEvidence/dateSpellings``) and they are not all ISO 8601 or all calendar dates (those
    /// need no list): the most common spelling first (the one the client will send), ties in first-seen
    /// order; nil otherwise.
    static func dateFormats(_ evidence: TypeEvidence) -> [Draft.DateFormat]? {
        guard evidence.dateSpellings.reduce(0, { $0 + $1.count }) == evidence.strings else { return nil }
        // A stable sort: equal counts keep their first-seen order.
        return evidence.dateSpellings.enumerated()
            .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
            .map(\.element.format)
    }

    /// The type all of `evidence` fits, optional when some of the `ownerCount` samples had it null or absent.
    mutating func resolve(_ evidence: TypeEvidence, ownerCount: Int, stem: String) -> Resolution {
        let present = evidence.values - evidence.nulls
        guard present > 0 else { return .none("always null in \(evidence.values) sample\(evidence.values == 1 ? "" : "s"): the type cannot be seen") }
        guard evidence.kindCount == 1 else { return .none("seen as \(kinds(evidence)): no one type fits them all") }
        var notes: [String] = []
        let missing = ownerCount - present
        let optional = missing > 0
        if optional { notes.append("null or absent in \(missing) of \(ownerCount) samples") }
        var dateFormats: [Draft.DateFormat] = []
        let spelling: String
        if evidence.bools > 0 {
            spelling = "Bool"
        } else if evidence.integers + evidence.doubles > 0 {
            spelling = evidence.doubles > 0 ? "Double" : "Int"
            if evidence.doubles > 0, evidence.integers > 0 { notes.append("integers and fractions seen") }
        } else if evidence.strings > 0 {
            if evidence.dateTimes == evidence.strings {
                spelling = "Date"
                notes.append("every sample is an ISO 8601 date-time")
            } else if evidence.calendarDates == evidence.strings {
                spelling = "Date"
                dateFormats = [.name("date")]
                notes.append("every sample is a calendar date")
            } else if let formats = Self.dateFormats(evidence) {
                spelling = "Date"
                dateFormats = formats
                notes.append(formats.count == 1 ? "every sample is a date-time in this form" : "every sample is a date in one of these forms; the first (the most common) is the one sent")
            } else if evidence.urls == evidence.strings {
                spelling = "URL"
                notes.append("every sample is an absolute URL")
            } else {
                spelling = "String"
            }
        } else if evidence.objects > 0 {
            switch object(evidence.fields, stem: stem) {
            case .type(let name, _, let note):
                spelling = name
                if let note { notes.append(note) }
            case .none(let reason):
                return .none(reason)
            }
        } else {
            guard let element = evidence.elements.first, element.values > 0 else { return .none("always an empty array: the element type cannot be seen") }
            guard element.nulls == 0 else { return .none("an array with null elements") }
            switch resolve(element, ownerCount: element.values, stem: DraftBuilder.stableTypeName(Inflection.singular(stem))) {
            case .type(let elementType, let elementFormats, let note):
                guard elementFormats.isEmpty else { return .none("an array of calendar dates: dateFormat applies to single dates only") }
                spelling = "[\(elementType)]"
                if let note { notes.append("elements: " + note) }
            case .none(let reason):
                return .none("an array whose elements are " + reason)
            }
        }
        return .type(spelling + (optional ? "?" : ""), dateFormats: dateFormats, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// A value object for the members of nested objects.
    private mutating func object(_ fields: OrderedEvidence, stem: String) -> Resolution {
        guard !fields.keys.isEmpty else { return .none("always an empty object: its members cannot be seen") }
        let reserved = reserved
        let name = typeNames.claim(stem, suffix: "Object", normalize: DraftBuilder.stableTypeName) { DraftBuilder.isAllowedTypeName($0, reserved: reserved) }
        var members = NameAllocator()
        var attributes: [Draft.Attribute] = []
        for key in fields.keys {
            guard let evidence = fields.evidence[key] else { continue }
            attributes.append(attribute(key, evidence, ownerCount: fields.objectCount, owner: name, kind: .objectMember, members: &members))
        }
        guard attributes.contains(where: { $0.type != nil }) else { return .none("an object with no member of a known type") }
        objects.append(Draft.Object(name: name, comment: "a nested object (\(fields.objectCount) sample\(fields.objectCount == 1 ? "" : "s"))", attributes: attributes))
        return .type(name, dateFormats: [], note: nil)
    }

    /// "a string and a number".
    private func kinds(_ evidence: TypeEvidence) -> String {
        let names: [(Int, String)] = [
            (evidence.bools, "a boolean"), (evidence.integers + evidence.doubles, "a number"), (evidence.strings, "a string"),
            (evidence.objects, "an object"), (evidence.arrays, "an array"),
        ]
        return names.filter { $0.0 > 0 }.map(\.1).joined(separator: " and ")
    }
}
