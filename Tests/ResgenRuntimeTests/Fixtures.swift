// Resource declarations written as the code generator would write them.
//
// This file imports only Foundation and ResgenRuntime: the compile tests in `TypecheckTests.swift` pass
// it to `swiftc -typecheck` next to their snippets, so the snippets and the runtime tests share one set
// of declarations.

import Foundation
@_spi(Generated) import ResgenRuntime

/// A root resource: `/articles`, with every capability except replace, and includes.
struct Article: RootResource, IsListable, IsShowable, IsCreatable, IsPatchable, IsDeletable, HasIncludes {
    static let resourceType = "articles"
    static let collectionPath = "/articles"

    var id: String
    var title: String
    var author: ToOne<Person>
    var comments: ToMany<Comment>

    enum Include: IncludeSet {
        typealias Root = Article

        case author
        case comments
        case commentsWithAuthors
        case authorAndComments

        var paths: [IncludePath] {
            switch self {
            case .author: [IncludePath(.toOne("author"))]
            case .comments: [IncludePath(.toMany("comments"))]
            case .commentsWithAuthors: [IncludePath(.toMany("comments"), .toOne("author", rel: "writer"))]
            case .authorAndComments:
                [
                    IncludePath(.toOne("author")),
                    IncludePath(.toMany("comments")),
                    IncludePath(.toOne("author")),
                ]
            }
        }
    }
}

/// A child of `Article`: `/articles/{id}/comments`, listable and showable.
struct Comment: ChildResource, IsListable, IsShowable {
    typealias Parent = Article
    static let resourceType = "comments"
    static let pathSegment = "comments"

    var id: String
    var body: String
    var author: ToOne<Person>
}

/// A root resource that refers to its own type.
struct Person: RootResource, IsShowable {
    static let resourceType = "people"
    static let collectionPath = "/people"

    var id: String
    var name: String
    var friend: ToOne<Person>
    var followers: ToMany<Person>
}

/// A root resource with no capability: its children are reached with `at(_:)`.
struct Account: RootResource {
    static let resourceType = "accounts"
    static let collectionPath = "/api/v1/accounts"

    var id: UUID
}

/// A child of a resource that cannot be shown.
struct Setting: ChildResource, IsListable, IsShowable, IsReplaceable {
    typealias Parent = Account
    static let resourceType = "settings"
    static let pathSegment = "settings"

    var id: String
    var value: String
}

/// An ID type whose path text (`parameterValue`) differs from its `description`.
struct TagName: Codable, Hashable, Sendable, CustomStringConvertible, ParameterValue {
    var name: String
    var description: String { "TagName(\(name))" }
    var parameterValue: String { name }
}

/// A root resource with a custom ID type.
struct Tag: RootResource, IsShowable {
    static let resourceType = "tags"
    static let collectionPath = "/tags"

    var id: TagName
}

/// Three levels: `/posts/{id}/comments/{id}/commenters`.
enum Forum {
    struct Post: RootResource, IsListable, IsShowable, IsReplaceable {
        static let resourceType = "posts"
        static let collectionPath = "/posts"

        var id: Int
    }

    struct Comment: ChildResource, IsListable, IsShowable {
        typealias Parent = Post
        static let resourceType = "comments"
        static let pathSegment = "comments"

        var id: Int
    }

    struct Commenter: ChildResource, IsListable, IsShowable, IsCreatable, IsReplaceable, IsPatchable, IsDeletable {
        typealias Parent = Forum.Comment
        static let resourceType = "commenters"
        static let pathSegment = "commenters"

        var id: Int
    }
}

/// A string enum, as generated code writes one.
enum Status: String, Codable, Sendable, ParameterValue {
    case draft
    case published
}

/// An integer enum, which conforms through its raw value.
enum Priority: Int, Codable, Sendable, ParameterValue {
    case low = 1
    case high = 9
}

/// A resource that is both a root (`/notes`) and a child of `Article` (`/articles/{id}/notes`).
struct Note: RootResource, ChildResource, IsListable, IsShowable {
    typealias Parent = Article
    static let resourceType = "notes"
    static let collectionPath = "/notes"
    static let pathSegment = "notes"

    var id: String
}
