import ArgumentParser
import Tessera
import TesseraBenchKit

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every element's attributes as JSON lines, in layout order."
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(parsing: .unconditional, help: ArgumentHelp("Items in the built-in workload.", valueName: "count"))
    var items = CountArgument(100)

    @Option(parsing: .unconditional, help: ArgumentHelp("The content offset the layout's scroll effects use.", valueName: "x,y"))
    var offset: PointArgument?

    @OptionGroup var workload: WorkloadOptions

    func run() throws {
        try workload.withLayout(layout, items: items.count, Printer(viewport: workload.viewport.size, offset: offset?.point))
    }

    struct Printer: LayoutVisitor {
        let viewport: Size
        let offset: Point?

        func visit<Algorithm: LayoutAlgorithm>(_ algorithm: Algorithm) throws {
            var engine = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try engine.prepare(viewport: viewport)
            for index in 0..<engine.store.count {
                let attributes = engine.attributes(ofElement: index, contentOffset: offset ?? .zero)
                print(jsonLine(attributes, of: algorithm))
            }
        }
    }
}
