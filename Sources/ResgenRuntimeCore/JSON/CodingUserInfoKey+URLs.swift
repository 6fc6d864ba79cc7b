import Foundation

/// The URLs the client hands its coders. In the core because the client sets one and the tape decoder
/// caches the other; the formats read them (HAL: relative hrefs, relationships written as URIs).
extension CodingUserInfoKey {
    /// The base URL of the client encoding a request body (a `URL`): a HAL relationship written as a URI
    /// is made absolute with it. The client sets it; set it in your own encoder's `userInfo` when you
    /// encode HAL request bodies yourself.
    public static let resgenBaseURL = CodingUserInfoKey(rawValue: "resgen.baseURL")!

    /// The URL of the HAL document being decoded (a `URL`): relative hrefs resolve against it. The
    /// client sets it; set it in your own decoder's `userInfo` when you decode HAL documents yourself.
    public static let halDocumentURL = CodingUserInfoKey(rawValue: "resgen.hal.documentURL")!
}
