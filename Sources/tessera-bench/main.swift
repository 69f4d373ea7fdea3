import TesseraBenchCLI

// jemalloc is linked into this executable, so it answers every allocation; its statistics give bytes and counts.
let jemalloc = JemallocProbe()
TesseraBench.allocatorProbe = jemalloc.isActive ? jemalloc : nil
TesseraBench.main()
