import TesseraBenchCLI

// The same command on the C library's allocator, for running the naive designs on glibc malloc beside jemalloc.
TesseraBench.allocatorProbe = SystemMallocProbe()
TesseraBench.runCommandLine()
