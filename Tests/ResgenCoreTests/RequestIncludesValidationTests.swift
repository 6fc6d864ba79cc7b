import ResgenCore
import Testing

/// A request's `includes:` in stage 3: the sets start at the response's resource (or its array's
/// element) and are checked as a resource's are; a request without such a response cannot have them.
@Suite struct RequestIncludesValidationTests {
    static let resources = """
        api: { name: Tasks, format: jsonapi }
        resources:
          Task:
            type: tasks
            path: /tasks
            relationships:
              assignee: { toOne: Person? }
          Person:
            type: people
        requests:

        """

    @Test func theSetsStartAtTheResponsesResource() throws {
        let (model, diagnostics) = model(of: Self.resources + """
              MyTasks:
                method: GET
                path: /me/tasks
                response: "[Task]"
                includes:
                  withAssignee: [assignee]

            """)
        #expect(diagnostics.isEmpty)
        let request = try #require(model?.requests.first)
        #expect(request.includeRoot == "Task")
        #expect(request.includeSets.map(\.swiftName) == ["withAssignee"])
        #expect(request.includeSets.first?.paths.first?.map(\.wireKey) == ["assignee"])
    }

    @Test func pathsAndResponsesAreChecked() {
        #expect(diagnostics(of: Self.resources + """
              Typo:
                method: GET
                path: /typo
                response: Task
                includes:
                  withAssignee: [asignee]
              Counts:
                method: GET
                path: /counts
                response: "[Int]"
                includes:
                  any: [assignee]
              Maybe:
                method: GET
                path: /maybe
                response: Task?
                includes:
                  any: [assignee]
              Nothing:
                method: POST
                path: /nothing
                includes:
                  any: [assignee]

            """) == [
                "schema.yml:16:22: error: include path 'asignee': 'Task' has no relationship 'asignee'; did you mean 'assignee'?",
                "schema.yml:22:7: error: the include sets of request 'Counts' need a response that is a resource or an array of one, found '[Int]'",
                "schema.yml:28:7: error: the include sets of request 'Maybe' need a response that is a resource or an array of one, found 'Task?'",
                "schema.yml:33:7: error: request 'Nothing' has include sets but no 'response'; they resolve relationships of the resource it returns",
            ])
    }
}
