/// Keeps a value alive as far as the optimiser can tell, so a timed loop is not optimised away.
@inline(never) public func blackHole<T>(_ value: T) {}
