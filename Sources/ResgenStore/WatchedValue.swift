import Observation

/// A live query as an `@Observable` object, for SwiftUI (and anything else that observes through the
/// Observation module, on Linux too): ``value`` is the query's latest value, updated on the main actor.
///
/// ```swift
/// struct ArticleView: View {
///     @State var article: WatchedValue<Article>
///     var body: some View { Text(article.value?.title ?? "…") }
/// }
/// // made with: WatchedValue(await store.watch(Article.self, id: 1, including: .author))
/// ```
///
/// It follows the watch until it is released: releasing it ends the watch and unregisters the query.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
public final class WatchedValue<Value: Sendable> {
    /// The latest value; nil until the store can answer the query.
    public private(set) var value: Value?
    /// How many values arrived (a view can tell a first value from a later one).
    public private(set) var updates = 0
    @ObservationIgnored private var following: Task<Void, Never>?

    /// Follows `watch`: each value it yields becomes ``value``.
    public init(_ watch: ResourceWatch<Value>) {
        following = Task { [weak self] in
            for await next in watch {
                guard let self else { return }
                self.value = next
                self.updates += 1
            }
        }
    }

    deinit {
        following?.cancel()
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ResourceWatch {
    /// This watch as an `@Observable` object (see ``WatchedValue``).
    @MainActor public func observed() -> WatchedValue<Value> { WatchedValue(self) }
}
