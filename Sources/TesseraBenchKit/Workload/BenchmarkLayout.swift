import Tessera

/// A layout of one's own, for the benchmark to run as it runs the built-in ones: every strategy, item count and
/// operation, the brute-force check before timing, memory, and reports in every format. Register it with
/// `LayoutCatalog.register(_:)` (or hand it to `TesseraBenchCommand.main(layouts:)`) before anything runs.
///
/// The layout is made from the sections of the workload (the built-in workload's seeded sizes, or a workload
/// file's), and must conform to `UpdatableLayout`, so that the data-change operations run on it too.
///
/// ```swift
/// let magazine = BenchmarkLayout("magazine", summary: "full- and half-width rows, sticky headers") { sections in
///     try MagazineLayout(sections: sections)
/// }
/// ```
public struct BenchmarkLayout: Sendable {
    public let id: LayoutID
    /// One line for `--help` and the README of a user's tool.
    public let summary: String
    /// The tutorials' designs a default run sets against the engine on this layout.
    public let tutorialStrategies: [StrategyID]
    @usableFromInline let makeLayout: @Sendable ([LayoutSection]) throws -> any UpdatableLayout
    @usableFromInline let subjects: RegisteredSubjects

    /// - Parameters:
    ///   - id: lowercase letters, digits and dashes, and not a built-in layout's.
    ///   - tutorialStrategies: the baselines a default run measures beside the engine; the naive dictionary, the
    ///     design every tutorial starts from, unless given. Any baseline takes any layout.
    ///   - make: the layout over the workload's sections; an error it throws (a `LayoutError` for bad sizes) ends
    ///     the run with its message.
    ///
    /// Inlinable: the strategies' subjects are made here, where `Algorithm` is concrete, so that the engine's
    /// prepare and queries run specialised for the layout as they would in the app (see `AnySubject`).
    @inlinable public init<Algorithm: UpdatableLayout>(
        _ id: LayoutID, summary: String = "", tutorialStrategies: [StrategyID] = [.naiveDictionary],
        make: @escaping @Sendable ([LayoutSection]) throws -> Algorithm
    ) {
        self.id = id
        self.summary = summary
        self.tutorialStrategies = tutorialStrategies
        makeLayout = { sections in try make(sections) }
        subjects = RegisteredSubjects(Algorithm.self) { request, algorithm in
            let algorithm = algorithm as! Algorithm
            switch request {
            case .strategy(let strategy): return strategy.visitUnregistered(algorithm, Boxing())
            case .index(let choice): return choice.visitUnregistered(algorithm, Boxing())
            }
        }
    }

    /// Boxes the makers `visitUnregistered` hands out.
    @usableFromInline struct Boxing: SubjectVisitor {
        @usableFromInline typealias Failure = Never

        @inlinable init() {}

        @inlinable func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject)
            -> @Sendable () throws(LayoutError) -> AnySubject
        {
            { () throws(LayoutError) in AnySubject(try make()) }
        }
    }
}

/// The makers of a registered layout type's subjects, specialised for it by `BenchmarkLayout`.
@usableFromInline struct RegisteredSubjects: Sendable {
    @usableFromInline enum Request {
        case strategy(StrategyID)
        case index(IndexChoice)
    }

    @usableFromInline let layoutType: ObjectIdentifier
    /// The maker of the subject asked for over a layout of the type (passed as `Any`: the caller's generic type is
    /// the registered one, which the lookup by type guarantees).
    @usableFromInline let maker: @Sendable (Request, Any) -> @Sendable () throws(LayoutError) -> AnySubject

    @inlinable init<Algorithm: UpdatableLayout>(
        _ type: Algorithm.Type,
        maker: @escaping @Sendable (Request, Any) -> @Sendable () throws(LayoutError) -> AnySubject
    ) {
        layoutType = ObjectIdentifier(type)
        self.maker = maker
    }
}
