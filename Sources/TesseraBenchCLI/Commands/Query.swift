import ArgumentParser
import Tessera
import TesseraBenchKit

struct Query: ParsableCommand, ItemCountCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the attributes of the elements shown in a rect as JSON lines, in layout order."
    )
    static let defaultItemCount = 100

    @OptionGroup var subject: OneLayoutOptions<Query>

    @Option(help: "The strategy that answers.")
    var strategy: StrategyID = .soaBinarySearch

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The rect, in content coordinates; a negative width or height reaches left or up from x,y, as a CGRect's does.",
            valueName: "x,y,width,height"),
        transform: RectArgument.init(parsing:))
    var rect: RectArgument

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The content offset: of the view the changes start from, and the one the layout's scroll effects use (after an anchored change, the offset it returns; default: the rect's origin).",
            valueName: "x,y"),
        transform: PointArgument.init(parsing:))
    var offset: PointArgument?

    @OptionGroup var changes: ChangeOptions

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
    }

    func run() throws {
        let printer = Printer(
            strategy: strategy, rect: rect.rect, offset: offset?.point ?? rect.rect.origin,
            viewport: workload.viewport.size, updates: try changes.updatesFile(), changes: changes)
        let source = try workload.source()
        try workload.withLayout(
            subject.layout, items: try subject.itemCount(workload, of: source), from: source, printer)
    }

    struct Printer: LayoutVisitor {
        let strategy: StrategyID
        let rect: Rect
        let offset: Point
        let viewport: Size
        let updates: UpdatesFile?
        let changes: ChangeOptions

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
            var subject = try strategy.subject(algorithm)
            try subject.prepare(viewport: viewport)
            let offset = try changes.apply(updates, to: &subject, from: offset)
            if changes.anchor != nil { print(ChangeOptions.offsetLine(offset)) }
            // Layout order over the data the updates left, which the oracle's own edits give.
            var data = algorithm
            for step in updates?.steps ?? [] {
                switch step {
                case .single(let update): try data.apply([update])
                case .batch(let batch): try data.apply(batch)
                }
            }
            let order = LayoutOrder(data, viewport: changes.resizeTo?.size ?? viewport)
            for element in try subject.answer(rect, offset: offset).sorted(by: { order.precedes($0.id, $1.id) }) {
                print(jsonLine(element.attributes, of: algorithm))
            }
        }
    }
}
