import ArgumentParser
import Tessera
import TesseraBenchKit

struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the attributes of the elements intersecting a rect as JSON lines, in layout order."
    )

    @Option(help: "The layout.")
    var layout: LayoutID = .flow

    @Option(help: "The strategy that answers.")
    var strategy: StrategyID = .soaBinarySearch

    @Option(help: ArgumentHelp("The rect, in content coordinates.", valueName: "x,y,width,height"))
    var rect: NumbersArgument

    @Option(help: ArgumentHelp("The content offset the layout's scroll effects use.", valueName: "x,y"))
    var offset: NumbersArgument?

    @Option(help: ArgumentHelp("Items in the built-in workload.", valueName: "count"))
    var items = CountArgument(100)

    @OptionGroup var workload: WorkloadOptions

    func validate() throws {
        guard rect.values.count == 4 else { throw ValidationError("--rect takes four numbers: x,y,width,height") }
        if let offset, offset.values.count != 2 { throw ValidationError("--offset takes two numbers: x,y") }
    }

    func run() throws {
        let algorithm = try workload.makeFlowLayout(items: items.count)
        let viewport = workload.viewport.size
        let query = Rect(x: rect.values[0], y: rect.values[1], width: rect.values[2], height: rect.values[3])
        // Answers are printed in layout order, whatever order the strategy finds them in.
        var engine = CollectionLayout<FlowLayout, BruteForceIndex>(algorithm)
        try engine.prepare(viewport: viewport)
        let answer: [ElementAnswer] = switch strategy {
        case .naiveDictionary:
            try { var subject = NaiveDictionarySubject(algorithm); try subject.prepare(viewport: viewport); return try subject.answer(query) }()
        case .soaBinarySearch:
            try { var subject = EngineSubject(algorithm, index: SoABinarySearchIndex(), strategy: strategy); try subject.prepare(viewport: viewport); return try subject.answer(query) }()
        }
        for index in answer.compactMap({ engine.store.index(of: $0.id) }).sorted() {
            print(jsonLine(engine.attributes(ofElement: index)))
        }
    }
}
