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
            "The content offset the layout's scroll effects use (default: the rect's origin).", valueName: "x,y"),
        transform: PointArgument.init(parsing:))
    var offset: PointArgument?

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        try subject.check(workload)
    }

    func run() throws {
        let printer = Printer(
            strategy: strategy, rect: rect.rect, offset: offset?.point ?? rect.rect.origin,
            viewport: workload.viewport.size)
        let source = try workload.source()
        try workload.withLayout(
            subject.layout, items: try subject.itemCount(workload, of: source), from: source, printer)
    }

    struct Printer: LayoutVisitor {
        let strategy: StrategyID
        let rect: Rect
        let offset: Point
        let viewport: Size

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws {
            var subject = try strategy.subject(algorithm)
            try subject.prepare(viewport: viewport)
            let order = LayoutOrder(algorithm, viewport: viewport)
            for element in try subject.answer(rect, offset: offset).sorted(by: { order.precedes($0.id, $1.id) }) {
                print(jsonLine(element.attributes, of: algorithm))
            }
        }
    }
}
