import Foundation
import Testing

/// Files the tool reads are refused by what they are and by their size before a byte is read, against the memory
/// the process may use: the tightest of the machine's, its control group's and its own limits (`ulimit -v`).
@Suite struct BoundedReadTests {
    /// Every command that reads a file, with FILE in the file's place (and REPORT for a valid report beside it).
    static let fileOptions = [
        "compare REPORT FILE", "summary FILE", "export FILE --format bmf", "history add FILE --database h.sqlite",
        "run --quick --workload FILE", "run --quick --trace FILE", "dump --updates FILE",
    ]

    /// `command` with `file` in its FILE's place, run in a directory of its own.
    static func run(_ command: String, file: (TemporaryDirectory) throws -> String) throws -> Bench.Outcome {
        let directory = try TemporaryDirectory()
        let report = try HistoryCommandTests.report(in: directory)
        let input = try file(directory)
        let arguments = command.split(separator: " ").map {
            $0 == "FILE" ? input : $0 == "REPORT" ? report : String($0)
        }
        return try Bench.run(arguments, in: directory.url, timeout: 20)
    }

    /// A file of 50 GB (sparse: nothing is written, and nothing may be read) is refused by its size at once, by
    /// every command that reads a file.
    @Test(arguments: fileOptions)
    func aFileTooLargeForMemoryIsRefusedAtOnce(_ command: String) throws {
        let outcome = try Self.run(command) { directory in
            let big = directory.path("big.json")
            #expect(FileManager.default.createFile(atPath: big, contents: nil))
            #expect(truncate(big, 50 << 30) == 0)
            return big
        }
        #expect(outcome.status != 0 && !outcome.timedOut && !outcome.crashed, "\(outcome)")
        #expect(outcome.standardError.contains("may use"), "refused for the memory it would take: \(outcome)")
    }

    /// Every file option, given a device or a pipe, says so at once: none is read, and none waits on a writer.
    @Test(arguments: fileOptions)
    func aDeviceOrAPipeIsRefusedByWhatItIs(_ command: String) throws {
        for device in ["/dev/zero", "/dev/null", nil] {
            let outcome = try Self.run(command) { directory in
                guard let device else {
                    let fifo = directory.path("fifo")
                    #expect(mkfifo(fifo, 0o600) == 0)
                    return fifo
                }
                return device
            }
            #expect(outcome.status != 0 && !outcome.timedOut && !outcome.crashed, "\(outcome)")
            #expect(outcome.standardError.contains("not a regular file but a device or a pipe"), "\(outcome)")
        }
    }

    /// One kind of file the tool reads, a valid one of a few megabytes, and a command that reads it.
    struct Reader: CustomTestStringConvertible, Sendable {
        var name: String
        /// Writes the file into the directory and returns the command's arguments.
        var make: @Sendable (TemporaryDirectory) throws -> [String]
        var testDescription: String { name }
    }

    static let readers: [Reader] = [
        Reader(name: "updates (dump --updates)") { directory in
            // 100,000 resizes, 5.7 MB.
            let steps = (0..<100_000).map { #"{"op":"resizeItem","section":0,"item":\#($0 % 100),"size":[20,30]}"# }
            let file = try directory.write("updates.json", #"{"updates": ["# + steps.joined(separator: ",") + "]}")
            return ["dump", "--items", "100", "--updates", file]
        },
        Reader(name: "workload (dump --workload)") { directory in
            // 200 sections of 1,000 listed sizes, 2.6 MB.
            let section =
                #"{"itemSizes": ["# + Array(repeating: "[50.5,40.25]", count: 1_000).joined(separator: ",")
                + "]}"
            let file = try directory.write(
                "workload.json",
                #"{"sections": ["# + Array(repeating: section, count: 200).joined(separator: ",") + "]}")
            return ["dump", "--layout", "flow", "--workload", file]
        },
        Reader(name: "trace (run --trace)") { directory in
            // 200,000 frames scrolling down a 1,000-item flow, 6.8 MB.
            let frames = (0..<200_000).map { #"{"offset": [0, \#(Double($0 % 4_000) * 7.25)]}"# }
            let file = try directory.write(
                "trace.json",
                #"{"framesPerSecond": 60, "viewport": [390, 844], "frames": ["# + frames.joined(separator: ",") + "]}")
            return [
                "run", "--quick", "--quiet", "--items", "1k", "--layouts", "flow", "--strategies", "soa-binary-search",
                "--trace", file,
            ]
        },
        Reader(name: "report (compare)") { directory in
            // A real run's report with every result's samples repeated 400 times (the same median and tails).
            let report = try HistoryCommandTests.report(in: directory)
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
            )
            var results = try #require(object["results"] as? [[String: Any]])
            for index in results.indices {
                let samples = try #require(results[index]["samplesNanoseconds"] as? [Double])
                results[index]["samplesNanoseconds"] = Array(repeating: samples, count: 400).flatMap { $0 }
                results[index]["samples"] = samples.count * 400
            }
            object["results"] = results
            let big = directory.path("big.json")
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: big))
            return ["compare", report, big]
        },
    ]

    /// Under address-space limits from below to above what reading the file needs, the reader either reads it or
    /// refuses it up front, naming the limit: it never runs out of memory half-way, which aborts the process.
    @Test(arguments: readers)
    func aReaderRefusesWhatItsLimitCannotHoldAndReadsWhatItCan(_ reader: Reader) throws {
        let directory = try TemporaryDirectory()
        let arguments = try reader.make(directory)
        var read = false
        for kilobytes in [300_000, 500_000, 800_000, 1_300_000, 2_000_000] {
            let command = "ulimit -v \(kilobytes) && exec \"$0\" \"$@\""
            let outcome = try Bench.run(
                ["-c", command, TesseraBenchBinary.url.path] + arguments, timeout: 120,
                executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(!outcome.crashed && !outcome.timedOut, "ulimit -v \(kilobytes): \(outcome)")
            #expect(
                outcome.status == 0 || outcome.standardError.contains("may use"),
                "ulimit -v \(kilobytes): read, or refused for the limit: \(outcome)")
            read = read || outcome.status == 0
        }
        #expect(read, "read under the largest limit")
    }
}
