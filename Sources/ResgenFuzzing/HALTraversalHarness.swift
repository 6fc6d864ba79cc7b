import Foundation

@_spi(Testing) @testable import ResgenRuntime

/// Target `haltraversal`: HAL traversal (typed, into the generated Contacts models, and untyped) over a
/// scripted document set, with small budgets.
///
/// An input is a script: a few documents at `/contacts/0…`, each a resource whose `contacts` are a link
/// array (a short pattern of targets, possibly repeated hundreds of times, possibly with a query), a
/// single link or embedded resources, with a `website` link and padding; or a collection; or broken
/// JSON. Links may point to any document, to themselves, or nowhere (404). Then the options: include
/// paths, concurrency, failure policy, `alwaysFetch`.
///
/// Whatever the documents, a traversal must stay within its budgets, checked from what the in-process
/// server saw and from the traversal's own counts (the harness drives ``HALTraversalEngine`` as
/// ``Client/traverse(_:including:query:headers:options:)`` does, to keep it alive after the call):
/// requests ≤ ``HALTraversalOptions/requestBudget``; decodes ≤ requests × the types a URL may be read as
/// (a body is decoded once per type, then dropped); resources resolved ≤ ``HALTraversalOptions/resourceBudget``; bytes handed out
/// ≤ ``HALTraversalOptions/byteBudget`` × concurrency; no body alive once the call is over; errors only
/// of the kinds a traversal throws; and, under libFuzzer, the process CPU time of an input within
/// ``FuzzOptions/timeLimit``.
enum HALTraversalHarness {
    static let target = FuzzTarget(name: "haltraversal", summary: "HAL traversal over scripted documents: work and memory within the budgets") {
        input, options throws(Finding) in
        var script = FuzzInput(input)
        let documents = Script.documents(&script)
        let run = Script.run(&script)
        // A transport per traversal: a fetch task the first one cancelled may still reach its transport after
        // it returned, and must not count as the second one's request.
        let (typedTransport, untypedTransport) = (ScriptedDocuments(documents), ScriptedDocuments(documents))
        let start = ProcessCPUClock.now()
        let findings = blocking {
            [await check("typed", typedTransport, run) { engine in
                let root = try await engine.load(Contact.self, Script.root, path: "")
                _ = try await engine.resolve(root, IncludeTree(run.typed))
            }, await check("untyped", untypedTransport, run) { engine in
                let root = try await engine.loadDocument(Script.root, path: "")
                _ = try await engine.resolve(root, try IncludeTree(halIncludes: run.untyped))
            }]
        }
        if let finding = findings.compactMap({ $0 }).first { throw finding }
        let elapsed = ProcessCPUClock.now() - start
        if let limit = options.timeLimit, elapsed > limit {
            throw Finding(target: "haltraversal", kind: "slow", message: "two traversals of \(input.count) bytes of script took \(elapsed) of CPU")
        }
    }

    /// How one traversal runs: its options and include paths.
    struct Run: Sendable {
        var options: HALTraversalOptions
        var typed: [IncludePath]
        var untyped: [String]
    }

    /// Runs `traverse` with a fresh engine and checks what it cost; nil when within the budgets.
    static func check(
        _ name: String, _ transport: ScriptedDocuments, _ run: Run, _ traverse: @escaping @Sendable (HALTraversalEngine) async throws -> Void
    ) async -> Finding? {
        func finding(_ kind: String, _ message: String) -> Finding {
            Finding(target: "haltraversal", kind: kind, message: "\(name) traversal of \(run.untyped): \(message); requests \(transport.requests)")
        }
        transport.reset()
        let options = run.options
        let client = Client(baseURL: URL(string: "http://fuzz.test")!, transport: transport, configuration: .init(codec: HALCodec(options: options)))
        let engine = HALTraversalEngine(client: client, options: options, headers: [])
        do {
            // Under the call's deadline, as `Client.traverse` runs: the traversal's requests then run within
            // it, bounded by its limiter, instead of each in a task of its own that outlives its cancellation.
            try await client.withDeadline(.get, Script.root) { try await traverse(engine) }
        } catch is HALTraversalError, is ClientError {
            // Budgets, bad links, failed fetches and decodes: what a traversal may throw.
        } catch {
            return finding("error", "threw \(type(of: error)): \(error)")
        }
        let state = engine.state
        let (issued, decodes, resolved) = (await state.issued, await state.decodes, await state.resolved)
        let requests = transport.requests.count
        if requests > options.requestBudget || requests > issued {
            return finding("requests", "\(requests) requests for a budget of \(options.requestBudget) (\(issued) counted)")
        }
        // One response may be decoded as each type the traversal reads at its URL, and no more: typed,
        // a Contact, Website or Order, or a collection of one of them; untyped, a document or a
        // collection under one of the two relation names. Decoding per link gives far more.
        let types = name == "typed" ? 6 : 3
        if decodes > issued * types { return finding("decodes", "\(decodes) decodes of \(issued) responses") }
        if resolved > options.resourceBudget { return finding("resources", "\(resolved) resources resolved for a budget of \(options.resourceBudget)") }
        let delivered = transport.deliveredBytes
        if delivered > options.byteBudget * options.maximumConcurrency {
            return finding("bytes", "\(delivered) bytes taken for a budget of \(options.byteBudget) at \(options.maximumConcurrency) in flight")
        }
        // With the engine (and its state) still alive, no body may be: each is dropped once decoded. A
        // finished task may be released by its thread a moment after its waiter resumed, hence the wait.
        for _ in 0..<2_000 where transport.liveBytes > 0 { try? await Task.sleep(for: .milliseconds(1)) }
        if transport.liveBytes > 0 { return finding("kept", "\(transport.liveBytes) bytes of bodies kept after the call") }
        withExtendedLifetime(engine) {}
        return nil
    }

    /// Runs `work` to its end from synchronous code (libFuzzer's callback, the replay command and tests,
    /// which call it from a thread outside Swift's cooperative pool).
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Box<T>()
        Task {
            result.value = await work()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// The result of ``blocking(_:)``, written by its task before the semaphore is signalled.
    final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}

/// The CPU time of the whole process (user and system): a traversal runs on many threads.
enum ProcessCPUClock {
    static func now() -> Duration {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let micros = Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return .microseconds(micros)
    }
}
