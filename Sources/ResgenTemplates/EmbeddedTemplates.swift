public enum EmbeddedTemplates { public static let all: [String: String] = [:] }
