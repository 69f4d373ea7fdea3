import Tessera

/// A warm prepare as `run` samples it: the subject prepared again after a bounds-size change, by turns for the
/// viewport turned on its side and for the viewport itself, so that every prepare writes into the buffers of the
/// one before.
struct RotatingPrepare {
    /// The run's viewport.
    let viewport: Size
    /// The prepares made so far.
    private(set) var count = 0

    init(viewport: Size) {
        self.viewport = viewport
    }

    /// Prepares `subject` for the other of the two viewports.
    ///
    /// - Complexity: That of the subject's `prepare(viewport:)`.
    @inline(__always) mutating func callAsFunction<Subject: BenchmarkSubject>(_ subject: inout Subject)
        throws(LayoutError)
    {
        count += 1
        try subject.prepare(
            viewport: count.isMultiple(of: 2) ? viewport : Size(width: viewport.height, height: viewport.width))
    }
}
