import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

struct Trace: ParsableCommand, ItemCountCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the built-in scroll trace of a layout as a trace file, the format `run --trace` replays.",
        discussion: """
            A trace file is JSON: {"framesPerSecond": 120, "viewport": [width, height], "frames": [{"offset": [x, y]}, \
            {"offset": [x, y], "viewport": [width, height]}, ...]}. Each frame is one query, of the viewport's rect at \
            the frame's content offset; a frame's viewport holds from that frame on (a rotation or a resize, which \
            prepares the layout again). Record your app's scrolling in it (the collection view's contentOffset and \
            bounds size at each display-link tick) to benchmark the strategies on your own scrolling.
            """
    )

    static let defaultItemCount = 10_000

    /// The layout the trace scrolls, and its items.
    @OptionGroup var subject: OneLayoutOptions<Trace>

    @Option(help: ArgumentHelp("Write the trace to this file rather than to standard output.", valueName: "file.json"))
    var output: String?

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
        _ = try outputFiles()
    }

    func outputFiles() throws -> OutputFiles {
        try OutputFiles(["--output": output], inputs: [("--workload", workload.workload)])
    }

    func run() throws {
        let outputFiles = try outputFiles()
        let source = try workload.source()
        let trace = try workload.withLayout(
            subject.layout, items: try subject.itemCount(workload, of: source), from: source,
            Maker(viewport: workload.viewport.size, seed: workload.seed))
        let json = TraceFile(trace).json()
        guard output != nil else {
            print(json, terminator: "")
            return
        }
        try outputFiles.write(["--output": { Data(json.utf8) }])
    }

    struct Maker: LayoutVisitor {
        let viewport: Size
        let seed: UInt64

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> ScrollTrace {
            var layout = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            return try ScrollTrace(over: &layout, viewport: viewport, seed: seed)
        }
    }
}
