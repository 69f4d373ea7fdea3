import Tessera

/// A change that can move what the user sees, as a design takes it with an anchor to keep (the benchmark's
/// `BenchmarkSubject.change(_:keeping:at:)`) and the oracle's layouts place the anchor through it (`ShiftReference`):
/// one update, a batch, cells' measured sizes, or a new viewport.
public enum ScreenChange: Sendable {
    case update(LayoutUpdate)
    case batch([LayoutUpdate])
    case sizes([(path: ItemPath, size: Size)])
    case viewport(Size)
}
