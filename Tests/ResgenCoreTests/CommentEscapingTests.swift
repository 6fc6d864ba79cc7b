@testable import ResgenCore
import Testing

/// The functions that turn schema text into comment text and string literals (issue 17, item 6).
@Suite struct CommentEscapingTests {
    @Test func everyLineBreakSplitsACommentAndNoneSurvives() {
        // CR and LF end a `//` comment for Swift's lexer; the others look like line breaks to people.
        for separator in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(SwiftSyntax.commentLines("a\(separator)public let x = 1") == ["a", "public let x = 1"], "U+\(separator.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(SwiftSyntax.commentLines("a\r\rb\n") == ["a", "", "b", ""])
        #expect(SwiftSyntax.commentLines("plain text") == ["plain text"])
        #expect(SwiftSyntax.commentLines("") == [""])
    }

    @Test func controlAndBidirectionalCharactersAreWrittenAsEscapes() {
        #expect(SwiftSyntax.commentLines("a\u{0}b\u{1B}[2Kc\u{7F}d\u{9B}e") == [#"a\u{0}b\u{1b}[2Kc\u{7f}d\u{9b}e"#])
        #expect(SwiftSyntax.commentLines("x\u{202E}y\u{2066}z\u{2069}") == [#"x\u{202e}y\u{2066}z\u{2069}"#])
    }

    @Test func otherTextStaysAsItIs() {
        let text = "tab\there, café, 😀, עברית, العربية\u{200F}, zero\u{200B}width, a\u{301}"
        #expect(SwiftSyntax.commentLines(text) == [text])
        #expect(SwiftSyntax.commentText(text) == text)
    }

    @Test func commentTextIsOneLine() {
        #expect(SwiftSyntax.commentText("a\rb\nc\r\nd\u{2028}e") == #"a\u{d}b\u{a}c\u{d}\u{a}d\u{2028}e"#)
        #expect(SwiftSyntax.commentText("resources.A.attributes.n\u{0}") == #"resources.A.attributes.n\u{0}"#)
    }

    @Test func docLinesNeverHoldALineBreakOrControlCharacter() {
        let hostile = ["\r", "\n", "\r\n", "\u{0}", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", " ", "x", "é"]
        // Every pair of hostile pieces, in a description and in the remark's key path.
        for first in hostile {
            for second in hostile {
                let text = "d" + first + "public let injected = 1" + second + "//"
                let lines = SwiftSyntax.docLines(text, remark: "resources.R.attributes." + text)
                for line in lines {
                    #expect(line.hasPrefix("///"))
                    let bad = line.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value) }
                    #expect(bad.isEmpty, "\(line.debugDescription)")
                }
            }
        }
    }

    @Test func stringLiteralsEscapeWhatCouldBreakOrReorderALine() {
        #expect(SwiftSyntax.stringLiteral("a\"b\\c") == #""a\"b\\c""#)
        #expect(SwiftSyntax.stringLiteral("\n\r\t\u{0}\u{0B}") == #""\n\r\t\u{0}\u{b}""#)
        #expect(SwiftSyntax.stringLiteral("\u{85}\u{2028}\u{2029}\u{202E}\u{2066}") == #""\u{85}\u{2028}\u{2029}\u{202e}\u{2066}""#)
        #expect(SwiftSyntax.stringLiteral("café 😀 \u{200F}") == "\"café 😀 \u{200F}\"")
    }
}
