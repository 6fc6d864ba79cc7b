import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension JSONAPIErrorObject {
    /// The index of the atomic operation this error belongs to, from its `source.pointer`
    /// (`/atomic:operations/2/data/attributes/title` → 2); nil for any other error.
    public var atomicOperation: Int? {
        let prefix = "/atomic:operations/"
        guard let pointer = source?.pointer, pointer.hasPrefix(prefix) else { return nil }
        return Int(pointer.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber })
    }
}
