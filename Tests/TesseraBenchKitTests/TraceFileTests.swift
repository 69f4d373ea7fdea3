import Foundation
import Tessera
import Testing

@testable import TesseraBenchKit

/// Trace files (`run --trace`): the built-in trace written and read back frame for frame, and every way a file can
/// fail to be a trace refused with the file and the field.
@Suite struct TraceFileTests {
    static func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("the built-in trace, written as a file and read back, is the same frames bit for bit")
    func roundTrip() throws {
        let sections = try BuiltInWorkload().sections(for: .waterfall, items: 3_000)
        var layout = CollectionLayout<WaterfallLayout, BruteForceIndex>(try WaterfallLayout(sections: sections))
        let trace = try ScrollTrace(over: &layout, viewport: Size(width: 390, height: 844), seed: 7)
        let url = try Self.write(TraceFile(trace).json())
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try TraceFile.load(from: url)
        #expect(read.frames.count == trace.frames.count)
        #expect(
            read.frames == trace.frames,
            "frames differ first at \(String(describing: read.frames.indices.first { read.frames[$0] != trace.frames[$0] }))"
        )
        #expect(Set(read.frames.map(\.viewport)).count == 2, "the rotation is kept")
        #expect(read.framesPerSecond == 120)
        #expect(read.name.hasPrefix(url.lastPathComponent + " (FNV-1a "))
    }

    @Test("a frame's viewport holds for the frames after it")
    func viewportCarriesOver() throws {
        let url = try Self.write(
            #"{"framesPerSecond": 60, "viewport": [100, 200], "frames": [{"offset": [0, 1]}, {"offset": [0, 2], "viewport": [200, 100]}, {"offset": [0, 3]}]}"#
        )
        defer { try? FileManager.default.removeItem(at: url) }
        let frames = try TraceFile.load(from: url).frames
        #expect(
            frames.map(\.viewport) == [
                Size(width: 100, height: 200), Size(width: 200, height: 100), Size(width: 200, height: 100),
            ])
        #expect(frames.map(\.offset.y) == [1, 2, 3])
    }

    @Test(
        "files that are not traces are refused with the field",
        arguments: [
            (#"[1, 2]"#, "a trace is an object"),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, 0]}], "fps": 1}"#,
                "unknown key 'fps'"
            ),
            (#"{"viewport": [390, 844], "frames": [{"offset": [0, 0]}]}"#, "framesPerSecond"),
            (#"{"framesPerSecond": -1, "viewport": [390, 844], "frames": [{"offset": [0, 0]}]}"#, "framesPerSecond"),
            (#"{"framesPerSecond": 120, "frames": [{"offset": [0, 0]}]}"#, "viewport must be"),
            (
                #"{"framesPerSecond": 120, "viewport": [0, 844], "frames": [{"offset": [0, 0]}]}"#,
                "viewport must be a width and a height above 0 and at most 10^12 points, not 0.0 × 844.0"
            ),
            // Too large a viewport was said to be "not positive".
            (
                #"{"framesPerSecond": 120, "viewport": [1e13, 844], "frames": [{"offset": [0, 0]}]}"#,
                "viewport must be a width and a height above 0 and at most 10^12 points, not 10000000000000.0 × 844.0"
            ),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, true]}]}"#,
                "frames[0].offset[1]"
            ),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, 0]}, {"offset": [1]}]}"#,
                "frames[1].offset"
            ),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, 0], "viewport": [-1, 2]}]}"#,
                "frames[0].viewport"
            ),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"ofset": [0, 0]}]}"#,
                "unknown key 'ofset'"
            ),
            (#"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [{"offset": [0, 1e999]}]}"#, "1e999"),
            (#"{"framesPerSecond": 120, "viewport": [390, 844], "frames": [3]}"#, "frames[0] is not an object"),
            (
                #"{"framesPerSecond": 120, "viewport": [390, 844], "frames": {"offset": [0, 0]}}"#,
                "frames must be a list"
            ),
            (#"{"framesPerSecond": 120,"#, "not JSON"),
            // The rate sets the frame budget; 1e308 made "a 0 Hz frame" of a 300-digit duration.
            (#"{"framesPerSecond": 1e308, "viewport": [390, 844], "frames": [{"offset": [0, 0]}]}"#, "from 1 to 1000"),
            (#"{"framesPerSecond": 1e-300, "viewport": [390, 844], "frames": [{"offset": [0, 0]}]}"#, "from 1 to 1000"),
            (
                #"{"framesPerSecond": 60, "viewport": [390, 844], "frames": [{"offset": [0, 1e300]}]}"#,
                "frames[0].offset is past 10^12 points"
            ),
        ])
    func refusesWhatIsNotATrace(text: String, reason: String) throws {
        let url = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try TraceFile.load(from: url)
        } throws: { error in
            guard case .malformedTrace(let path, let message) = error as? WorkloadError else { return false }
            return path == url.path && message.contains(reason)
        }
    }

    /// A trace of no frames reads, but holds nothing to measure: refused as such, which the command line makes a
    /// usage error, as it does a workload file of no items.
    @Test func aTraceOfNoFramesHoldsNothing() throws {
        let url = try Self.write(#"{"framesPerSecond": 120, "viewport": [390, 844], "frames": []}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try TraceFile.load(from: url)
        } throws: { error in
            guard case .holdsNothing(let reason) = error as? WorkloadError else { return false }
            return reason.contains(url.path) && reason.contains("holds no frames")
        }
    }

    /// Reading is costed against the memory budget before the file is read, and before it is decoded: a trace of
    /// millions of frames must not be read into memory the process does not have.
    @Test("a trace whose reading would not fit the memory budget is refused, and named")
    func refusedOverTheMemoryBudget() throws {
        let frames = (0..<1_000).map { #"{"offset": [0, \#($0)]}"# }.joined(separator: ",")
        let url = try Self.write(#"{"framesPerSecond": 60, "viewport": [390, 844], "frames": ["# + frames + "]}")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = try Data(contentsOf: url).count
        let estimate = MemoryEstimate.traceFileBytes(fileBytes: bytes, frames: 1_001)
        #expect(estimate > Double(bytes) + 32 * 1_000, "the file, and each frame decoded")
        for budget in [Double(bytes) / 2, Double(bytes) + estimate / 2] {
            #expect {
                _ = try TraceFile.load(from: url, within: MemoryEstimate(budget: budget, spent: 0))
            } throws: { error in
                guard case .inputFileTooLarge(let path, _, let refused) = error as? RunError else { return false }
                return path == url.path && refused == budget
            }
        }
        let read = try TraceFile.load(from: url, within: MemoryEstimate(budget: Double(bytes) + estimate, spent: 0))
        #expect(read.frames.count == 1_000 && read.framesPerSecond == 60)
    }

    @Test("a missing file is unreadable, with the system's reason")
    func missingFile() {
        #expect(throws: WorkloadError.unreadableTrace("/nonexistent/trace.json", "No such file or directory")) {
            try TraceFile.load(from: URL(fileURLWithPath: "/nonexistent/trace.json"))
        }
    }
}
