import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every element's attributes as JSON lines, in layout order."
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Items in the built-in workload. (default: 100, or a workload file's count)", valueName: "count"),
        transform: CountArgument.init(parsing:))
    var items: CountArgument?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The content offset the layout's scroll effects use.", valueName: "x,y"),
        transform: PointArgument.init(parsing:))
    var offset: PointArgument?

    @Option(
        help: ArgumentHelp(
            "A file of updates to apply, one step after another, to the prepared layout before printing it: {\"updates\": [{\"op\": \"insertItem\", \"section\": 0, \"item\": 5, \"size\": [w, h]}, {\"batch\": [...]}, ...]}.",
            valueName: "file.json"
        ))
    var updates: String?

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try WorkloadOptions.requireItems(items.map { [$0.count] } ?? [])
        try workload.requireOneShape()
        try workload.check([layout], viewports: WorkloadOptions.bothWaysUp(workload.viewport.size))
    }

    func run() throws {
        let steps = try updates.map { try UpdatesFile.load(from: URL(fileURLWithPath: $0)).steps } ?? []
        let source = try workload.source()
        let count = try workload.fileItemCount(asked: items?.count, of: source) ?? items?.count ?? 100
        try workload.withLayout(
            layout, items: count, from: source,
            Printer(viewport: workload.viewport.size, offset: offset?.point, steps: steps))
    }

    struct Printer: LayoutVisitor {
        let viewport: Size
        let offset: Point?
        let steps: [UpdatesFile.Step]

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
            var engine = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try engine.prepare(viewport: viewport)
            for (index, step) in steps.enumerated() {
                do throws(LayoutError) {
                    switch step {
                    case .single(let update): try engine.apply(update)
                    case .batch(let batch): try engine.apply(batch)
                    }
                } catch {
                    throw WorkloadError.updateRefused(step: index, error)
                }
            }
            for index in 0..<engine.store.count {
                let attributes = engine.attributes(ofElement: index, contentOffset: offset ?? .zero)
                print(jsonLine(attributes, of: algorithm))
            }
        }
    }
}
