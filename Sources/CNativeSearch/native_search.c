#include "native_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// A rect seen along the scroll axis (`scroll_*`) and across it (`cross_*`).
typedef struct {
    double scroll_min, scroll_max, cross_min, cross_max;
} ns_rect;

// ---- Galloping partition point, as the engine's `Range.partitionPoint(near:where:)` ----------------------------

// The first index in [0, count) whose value satisfies `above ? v > bound : v >= bound`, searched from `hint` by
// steps of 1, 2, 4… then a binary search between the last two; `count` when none does.
static inline long partition_point(const double *values, long count, long hint, double bound, int strictly) {
    if (count == 0) return 0;
#define HOLDS(i) (strictly ? values[i] > bound : values[i] >= bound)
    long start = hint < 0 ? 0 : (hint > count - 1 ? count - 1 : hint);
    long low, high, step = 1;
    if (HOLDS(start)) {
        high = start;
        while (high - step >= 0 && HOLDS(high - step)) {
            high -= step;
            step <<= 1;
        }
        low = high - step + 1 > 0 ? high - step + 1 : 0;
    } else {
        low = start + 1;
        while (start + step < count && !HOLDS(start + step)) {
            low = start + step + 1;
            step <<= 1;
        }
        high = start + step < count ? start + step : count;
    }
    while (low < high) {
        long mid = low + (high - low) / 2;
        if (HOLDS(mid)) high = mid; else low = mid + 1;
    }
#undef HOLDS
    return low;
}

// ---- Flat columns of per-block running summaries ----------------------------------------------------------------

struct ns_flat {
    long count, block_size, blocks;
    double *scroll_origin, *scroll_length, *cross_origin, *cross_length;
    double *block_max_end, *block_min_start;
};

void ns_flat_free(ns_flat *s) {
    if (!s) return;
    free(s->scroll_origin); free(s->scroll_length); free(s->cross_origin); free(s->cross_length);
    free(s->block_max_end); free(s->block_min_start);
    free(s);
}

static double *copy_doubles(const double *from, long count) {
    double *to = malloc((size_t)(count > 0 ? count : 1) * sizeof(double));
    if (to && count > 0) memcpy(to, from, (size_t)count * sizeof(double));
    return to;
}

ns_flat *ns_flat_build(long count, const double *scroll_origin, const double *scroll_length,
                       const double *cross_origin, const double *cross_length, long block_size) {
    ns_flat *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->count = count;
    s->block_size = block_size;
    s->blocks = (count + block_size - 1) / block_size;
    s->scroll_origin = copy_doubles(scroll_origin, count);
    s->scroll_length = copy_doubles(scroll_length, count);
    s->cross_origin = copy_doubles(cross_origin, count);
    s->cross_length = copy_doubles(cross_length, count);
    s->block_max_end = malloc((size_t)(s->blocks + 1) * sizeof(double));
    s->block_min_start = malloc((size_t)(s->blocks + 1) * sizeof(double));
    if (!s->scroll_origin || !s->scroll_length || !s->cross_origin || !s->cross_length || !s->block_max_end
        || !s->block_min_start) {
        ns_flat_free(s);
        return NULL;
    }
    // Each block's running maximum end from the start, and its own minimum start, then the running minimum from
    // the end, in place.
    double running_max = -INFINITY;
    for (long block = 0; block < s->blocks; block++) {
        double block_min = INFINITY;
        for (long e = block * block_size; e < count && e < (block + 1) * block_size; e++) {
            double start = s->scroll_origin[e], far = start + s->scroll_length[e];
            block_min = start < block_min ? start : block_min;
            running_max = far > running_max ? far : running_max;
        }
        s->block_max_end[block] = running_max;
        s->block_min_start[block] = block_min;
    }
    double running_min = INFINITY;
    for (long block = s->blocks - 1; block >= 0; block--) {
        running_min = s->block_min_start[block] < running_min ? s->block_min_start[block] : running_min;
        s->block_min_start[block] = running_min;
    }
    return s;
}

long ns_flat_query(const ns_flat *s, double scroll_min, double scroll_max, double cross_min, double cross_max,
                   long *hint, long *out, long capacity) {
    long first_block = partition_point(s->block_max_end, s->blocks, *hint, scroll_min, 1);
    long end_block = partition_point(s->block_min_start, s->blocks, first_block, scroll_max, 0);
    *hint = first_block;
    if (first_block >= end_block) return 0;
    long begin = first_block * s->block_size;
    long end = end_block * s->block_size < s->count ? end_block * s->block_size : s->count;
    if (end - begin > capacity) return -1;
    const double *so = s->scroll_origin, *sl = s->scroll_length, *co = s->cross_origin, *cl = s->cross_length;
    long found = 0;
    for (long e = begin; e < end; e++) {
        out[found] = e;
        found += so[e] < scroll_max && scroll_min < so[e] + sl[e] && co[e] < cross_max && cross_min < co[e] + cl[e];
    }
    return found;
}

