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

// ---- Sections of per-block running summaries -------------------------------------------------------------------

struct ns_sections {
    long section_count, block_size;
    long *first;                        // section_count + 1
    long *first_block;                  // section_count + 1: each section's blocks in the block tables
    double *origin, *span_min, *span_max, *margin;
    double *reach, *nearest;            // running edges over sections
    double *scroll_origin, *scroll_length, *cross_origin, *cross_length;
    double *block_max_end, *block_min_start;
};

void ns_sections_free(ns_sections *s) {
    if (!s) return;
    free(s->first); free(s->first_block);
    free(s->origin); free(s->span_min); free(s->span_max); free(s->margin);
    free(s->reach); free(s->nearest);
    free(s->scroll_origin); free(s->scroll_length); free(s->cross_origin); free(s->cross_length);
    free(s->block_max_end); free(s->block_min_start);
    free(s);
}

static double *copy_doubles(const double *from, long count) {
    double *to = malloc((size_t)(count > 0 ? count : 1) * sizeof(double));
    if (to && count > 0) memcpy(to, from, (size_t)count * sizeof(double));
    return to;
}

ns_sections *ns_sections_build(long section_count, const long *first, const double *origins,
                               const double *scroll_origin, const double *scroll_length,
                               const double *cross_origin, const double *cross_length, long block_size) {
    ns_sections *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    long n = first[section_count];
    s->section_count = section_count;
    s->block_size = block_size;
    s->first = malloc((size_t)(section_count + 1) * sizeof(long));
    s->first_block = malloc((size_t)(section_count + 1) * sizeof(long));
    s->origin = copy_doubles(origins, section_count);
    s->span_min = malloc((size_t)(section_count + 1) * sizeof(double));
    s->span_max = malloc((size_t)(section_count + 1) * sizeof(double));
    s->margin = malloc((size_t)(section_count + 1) * sizeof(double));
    s->reach = malloc((size_t)(section_count + 1) * sizeof(double));
    s->nearest = malloc((size_t)(section_count + 1) * sizeof(double));
    s->scroll_origin = copy_doubles(scroll_origin, n);
    s->scroll_length = copy_doubles(scroll_length, n);
    s->cross_origin = copy_doubles(cross_origin, n);
    s->cross_length = copy_doubles(cross_length, n);
    long blocks = 0;
    for (long section = 0; section < section_count; section++)
        blocks += (first[section + 1] - first[section] + block_size - 1) / block_size;
    s->block_max_end = malloc((size_t)(blocks + 1) * sizeof(double));
    s->block_min_start = malloc((size_t)(blocks + 1) * sizeof(double));
    if (!s->first || !s->first_block || !s->origin || !s->span_min || !s->span_max || !s->margin || !s->reach
        || !s->nearest || !s->scroll_origin || !s->scroll_length || !s->cross_origin || !s->cross_length
        || !s->block_max_end || !s->block_min_start) {
        ns_sections_free(s);
        return NULL;
    }
    memcpy(s->first, first, (size_t)(section_count + 1) * sizeof(long));
    long block = 0;
    for (long section = 0; section < section_count; section++) {
        s->first_block[section] = block;
        long begin = first[section], end = first[section + 1];
        double low = INFINITY, high = -INFINITY, running_max = -INFINITY;
        for (long b = begin; b < end; b += block_size, block++) {
            double block_min = INFINITY;
            for (long e = b; e < end && e < b + block_size; e++) {
                double start = s->scroll_origin[e], far = start + s->scroll_length[e];
                block_min = start < block_min ? start : block_min;
                running_max = far > running_max ? far : running_max;
            }
            s->block_max_end[block] = running_max;
            s->block_min_start[block] = block_min;
            low = block_min < low ? block_min : low;
            high = running_max;
        }
        // The running minimum from the section's end, in place.
        double running_min = INFINITY;
        for (long b = block - 1; b >= s->first_block[section]; b--) {
            running_min = s->block_min_start[b] < running_min ? s->block_min_start[b] : running_min;
            s->block_min_start[b] = running_min;
        }
        s->span_min[section] = low;
        s->span_max[section] = high;
        s->margin[section] = low <= high ? (fabs(origins[section]) + fmax(fabs(low), fabs(high))) * 0x1p-30 : 0;
    }
    s->first_block[section_count] = block;
    double reach = -INFINITY;
    for (long section = 0; section < section_count; section++) {
        double end = s->origin[section] + s->span_max[section] + s->margin[section];
        reach = end > reach ? end : reach;
        s->reach[section] = reach;
    }
    double nearest = INFINITY;
    for (long section = section_count - 1; section >= 0; section--) {
        double start = s->origin[section] + s->span_min[section] - s->margin[section];
        nearest = start < nearest ? start : nearest;
        s->nearest[section] = nearest;
    }
    return s;
}

long ns_sections_query(const ns_sections *s, double scroll_min, double scroll_max, double cross_min, double cross_max,
                       ns_hint *hint, long *out, long capacity) {
    const ns_rect rect = {scroll_min, scroll_max, cross_min, cross_max};
    long first_section = partition_point(s->reach, s->section_count, hint->section, rect.scroll_min, 1);
    long end_section = partition_point(s->nearest, s->section_count, first_section, rect.scroll_max, 0);
    hint->section = first_section;
    long found = 0;
    for (long section = first_section; section < end_section; section++) {
        double origin = s->origin[section], margin = s->margin[section];
        if (!(origin + s->span_min[section] - margin < rect.scroll_max
              && rect.scroll_min < origin + s->span_max[section] + margin)) continue;
        ns_rect local = rect;
        if (origin != 0) {
            local.scroll_min = rect.scroll_min - origin - margin;
            local.scroll_max = rect.scroll_max - origin + margin;
        }
        long base = s->first[section], count = s->first[section + 1] - base;
        long blocks = s->first_block[section + 1] - s->first_block[section];
        const double *max_end = s->block_max_end + s->first_block[section];
        const double *min_start = s->block_min_start + s->first_block[section];
        long first_block = partition_point(max_end, blocks, hint->block, local.scroll_min, 1);
        long end_block = partition_point(min_start, blocks, first_block, local.scroll_max, 0);
        hint->block = first_block;
        if (first_block >= end_block) continue;
        long begin = first_block * s->block_size;
        long end = end_block * s->block_size < count ? end_block * s->block_size : count;
        if (found + (end - begin) > capacity) return -1;
        const double *so = s->scroll_origin + base, *sl = s->scroll_length + base;
        const double *co = s->cross_origin + base, *cl = s->cross_length + base;
        long start = found;
        for (long e = begin; e < end; e++) {
            out[found] = e;
            found += so[e] < local.scroll_max && local.scroll_min < so[e] + sl[e]
                     && co[e] < local.cross_max && local.cross_min < co[e] + cl[e];
        }
        // Keep what meets the rect by the handed-out frames, numbered in layout order.
        if (origin == 0) {
            for (long p = start; p < found; p++) out[p] += base;
        } else {
            long kept = start;
            for (long p = start; p < found; p++) {
                long e = out[p];
                double near = origin + so[e];
                out[kept] = base + e;
                kept += near < rect.scroll_max && rect.scroll_min < near + sl[e];
            }
            found = kept;
        }
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
