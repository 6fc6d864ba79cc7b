import Foundation
import ResgenRuntime
import Testing

/// `TransferProgress.Reporter`: how many values a transfer hands to its handler, whatever its chunking.
@Suite struct TransferProgressReporterTests {
    /// The values a reporter passed on.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TransferProgress] = []
        var values: [TransferProgress] { lock.withLock { recorded } }
        lazy var reporter = TransferProgress.Reporter { [unowned self] value in self.lock.withLock { self.recorded.append(value) } }
    }

    @Test(
        "A transfer of known length reports its start, at most one value per percent, and its end",
        arguments: [(1_000_000 as Int64, 1 as Int64), (1_000_000, 4096), (1_000_000, 999_999), (150, 1), (7, 3)])
    func knownLength(total: Int64, chunk: Int64) {
        let recorder = Recorder()
        var done: Int64 = 0
        recorder.reporter.update(completedBytes: 0, totalBytes: total)
        while done < total {
            done = min(total, done + chunk)
            recorder.reporter.update(completedBytes: done, totalBytes: total)
        }
        recorder.reporter.finish(completedBytes: done)
        let values = recorder.values
        #expect(values.first == TransferProgress(completedBytes: 0, totalBytes: total))
        #expect(values.last == TransferProgress(completedBytes: total, totalBytes: total))
        #expect(values.count <= 102)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
        // Each step passed on is at least a percent (or the end).
        #expect(zip(values, values.dropFirst()).allSatisfy { $1.completedBytes - $0.completedBytes >= max(1, total / 100) || $1.completedBytes == total })
    }

    @Test func anUnknownLengthReportsEveryMebibyteThenItsTotalAtTheEnd() {
        let recorder = Recorder()
        for done in stride(from: Int64(0), through: 5_000_000, by: 10_000) {
            recorder.reporter.update(completedBytes: done, totalBytes: nil)
        }
        recorder.reporter.finish(completedBytes: 5_000_000)
        let values = recorder.values
        #expect(values.map(\.completedBytes) == [0, 1_050_000, 2_100_000, 3_150_000, 4_200_000, 5_000_000])
        #expect(values.dropLast().allSatisfy { $0.totalBytes == nil })
        #expect(values.last?.totalBytes == 5_000_000)
        #expect(values.last?.fractionCompleted == 1)
    }

    @Test func neverBackwardsNorTheSameValueTwice() {
        let recorder = Recorder()
        for done: Int64 in [0, 500, 200, 500, 1000, 1000, 900] {
            recorder.reporter.update(completedBytes: done, totalBytes: 1000)
        }
        recorder.reporter.finish(completedBytes: 1000)
        #expect(recorder.values.map(\.completedBytes) == [0, 500, 1000])
    }

    @Test func reportersAreComparedByIdentity() {
        let one = TransferProgress.Reporter { _ in }
        let other = TransferProgress.Reporter { _ in }
        #expect(one == one)
        #expect(one != other)
        #expect(TransportOptions(uploadProgress: one) != TransportOptions(uploadProgress: other))
        #expect(TransportOptions() == TransportOptions(uploadProgress: nil))
    }

    @Test func fractionAndDescription() {
        #expect(TransferProgress(completedBytes: 1, totalBytes: 4).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 3, totalBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(completedBytes: 1, totalBytes: 4).description == "1 of 4 bytes")
        #expect(TransferProgress(completedBytes: 3, totalBytes: nil).description == "3 bytes")
    }
}
