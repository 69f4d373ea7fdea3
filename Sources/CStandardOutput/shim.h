#include <stdio.h>

/// Flushes standard output and says whether every write to it succeeded: 0, or -1 with errno set by the write that
/// failed last (C's `stdout` is a global Swift's concurrency checking refuses to read.)
static inline int tessera_flush_standard_output(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        clearerr(stdout);
        return -1;
    }
    return 0;
}