// ---- Implicit augmented interval tree ------------------------------------------------------------------------

typedef struct {
    double start, end, max_end;
    long element;
} ns_interval;

struct ns_intervals {
    long count;
    int root_level;
    ns_interval *nodes;
    double *cross_origin, *cross_length;
};

void ns_intervals_free(ns_intervals *t) {
    if (!t) return;
    free(t->nodes); free(t->cross_origin); free(t->cross_length);
    free(t);
}

static int by_start(const void *a, const void *b) {
    const ns_interval *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    return (x->element > y->element) - (x->element < y->element);
}

// Sets the largest end of each node's subtree and returns it; -inf for a subtree of positions past the last.
static double fill_max_ends(ns_interval *nodes, long count, long node, int level) {
    long span = (1L << level) - 1;
    if (node - span >= count) return -INFINITY;
    if (level == 0) return node < count ? (nodes[node].max_end = nodes[node].end) : -INFINITY;
    long half = 1L << (level - 1);
    double left = fill_max_ends(nodes, count, node - half, level - 1);
    double right = fill_max_ends(nodes, count, node + half, level - 1);
    double max = left > right ? left : right;
    if (node < count) {
        max = nodes[node].end > max ? nodes[node].end : max;
        nodes[node].max_end = max;
    }
    return max;
}

ns_intervals *ns_intervals_build(long count, const double *scroll_origin, const double *scroll_length,
                                 const double *cross_origin, const double *cross_length) {
    ns_intervals *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->count = count;
    t->nodes = malloc((size_t)(count > 0 ? count : 1) * sizeof(ns_interval));
    t->cross_origin = copy_doubles(cross_origin, count);
    t->cross_length = copy_doubles(cross_length, count);
    if (!t->nodes || !t->cross_origin || !t->cross_length) {
        ns_intervals_free(t);
        return NULL;
    }
    for (long e = 0; e < count; e++) {
        t->nodes[e].start = scroll_origin[e];
        t->nodes[e].end = scroll_origin[e] + scroll_length[e];
        t->nodes[e].element = e;
    }
    qsort(t->nodes, (size_t)count, sizeof(ns_interval), by_start);
    t->root_level = 0;
    while ((1L << (t->root_level + 1)) - 1 < count) t->root_level++;
    if (count > 0) fill_max_ends(t->nodes, count, (1L << t->root_level) - 1, t->root_level);
    return t;
}

// A node of the tree to visit, at its level; `visited` once its left subtree has been pushed.
typedef struct {
    long node;
    int level, visited;
} ns_visit;

long ns_intervals_query(const ns_intervals *t, double scroll_min, double scroll_max, double cross_min, double cross_max,
                        long *out, long capacity) {
    const ns_rect rect = {scroll_min, scroll_max, cross_min, cross_max};
    ns_visit stack[64];
    long found = 0, depth = 0;
    const ns_interval *nodes = t->nodes;
    if (t->count == 0) return 0;
    stack[depth++] = (ns_visit){(1L << t->root_level) - 1, t->root_level, 0};
#define TAKE(i) do { \
        long element_ = nodes[i].element; \
        if (rect.scroll_min < nodes[i].end && t->cross_origin[element_] < rect.cross_max \
            && rect.cross_min < t->cross_origin[element_] + t->cross_length[element_]) { \
            if (found == capacity) return -1; \
            out[found++] = element_; \
        } \
    } while (0)
    while (depth > 0) {
        long node = stack[depth - 1].node;
        int level = stack[depth - 1].level, visited = stack[depth - 1].visited;
        depth--;
        if (level <= 3) {
            // A small subtree: scan its positions in order until the starts pass the rect.
            long begin = node - ((1L << level) - 1), end = node + (1L << level);
            if (end > t->count) end = t->count;
            for (long i = begin; i < end && nodes[i].start < rect.scroll_max; i++) TAKE(i);
        } else if (!visited) {
            // Come back for the node itself and its right subtree once the left one is done.
            stack[depth++] = (ns_visit){node, level, 1};
            long left = node - (1L << (level - 1));
            if (left >= t->count || nodes[left].max_end > rect.scroll_min)
                stack[depth++] = (ns_visit){left, level - 1, 0};
        } else if (node < t->count && nodes[node].start < rect.scroll_max) {
            TAKE(node);
            stack[depth++] = (ns_visit){node + (1L << (level - 1)), level - 1, 0};
        }
    }
#undef TAKE
    return found;
}
