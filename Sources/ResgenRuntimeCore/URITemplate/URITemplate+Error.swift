import Foundation

extension URITemplate {
    /// Why a template could not be parsed or expanded, and where.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
        /// The template text.
        public var template: String
        /// The 0-based offset in the template, counted in UTF-8 bytes (as compiler columns are), of the
        /// character the ``reason`` is about.
        public var offset: Int
        /// What is wrong.
        public var reason: Reason

        /// Creates an error.
        ///
        /// - Parameters:
        ///   - template: The template text.
        ///   - offset: The UTF-8 offset of the offending character.
        ///   - reason: What is wrong.
        public init(template: String, offset: Int, reason: Reason) {
            self.template = template
            self.offset = offset
            self.reason = reason
        }

        /// A full sentence, e.g. `The URI template '{var:0}' is invalid at offset 5: the prefix length
        /// must be a number from 1 to 9999 without leading zeros.`
        public var description: String {
            "The URI template '\(template)' is invalid at offset \(offset): \(reason)."
        }

        /// The same as ``description``.
        public var errorDescription: String? { description }
    }
}
