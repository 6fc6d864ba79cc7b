import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The floor of the size benchmark: Foundation and URLSession alone, one GET, its bytes decoded as JSON.
// Usage: HelloFoundation [URL]
let url = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8000/articles")!
let (data, response) = try await URLSession.shared.data(from: url)
let object = try JSONSerialization.jsonObject(with: data)
print("hello: \((response as? HTTPURLResponse)?.statusCode ?? 0), \(data.count) bytes, \(type(of: object))")
