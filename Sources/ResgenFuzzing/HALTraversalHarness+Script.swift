import Foundation

@testable import ResgenRuntime

extension HALTraversalHarness {
    /// Reads the documents and the options of one input (see ``HALTraversalHarness``).
    enum Script {
        static let root = URL(string: "http://fuzz.test/contacts/0")!

        /// The typed include sets an input picks from.
        static let typedIncludes: [[IncludePath]] = [
            [IncludePath(.toMany("contacts"))],
            [IncludePath(.toMany("contacts"), .toMany("contacts"))],
            [IncludePath(.toMany("contacts"), .toMany("contacts"), .toMany("contacts"))],
            [IncludePath(.toOne("website")), IncludePath(.toMany("contacts"), .toOne("website"))],
            [IncludePath(.toMany("contacts"), .toMany("orders"))],
        ]
        /// The untyped include sets, alike.
        static let untypedIncludes: [[String]] = [
            ["[contacts]"], ["[contacts].[contacts]"], ["[contacts].[contacts].[contacts]"], ["website", "[contacts].website"],
            ["contacts", "[contacts].orders"],
        ]

        /// The documents at `/contacts/0…`, by path.
        static func documents(_ script: inout FuzzInput) -> [String: Data] {
            let count = 1 + script.choose(5)
            var documents: [String: Data] = [:]
            for id in 0..<count {
                let text: String
                switch script.choose(8) {
                case 6: text = collection(id, count, &script)
                case 7: text = String(resource(id, count, &script).prefix(script.choose(64)))
                default: text = resource(id, count, &script)
                }
                documents["/contacts/\(id)"] = Data(text.utf8)
            }
            // A target a link's query names: the same document under another URL.
            documents["/contacts/0?page=2"] = documents["/contacts/0"]
            return documents
        }

        /// A link target among the documents (one past them is missing), sometimes with a query.
        static func target(_ count: Int, _ script: inout FuzzInput) -> String {
            let id = script.choose(count + 1)
            return script.choose(6) == 0 ? "/contacts/\(id)?page=2" : "/contacts/\(id)"
        }

        /// Links: a pattern of up to four targets repeated, up to 1,020 of them.
        static func links(_ count: Int, _ script: inout FuzzInput) -> [String] {
            let pattern = (0..<(1 + script.choose(4))).map { _ in target(count, &script) }
            let length = script.choose(3) == 0 ? Int(script.byte()) * 4 : script.choose(6)
            return (0..<length).map { pattern[$0 % pattern.count] }
        }

        static func link(_ href: String) -> String { #"{"href":"\#(href)"}"# }

        static func resource(_ id: Int, _ count: Int, _ script: inout FuzzInput) -> String {
            var links = [#""self":\#(link("/contacts/\(id)"))"#]
            switch script.choose(3) {
            case 0: links.append(#""contacts":[\#(Self.links(count, &script).map(link).joined(separator: ","))]"#)
            case 1: links.append(#""contacts":\#(link(target(count, &script)))"#)
            default: break
            }
            switch script.choose(3) {
            case 0: links.append(#""website":\#(link(target(count, &script)))"#)
            case 1: links.append(#""website":\#(link("/websites/\(id)"))"#)
            default: break
            }
            if script.bool() { links.append(#""orders":\#(link(target(count, &script)))"#) }
            var embedded = ""
            if script.choose(4) == 0 {
                let items = (0..<script.choose(4)).map { item in
                    #"{"id":\#(100 + item),"name":"E","_links":{"contacts":[\#(Self.links(count, &script).map(link).joined(separator: ","))]}}"#
                }
                embedded = #","_embedded":{"contacts":[\#(items.joined(separator: ","))]}"#
            }
            let padding = String(repeating: "x", count: Int(script.byte()) * 64)
            return #"{"id":\#(id),"name":"C\#(id)","bio":"\#(padding)","_links":{\#(links.joined(separator: ","))}\#(embedded)}"#
        }

        static func collection(_ id: Int, _ count: Int, _ script: inout FuzzInput) -> String {
            let items = (0..<script.choose(5)).map { item in
                #"{"id":\#(200 + item),"name":"I","_links":{"self":\#(link(target(count, &script))),"contacts":[\#(links(count, &script).map(link).joined(separator: ","))]}}"#
            }
            return #"{"_links":{"self":\#(link("/contacts/\(id)"))},"_embedded":{"contacts":[\#(items.joined(separator: ","))]}}"#
        }

        /// The options and include paths, with small budgets.
        static func run(_ script: inout FuzzInput) -> Run {
            let includes = script.choose(typedIncludes.count)
            let options = HALTraversalOptions(
                maximumConcurrency: 1 + script.choose(3), requestBudget: 6, alwaysFetch: script.choose(4) == 0,
                failurePolicy: script.bool() ? .leaveUnresolved : .fail, query: script.choose(4) == 0 ? ["contacts": [QueryItem(name: "q", value: "a+b")]] : [:],
                resourceBudget: 300, maximumLinksPerRelation: 250, byteBudget: 8_192)
            return Run(options: options, typed: typedIncludes[includes], untyped: untypedIncludes[includes])
        }
    }
}
