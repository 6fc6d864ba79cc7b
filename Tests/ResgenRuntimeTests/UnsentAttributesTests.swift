import Foundation
import Testing

@_spi(Generated) import ResgenRuntime

/// The record of optional attributes a response left out: positions past the 64 bits work alike, the
/// record never takes part in equality, and `changed` is the rule `changes(since:)` follows.
@Suite struct UnsentAttributesTests {
    @Test func positionsBeyondTheBitsAreKeptToo() {
        var record = UnsentAttributes()
        #expect(record.isEmpty)
        for position in [0, 63, 64, 200] {
            record.insert(position)
            #expect(record.contains(position))
        }
        #expect(!record.contains(1) && !record.contains(65))
        for position in [0, 63, 64, 200] { record.remove(position) }
        #expect(record.isEmpty)
    }

    @Test func theRecordIsNoPartOfAValue() {
        var unsent = UnsentAttributes()
        unsent.insert(70)
        #expect(unsent == UnsentAttributes())
        #expect(Set([unsent, UnsentAttributes()]).count == 1)
    }

    @Test func sentWhenKnownAndEitherUnknownBeforeOrDifferent() {
        var unknown = UnsentAttributes()
        unknown.insert(2)
        let known = UnsentAttributes()
        let none: String? = nil
        #expect(known.changed(none, since: none, in: unknown, position: 2), "not sent, then set to nil: a clear")
        #expect(!known.changed(none, since: none, in: known, position: 2), "null, then nil: no change")
        #expect(known.changed("a", since: none, in: known, position: 2))
        #expect(!unknown.changed(none, since: "a", in: known, position: 2), "an unknown attribute is never sent")
    }

    @Test func noteMarksOnlyANilWhoseKeyIsAbsent() {
        var record = UnsentAttributes()
        #expect(record.note("a", position: 0, isAbsent: true) == "a")
        #expect(record.note(Int?.none, position: 1, isAbsent: false) == nil)
        #expect(record.note(Int?.none, position: 2, isAbsent: true) == nil)
        #expect(!record.contains(0) && !record.contains(1) && record.contains(2))
    }
}
