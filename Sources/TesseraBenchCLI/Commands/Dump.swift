import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

struct Dump: ParsableCommand, ItemCountCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every element's attributes as JSON lines, in layout order."
    )
    static let defaultItemCount = 100

    @OptionGroup var subject: OneLayoutOptions<Dump>

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

    @Flag(help: "No progress on standard error (shown while updates take more than a few seconds).")
    var quiet = false

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
    }

    func run() throws {
        let file = try updates.map { path in
            try WorkloadOptions.holdingSomething { try UpdatesFile.load(from: URL(fileURLWithPath: path)) }
        }
        let source = try workload.source()
        try workload.withLayout(
            subject.layout, items: try subject.itemCount(workload, of: source), from: source,
            Printer(viewport: workload.viewport.size, offset: offset?.point, updates: file, quiet: quiet))
    }

    struct Printer: LayoutVisitor {
        let viewport: Size
        let offset: Point?
        let updates: UpdatesFile?
        let quiet: Bool

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
            var engine = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try engine.prepare(viewport: viewport)
            if let updates {
                let progress = StepProgress(total: updates.steps.count, of: "dump: steps applied") { line in
                    FileHandle.standardError.write(Data("\(line)\n".utf8))
                }
                try updates.apply(to: &engine) { if !quiet { progress.update($0) } }
            }
            for index in 0..<engine.store.count {
                let attributes = engine.attributes(ofElement: index, contentOffset: offset ?? .zero)
                print(jsonLine(attributes, of: algorithm))
            }
        }
    }
}
