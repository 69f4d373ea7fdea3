/// Keeps a value alive as far as the optimiser can tell, so a timed loop is not optimised away. `package`, for the
/// yardsticks in TesseraNative: a package of one's own that imports the kit beside package-benchmark has its own.
@inline(never) package func blackHole<T>(_ value: T) {}
