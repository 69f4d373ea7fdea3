import ArgumentParser
import Foundation
import Tessera
import TesseraBenchKit

/// The options that say what a layout is fed, shared by every subcommand.
struct WorkloadOptions: ParsableArguments {
    // An option parsed with a reason (`transform`) shows no default of its own: the help names it.
    static let defaultViewport = SizeArgument(Size(width: 390, height: 844))
    static let defaultItemSize = SizeArgument(FlowLayout.defaultItemSize)
    static let defaultCarouselItemSize = SizeArgument(CarouselLayout.Configuration().itemSize)

    @Option(
        parsing: .unconditional, help: "The seed of every random size and of the scroll trace. (default: 1)",
        transform: parseSeed)
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The viewport, as WIDTHxHEIGHT in points. (default: \(WorkloadOptions.defaultViewport))", valueName: "WxH"),
        transform: SizeArgument.init(parsing:))
    var viewport = WorkloadOptions.defaultViewport

    @Option(
        help: ArgumentHelp(
            "A workload file of sections and item sizes, used instead of the built-in workload.", valueName: "file.json"
        ))
    var workload: String?

    @Option(
        name: .customLong("sizing"),
        help: "How the built-in workload sizes flow items: seeded random 40…120 points, or uniform. (default: random)")
    var givenSizing: ItemSizing?

    var sizing: ItemSizing { givenSizing ?? .random }

    @Option(
        name: .customLong("item-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "The flow item size when --sizing is uniform. (default: \(WorkloadOptions.defaultItemSize))",
            valueName: "WxH"),
        transform: SizeArgument.init(parsing:))
    var givenItemSize: SizeArgument?

    var itemSize: SizeArgument { givenItemSize ?? WorkloadOptions.defaultItemSize }

    @Option(
        name: .customLong("items-per-section"), parsing: .unconditional,
        help: ArgumentHelp(
            "Items per section in the built-in workload (flow, waterfall, sticky-parallax, registered layouts); `run` takes a comma-separated list and measures each shape, k and M suffixes allowed. (default: 1000)",
            valueName: "counts"
        ),
        transform: CountListArgument.init(parsing:))
    var givenItemsPerSection: CountListArgument?

    var itemsPerSection: CountListArgument { givenItemsPerSection ?? CountListArgument([1_000]) }

    @Option(
        parsing: .unconditional,
        help: "Section header height in the built-in workload; 0 for none. (default: 44 for flow, 50 for waterfall)")
    var headerHeight: Double?

    @Option(
        parsing: .unconditional, help: "Section footer height in the built-in flow workload; 0 for none. (default: 24)")
    var footerHeight: Double?

    @Option(help: "The flow layout's scroll direction.")
    var scrollDirection: ScrollAxis = .vertical

    @Option(help: "Where cells sit within a line of the flow layout.")
    var align: FlowLayout.LineAlignment = .center

    @Option(parsing: .unconditional, help: "The flow layout's minimum spacing between items of a line.")
    var interitemSpacing = 10.0

    @Option(parsing: .unconditional, help: "The flow layout's minimum spacing between lines.")
    var lineSpacing = 10.0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The flow layout's section inset. (default: 0,0,0,0)", valueName: "top,left,bottom,right"),
        transform: InsetsArgument.init(parsing:))
    var sectionInset = InsetsArgument(.zero)

    @Option(parsing: .unconditional, help: "The waterfall's columns.")
    var columns = 2

    @Option(parsing: .unconditional, help: "The waterfall's padding around each photo.")
    var cellPadding = 4.0

    @Option(
        help: ArgumentHelp(
            "Where the waterfall puts each photo: shortest (the shortest column as laid out, so a change above a photo can move it to another) or stable (each keeps the column it was first placed in).",
            valueName: "shortest|stable"))
    var columnPlacement = ColumnPlacement.shortest

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The carousel's item size. (default: \(WorkloadOptions.defaultCarouselItemSize))", valueName: "WxH"),
        transform: SizeArgument.init(parsing:))
    var carouselItemSize = WorkloadOptions.defaultCarouselItemSize

    @Option(parsing: .unconditional, help: "The carousel's scale of side items, 0…1.")
    var sideItemScale = 0.5

    @Option(parsing: .unconditional, help: "The carousel's alpha of side items, 0…1.")
    var sideItemAlpha = 0.5

    @Option(parsing: .unconditional, help: "The carousel's gap between side items; negative overlaps them.")
    var carouselSpacing = 10.0

    var parameters: LayoutParameters {
        var parameters = LayoutParameters()
        parameters.flow = FlowLayout.Configuration(
            scrollDirection: scrollDirection, minimumInteritemSpacing: interitemSpacing,
            minimumLineSpacing: lineSpacing, sectionInset: sectionInset.insets, alignment: align
        )
        parameters.waterfall.columns = columns
        parameters.waterfall.cellPadding = cellPadding
        parameters.waterfall.columnPlacement = columnPlacement
        parameters.carousel = CarouselLayout.Configuration(
            itemSize: carouselItemSize.size, sideItemScale: sideItemScale, sideItemAlpha: sideItemAlpha,
            spacing: carouselSpacing
        )
        return parameters
    }

    /// The workload file's sections (read anew each call), or the built-in workload.
    func source() throws -> WorkloadSource {
        if let workload {
            return .file(
                try WorkloadFile.load(from: URL(fileURLWithPath: workload), within: MemoryEstimate()), path: workload)
        }
        return .builtIn(builtIn)
    }

    /// The shapes asked for: items a section, each at least one and named once (`validate()`).
    var sectionShapes: [Int] { itemsPerSection.counts }

    /// Refuses a list of shapes where a command lays out one workload (every command but `run`).
    func requireOneShape() throws {
        guard sectionShapes.count == 1 else {
            throw ValidationError("--items-per-section takes one count here; `run` measures a list of them")
        }
    }

    /// Refuses a list of shapes two of which give one workload at one of `counts` on one of `layouts`: a shape of
    /// the count or more makes one section of every item, so `--items 10k --items-per-section 10k,1M` would
    /// measure the same sections twice, labelled as two shapes.
    func requireDistinctWorkloads(at counts: [Int], of layouts: [LayoutID]) throws {
        guard workload == nil, layouts.contains(where: builtIn.dividesIntoSections) else { return }
        for count in counts {
            let whole = sectionShapes.filter { $0 >= count }
            guard whole.count > 1 else { continue }
            throw ValidationError(
                "--items-per-section \(whole[0].formatted()) and \(whole[1].formatted()) give one workload at "
                    + "\(count.formatted()) items, one section of them all, which would be measured twice: drop one")
        }
    }

    private var builtIn: BuiltInWorkload {
        BuiltInWorkload(
            itemsPerSection: sectionShapes[0], sizing: sizing, uniformSize: itemSize.size,
            headerHeight: headerHeight, footerHeight: footerHeight, seed: seed
        )
    }

    /// Makes `layout` for `items` items of `source`: the built-in workload, or the workload file's items; refused
    /// with an estimate, before the layout is allocated, when it would not fit in memory.
    func withLayout<Visitor: LayoutVisitor>(
        _ layout: LayoutID, items: Int, from source: WorkloadSource, _ visitor: Visitor
    ) throws -> Visitor.Result {
        try parameters.make(layout, sections: try sections(for: layout, items: items, from: source), visitor)
    }

    /// The sections `layout` is made of: `items` items of the built-in workload, or the workload file's; refused
    /// with an estimate when the layout would not fit in memory.
    func sections(for layout: LayoutID, items: Int, from source: WorkloadSource) throws -> [LayoutSection] {
        let shape = source.shape(for: layout, items: items)
        try MemoryEstimate().check(adding: MemoryEstimate.layoutBytes(shape), items: items)
        return try source.sections(for: layout, items: items)
    }

    /// The workload of `layouts`, for a report (a file is named, not read).
    func description(of layouts: [LayoutID]) -> String {
        let data = workload.map { "file \($0)" } ?? builtIn.description(of: layouts, itemsPerSection: sectionShapes)
        // Another placement is another layout of the same data: reports of the two are not compared as one.
        return data
            + (columnPlacement == .stable && layouts.contains(.waterfall) ? LayoutParameters.stableColumnsNote : "")
    }

    /// Every built-in layout made from one item with these options: a parameter out of range (`--columns 0`) is a
    /// usage error before anything runs, whichever layout it belongs to.
    func validate() throws {
        // The built-in workload's own options shape sections a workload file brings itself: given with one, each
        // was ignored. So was an item size for sizes that are random.
        let builtInOptions: [(option: String, given: Bool)] = [
            ("--items-per-section", givenItemsPerSection != nil), ("--sizing", givenSizing != nil),
            ("--item-size", givenItemSize != nil), ("--header-height", headerHeight != nil),
            ("--footer-height", footerHeight != nil),
        ]
        if let workload, let option = builtInOptions.first(where: \.given)?.option {
            throw ValidationError(
                "\(option) shapes the built-in workload, and --workload \(workload) brings its own sections: drop one")
        }
        if givenItemSize != nil, sizing != .uniform {
            throw ValidationError("--item-size applies only with --sizing uniform: random sizes are 40…120 points")
        }
        // The built-in sections' heights, not a layout's parameters: the layouts made below do not see them.
        for (option, height) in [("--header-height", headerHeight), ("--footer-height", footerHeight)] {
            if let height, !Size.isValidLength(height) {
                throw ValidationError(
                    "\(option) is \(height); a height must be finite, not negative and at most \(Size.maximumLength) (0 for none)"
                )
            }
        }
        if sectionShapes.contains(where: { $0 < 1 }) {
            throw ValidationError(
                "--items-per-section must be at least 1: a section of no items has no shape to measure")
        }
        try check(LayoutID.builtIn, viewports: [])
    }
}

extension ItemSizing: ExpressibleByArgument {}
extension ColumnPlacement: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "shortest": self = .shortest
        case "stable": self = .stable
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["shortest", "stable"] }
}
extension ScrollAxis: ExpressibleByArgument {}
extension FlowLayout.LineAlignment: ExpressibleByArgument {}
extension LayoutID: ExpressibleByArgument {
    /// The built-in layouts and those registered before the command runs.
    public init?(argument: String) {
        guard let id = LayoutCatalog.all.first(where: { $0.rawValue == argument }) else { return nil }
        self = id
    }

    public static var allValueStrings: [String] { LayoutCatalog.all.map(\.rawValue) }
}
extension StrategyID: ExpressibleByArgument {}

/// A comma-separated list of indexes at a parameter, as `tune` recommends: `soa-binary-search:32,interval-tree:3`.
func parseIndexChoices(_ text: String) throws(ArgumentReason) -> [IndexChoice] {
    var choices: [IndexChoice] = []
    for part in try listEntries(text, of: "index") {
        guard let choice = IndexChoice(argument: part) else {
            throw ArgumentReason("'\(part)' is no index at a parameter; give \(IndexChoice.argumentForms)")
        }
        choices.append(choice)
    }
    return choices
}
