import Tessera

/// A change that can move what the user sees, as a subject takes it with an anchor to keep
/// (`BenchmarkSubject.change(_:keeping:at:)`): one update, a batch, cells' measured sizes, or a new viewport.
public enum ScreenChange: Sendable {
    case update(LayoutUpdate)
    case batch([LayoutUpdate])
    case sizes([(path: ItemPath, size: Size)])
    case viewport(Size)
}
