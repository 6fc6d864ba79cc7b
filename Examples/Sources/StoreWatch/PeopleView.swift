#if canImport(SwiftUI)
import ResgenRuntime
import ResgenStore
import SwiftUI

/// The same watch in SwiftUI (Apple platforms): a `WatchedValue` is `@Observable`, so the view redraws
/// whenever the store yields a new list — after any read or write through the store, anywhere in the app.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
struct PeopleView: View {
    @State var people: WatchedValue<[Person]>

    var body: some View {
        List(people.value ?? []) { person in
            Text(person.name)
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor func makePeopleView(store: ResourceStore) async -> PeopleView {
    PeopleView(people: await store.watch(Person.list()).observed())
}
#endif
