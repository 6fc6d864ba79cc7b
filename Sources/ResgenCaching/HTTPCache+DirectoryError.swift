import Foundation

extension HTTPCache {
    /// A cache directory the cache refuses: responses read from it could have been planted, or what it
    /// writes there read, by another user.
    public struct DirectoryError: Error, Sendable, CustomStringConvertible {
        /// The directory.
        public var directory: URL
        let refusal: CacheDirectory.Refusal

        init(directory: URL, refusal: CacheDirectory.Refusal) {
            self.directory = directory
            self.refusal = refusal
        }

        /// What is wrong with the directory, and what to do.
        public var description: String {
            let path = directory.path
            switch refusal {
            case .cannotCreate(let code):
                return "cannot create the cache directory \(path): \(String(cString: strerror(code)))"
            case .notADirectory:
                return "the cache directory \(path) is not a directory"
            case .ownedByAnotherUser(let owner):
                return "the cache directory \(path) belongs to another user (uid \(owner)), who could plant responses in it;"
                    + " give the cache a directory of this user's"
            case .writableByOthers(let mode):
                return "the cache directory \(path) may be written by other users (mode \(String(mode, radix: 8))), who could plant"
                    + " responses in it; make it 0700 (chmod 700) or give the cache another directory"
            case .unusableKeyFile:
                return "cannot read or create the key file \(DiskCacheStore.keyFileName) in the cache directory \(path)"
            }
        }
    }
}
