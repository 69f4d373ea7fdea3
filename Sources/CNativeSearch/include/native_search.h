// Plain C implementations of two rect searches, the yardsticks of `tessera-bench native`:
//
// - `ns_sections`: the engine's soa-binary-search on its sectioned store, ported line for line: sections found by
//   two monotone running edges, each section searched on per-block running summaries of its relative frames,
//   galloping from the last query's positions, candidates tested without a branch, hits kept by the frames handed
//   out (the section's origin plus the relative frame).
// - `ns_intervals`: an implicit augmented interval tree over every element's absolute extent, laid out the way
//   lh3/cgranges lays one out (sorted by start, the tree implicit in the positions, small subtrees scanned), with
//   the cross axis tested per hit. Hits come in order of their starts.
//
// Both answer exactly the elements whose handed-out frames meet the rect (strict edges), as the engine does.
#ifndef NATIVE_SEARCH_H
#define NATIVE_SEARCH_H

#include <stddef.h>

typedef struct ns_sections ns_sections;
typedef struct ns_intervals ns_intervals;

// Where the last query's searches ended, so the next can start there. Any value is safe.
typedef struct {
    long section;
    long block;
} ns_hint;

// Builds the sectioned search. Section `s` holds elements `first[s] ..< first[s + 1]` of the four columns, whose
// frames are relative to the section's `origins[s]` along the scroll axis. The columns are copied. NULL when memory
// runs out.
ns_sections *ns_sections_build(long section_count, const long *first, const double *origins,
                               const double *scroll_origin, const double *scroll_length,
                               const double *cross_origin, const double *cross_length, long block_size);
// Writes the layout-order numbers of the elements meeting the rect to `out`, which holds at least `capacity`, and
// returns how many; -1 when `out` is too small. Candidates are written before they are tested, so `out` must hold
// a section's candidates, not only the hits: the element count always suffices. The rect's edges come as four
// doubles, in registers: a struct of them by value goes through memory, where Swift wrote it 8 bytes at a time and the
// copy read it back 16 at a time, which the processor cannot forward from its stores (a stall every query, in the
// C candidates' time alone).
long ns_sections_query(const ns_sections *search, double scroll_min, double scroll_max, double cross_min, double cross_max,
                       ns_hint *hint, long *out, long capacity);
void ns_sections_free(ns_sections *search);

// Builds the interval tree over `count` absolute frames (copied). NULL when memory runs out.
ns_intervals *ns_intervals_build(long count, const double *scroll_origin, const double *scroll_length,
                                 const double *cross_origin, const double *cross_length);
// As `ns_sections_query`, hits in order of their starts.
long ns_intervals_query(const ns_intervals *tree, double scroll_min, double scroll_max, double cross_min, double cross_max,
                        long *out, long capacity);
void ns_intervals_free(ns_intervals *tree);

#endif
