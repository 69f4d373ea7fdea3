import Tessera

/// The warm prepare `run` times for a strategy, to be timed elsewhere: the same subject (`StrategyID.visit`), over
/// the same layout made the same way (`LayoutParameters.make`, from this module, where `run` makes it), prepared
/// after each bounds-size change as `run` prepares it (`RotatingPrepare`). `tessera-bench floors` times it beside its
/// own warm prepare, so that a `floors` that no longer times what `run` times (an engine left unspecialised in
/// another module, three to four times slower) shows as the two disagreeing.
package struct RunWarmPrepare {
    private let prepare: () throws -> Void

    /// The warm prepare of `strategy` on `layout` over `sections`, prepared once for the viewport and once turned, so
    /// that every buffer is at its size.
    ///
    /// - Throws: What making the layout or preparing it throws.
    package init(
        _ layout: LayoutID, sections: [LayoutSection], parameters: LayoutParameters, viewport: Size,
        strategy: StrategyID = TargetCheck.defaultStrategy
    ) throws {
        prepare = try parameters.make(layout, sections: sections, Maker(strategy: strategy, viewport: viewport))
    }

    /// One warm prepare, for the viewport the last one was not made for.
    ///
    /// - Throws: What the subject's prepare throws.
    package func callAsFunction() throws {
        try prepare()
    }

    /// Makes the layout's subject, with their concrete types.
    private struct Maker: LayoutVisitor, SubjectVisitor {
        let strategy: StrategyID
        let viewport: Size

        func visit<Algorithm: UpdatableLayout>(_ algorithm: Algorithm) throws -> () throws -> Void {
            try strategy.visit(algorithm, self)
        }

        func visit<Subject: BenchmarkSubject>(_ make: @escaping @Sendable () throws(LayoutError) -> Subject) throws
            -> () throws -> Void
        {
            let prepared = Prepared(subject: try make(), rotation: RotatingPrepare(viewport: viewport))
            try prepared.next()
            try prepared.next()
            return prepared.next
        }
    }

    /// The subject, and the prepares made of it.
    private final class Prepared<Subject: BenchmarkSubject> {
        var subject: Subject
        var rotation: RotatingPrepare

        init(subject: Subject, rotation: RotatingPrepare) {
            self.subject = subject
            self.rotation = rotation
        }

        func next() throws {
            try rotation(&subject)
        }
    }
}
