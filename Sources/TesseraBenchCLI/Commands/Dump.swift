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
        help: ArgumentHelp(
            "The content offset: of the view the changes start from, and the one the layout's scroll effects use (after an anchored change, the offset it returns).",
            valueName: "x,y"),
        transform: PointArgument.init(parsing:))
    var offset: PointArgument?

    @OptionGroup var changes: ChangeOptions

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
    }

    func run() throws {
        let file = try changes.updatesFile()
        let source = try workload.source()
        try workload.withLayout(
            subject.layout, items: try subject.itemCount(workload, of: source), from: source,
            Printer(viewport: workload.viewport.size, offset: offset?.point, updates: file, changes: changes))
    }

    struct Printer: LayoutVisitor {
        let viewport: Size
        let offset: Point?
        let updates: UpdatesFile?
        let changes: ChangeOptions

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
            var engine = CollectionLayout<Algorithm, BruteForceIndex>(algorithm)
            try engine.prepare(viewport: viewport)
            var offset = offset ?? .zero
            if changes.anchor == nil, changes.resizeTo == nil, let updates {
                // Steps gathered into the batches of their net change: the same layout, in what the steps change.
                let progress = StepProgress(total: updates.steps.count, of: "dump: steps applied") { line in
                    FileHandle.standardError.write(Data("\(line)\n".utf8))
                }
                try updates.apply(to: &engine) { if !changes.quiet { progress.update($0) } }
            } else {
                var subject = EngineSubject(engine.algorithm, index: BruteForceIndex(), strategy: .soaBinarySearch)
                try subject.prepare(viewport: viewport)
                offset = try changes.apply(updates, to: &subject, from: offset)
                engine = subject.layout
            }
            if changes.anchor != nil { print(ChangeOptions.offsetLine(offset)) }
            for index in 0..<engine.store.count {
                let attributes = engine.attributes(ofElement: index, contentOffset: offset)
                print(jsonLine(attributes, of: algorithm))
            }
        }
    }
}
