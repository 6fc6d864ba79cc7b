import Foundation
import ResgenRuntime
import Testing

@Test func placeholderCompiles() {
    #expect(Article.show("1").path == "/articles/1")
}
