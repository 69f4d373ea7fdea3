// Callgrind's client requests, for `tessera-bench run --measure instructions`: the counted process zeroes
// callgrind's counters, switches its collection on around each body it counts, and dumps what it counted under
// the operation's name.
//
// Outside valgrind every request is a few instructions that do nothing (valgrind's own header makes them so), and
// where the header was missing at build time (valgrind not installed) the functions do nothing and
// `cc_running_on_valgrind` says 0, so the tool builds and times as before.
#ifndef CALLGRIND_COUNTER_H
#define CALLGRIND_COUNTER_H

// 1 when valgrind's header was found at build time, so the requests below reach callgrind; 0 otherwise.
int cc_available(void);

// 1 when the process runs under valgrind (any tool), 0 otherwise.
int cc_running_on_valgrind(void);

// Zeroes callgrind's counters.
void cc_zero_stats(void);

// Switches collection on when it is off, off when it is on. The counted process starts with it off
// (`--collect-atstart=no`).
void cc_toggle_collect(void);

// Writes what was counted since the counters were last zeroed to the next dump file (`<out-file>.<n>`, n from 1),
// with `name` as the dump's trigger, and zeroes the counters.
void cc_dump_stats(const char *name);

#endif
