import ArgumentParser
import Tessera
import TesseraBenchKit

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every element's attributes as JSON lines, in layout order."
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(help: ArgumentHelp("Items in the built-in workload.", valueName: "count"))
    var items = CountArgument(100)

    @OptionGroup var workload: WorkloadOptions

    func run() throws {
        var engine = CollectionLayout<FlowLayout, BruteForceIndex>(try workload.makeFlowLayout(items: items.count))
        try engine.prepare(viewport: workload.viewport.size)
        for index in 0..<engine.store.count {
            print(jsonLine(engine.attributes(ofElement: index)))
        }
    }
}
