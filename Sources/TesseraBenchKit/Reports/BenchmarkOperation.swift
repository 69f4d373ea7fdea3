/// The operations timed for each layout, strategy and item count.
public enum BenchmarkOperation: String, Codable, CaseIterable, Sendable {
    /// `prepare` into a fresh layout: allocation and first-touch page faults included.
    case prepareCold = "prepare-cold"
    /// `prepare` again after a bounds-size change, into the buffers of the last one.
    case prepareWarm = "prepare-warm"
    /// One rect query a frame, replaying the scroll trace.
    case query
    /// Writing as many bytes as the design holds into a warm buffer: the bandwidth floor for a prepare.
    case fillFloor = "fill-floor"
}
