import ResgenRuntime
import Testing

@Suite("Includes")
struct IncludeTests {
    @Test("Steps default their HAL rel to the key")
    func steps() {
        #expect(IncludeStep.toOne("author") == IncludeStep(key: "author", rel: "author", isToMany: false))
        #expect(IncludeStep.toMany("comments", rel: "item").rel == "item")
        #expect(IncludeStep.toMany("comments").isToMany)
    }

    @Test("JSON:API and Halley descriptions")
    func descriptions() {
        let path = IncludePath(.toMany("comments"), .toOne("author"))
        #expect(path.description == "comments.author")
        #expect(path.halDescription == "[comments].author")
        #expect(IncludePath(steps: [.toOne("author", rel: "writer")]).halDescription == "writer")
        #expect(IncludePath(.toOne("a"), .toMany("b"), .toMany("c")).halDescription == "a.[b].[c]")
        #expect(IncludePath().description == "")
    }

    @Test("includeQuery keeps the order of the paths and drops repeats")
    func includeQuery() {
        #expect(Article.Include.author.includeQuery == "author")
        #expect(Article.Include.commentsWithAuthors.includeQuery == "comments.author")
        #expect(Article.Include.authorAndComments.includeQuery == "author,comments")
        #expect(Article.Include.includeQuery([.comments, .author, .authorAndComments]) == "comments,author")
        #expect(Article.Include.allCases.count == 4)
    }

    @Test("HasIncludes ties the include set to its root")
    func hasIncludes() {
        func root<R: HasIncludes>(of _: R.Type) -> String { R.Include.Root.resourceType }
        #expect(root(of: Article.self) == "articles")
    }
}
