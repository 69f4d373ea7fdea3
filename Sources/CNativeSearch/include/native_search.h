// Plain C implementations of two rect searches, the yardsticks of `tessera-bench native`:
//
// - `ns_flat`: the simplest design a C programmer would write for a layout's queries: the whole layout's frames in
//   flat columns, in layout order, with per-block running summaries (the running maximum of far edges from the
//   start and the running minimum of near edges from the end, blocks of 16), two galloping searches from the last
//   query's block, and the candidates between them tested without a branch. It shares nothing with the engine's
//   chunks, so the engine's structure shows as its cost against it.
// - `ns_intervals`: an implicit augmented interval tree over every element's absolute extent, laid out the way
//   lh3/cgranges lays one out (sorted by start, the tree implicit in the positions, small subtrees scanned), with
//   the cross axis tested per hit. Hits come in order of their starts.
//
// Both answer exactly the elements whose frames meet the rect (strict edges), as the engine does.
#ifndef NATIVE_SEARCH_H
#define NATIVE_SEARCH_H

#include <stddef.h>

typedef struct ns_flat ns_flat;
typedef struct ns_intervals ns_intervals;

// Builds the flat search over `count` frames in layout order (copied). NULL when memory runs out.
ns_flat *ns_flat_build(long count, const double *scroll_origin, const double *scroll_length,
                       const double *cross_origin, const double *cross_length, long block_size);
// Writes the layout-order numbers of the elements meeting the rect to `out`, which holds at least `capacity`, and
// returns how many; -1 when `out` is too small. Candidates are written before they are tested, so `out` must hold
// the candidates, not only the hits: the element count always suffices. `hint` is the block the last query's first
// search ended at (any value is safe). The rect's edges come as four doubles, in registers: a struct of them by value
// goes through memory, where Swift wrote it 8 bytes at a time and the copy read it back 16 at a time, which the
// processor cannot forward from its stores (a stall every query, in the C candidates' time alone).
long ns_flat_query(const ns_flat *search, double scroll_min, double scroll_max, double cross_min, double cross_max,
                   long *hint, long *out, long capacity);
void ns_flat_free(ns_flat *search);

// Builds the interval tree over `count` absolute frames (copied). NULL when memory runs out.
ns_intervals *ns_intervals_build(long count, const double *scroll_origin, const double *scroll_length,
                                 const double *cross_origin, const double *cross_length);
// As `ns_flat_query`, hits in order of their starts.
long ns_intervals_query(const ns_intervals *tree, double scroll_min, double scroll_max, double cross_min, double cross_max,
                        long *out, long capacity);
void ns_intervals_free(ns_intervals *tree);

#endif
