#include "callgrind_counter.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CC_HAVE_CALLGRIND 1
#endif
#endif

#ifdef CC_HAVE_CALLGRIND

int cc_available(void) { return 1; }
int cc_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
void cc_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void cc_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void cc_dump_stats(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

#else

int cc_available(void) { return 0; }
int cc_running_on_valgrind(void) { return 0; }
void cc_zero_stats(void) {}
void cc_toggle_collect(void) {}
void cc_dump_stats(const char *name) { (void)name; }

#endif
