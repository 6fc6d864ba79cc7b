import ResgenCore

/// Everything the samples of one attribute showed, counted, so that its type is decided across all
/// samples at once (a value `null` in one sample and a date in the others is an optional `Date`).
struct TypeEvidence: Hashable, Sendable {
    /// Values seen, `null` included.
    var values = 0
    var nulls = 0
    var bools = 0
    var integers = 0
    /// Numbers with a fraction or exponent, or integers too large for `Int`.
    var doubles = 0
    var strings = 0
    /// Strings that are ISO 8601 date-times (`2026-01-02T09:00:00Z`, fractional seconds allowed).
    var dateTimes = 0
    /// Strings that are calendar dates (`2026-01-02`).
    var calendarDates = 0
    /// The date spellings seen, in first-seen order, each with how many strings had it: `date`,
    /// `iso8601`, or the pattern of another date-time spelling (`2026-03-02 09:15:00` is
    /// `yyyy-MM-dd HH:mm:ss`; see ``ValueSyntax/dateTimePattern(_:)``).
    var dateSpellings: [SpellingCount] = []

    /// A date spelling and how many strings had it.
    struct SpellingCount: Hashable, Sendable {
        var format: Draft.DateFormat
        var count: Int
    }

    /// Counts one string written in `format`.
    private mutating func addSpelling(_ format: Draft.DateFormat) {
        if let index = dateSpellings.firstIndex(where: { $0.format == format }) {
            dateSpellings[index].count += 1
        } else {
            dateSpellings.append(SpellingCount(format: format, count: 1))
        }
    }
    /// Strings that are absolute http(s) URLs.
    var urls = 0
    var objects = 0
    /// The members of the objects seen, in first-seen order.
    var fields = OrderedEvidence()
    var arrays = 0
    /// The elements of the arrays seen (at most one entry: a struct cannot hold itself directly).
    var elements: [TypeEvidence] = []

    /// Adds one value.
    mutating func add(_ node: JSONNode) {
        values += 1
        switch node {
        case .null: nulls += 1
        case .bool: bools += 1
        case .number(let text, let isInteger):
            if isInteger, Int(text) != nil { integers += 1 } else { doubles += 1 }
        case .string(let text):
            strings += 1
            if ValueSyntax.isDateTime(text) {
                dateTimes += 1
                addSpelling(.name("iso8601"))
            } else if ValueSyntax.isCalendarDate(text) {
                calendarDates += 1
                addSpelling(.name("date"))
            } else if let pattern = ValueSyntax.dateTimePattern(text) {
                addSpelling(.pattern(pattern))
            }
            if ValueSyntax.isAbsoluteURL(text) { urls += 1 }
        case .object(let members):
            objects += 1
            fields.add(members)
        case .array(let items):
            arrays += 1
            var element = elements.first ?? TypeEvidence()
            for item in items { element.add(item) }
            elements = [element]
        }
    }

    /// How many kinds of JSON value (besides null) were seen: more than one has no Swift type here.
    var kindCount: Int {
        [bools, integers + doubles, strings, objects, arrays].count { $0 > 0 }
    }
}

/// Evidence per member name of the objects seen, in the order names first appeared.
struct OrderedEvidence: Hashable, Sendable {
    /// Member names, first-seen order.
    private(set) var keys: [String] = []
    /// The evidence of each name.
    private(set) var evidence: [String: TypeEvidence] = [:]
    /// Objects added.
    private(set) var objectCount = 0

    /// Adds one object's members (a repeated name counts once, its first value).
    mutating func add(_ members: [JSONNode.Member]) {
        objectCount += 1
        var seen: Set<String> = []
        for member in members where seen.insert(member.key).inserted {
            if evidence[member.key] == nil { keys.append(member.key) }
            evidence[member.key, default: TypeEvidence()].add(member.value)
        }
    }
}
