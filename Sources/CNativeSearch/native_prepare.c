#include "native_prepare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 16, MAXIMUM_SUMMED_COPIES = 4096 };
enum { FLOW, WATERFALL };

struct np_layout {
    int kind_of_layout;
    np_flow flow;
    np_waterfall waterfall;
    double *column_ends;                       // the waterfall's, one a column
    long section_count, element_count, block_count;
    np_section *sections;
    long *first;                               // section_count + 1: each section's first element
    double *x, *y, *width, *height;            // element_count, in content coordinates
    unsigned char *kind;                       // element_count: 0 cell, 1 header, 2 footer
    double *block_max_end, *block_min_start;   // block_count: the whole layout's per-block running summaries
};

void np_free(np_layout *f) {
    if (!f) return;
    free(f->column_ends); free(f->sections); free(f->first);
    free(f->x); free(f->y); free(f->width); free(f->height); free(f->kind);
    free(f->block_max_end); free(f->block_min_start);
    free(f);
}

static void *zeroed(long count, size_t size) { return calloc((size_t)(count > 0 ? count : 1), size); }

// The columns for `section_count` sections whose element counts `element_count` gives.
static np_layout *create(long section_count, const np_section *sections, long (*element_count)(const np_section *)) {
    np_layout *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->section_count = section_count;
    f->sections = zeroed(section_count, sizeof(np_section));
    f->first = zeroed(section_count + 1, sizeof(long));
    if (!f->sections || !f->first) { np_free(f); return NULL; }
    memcpy(f->sections, sections, (size_t)section_count * sizeof(np_section));
    long elements = 0;
    for (long s = 0; s < section_count; s++) {
        f->first[s] = elements;
        elements += element_count(&sections[s]);
    }
    f->first[section_count] = elements;
    f->element_count = elements;
    f->block_count = (elements + BLOCK - 1) / BLOCK;
    f->x = zeroed(elements, sizeof(double)); f->y = zeroed(elements, sizeof(double));
    f->width = zeroed(elements, sizeof(double)); f->height = zeroed(elements, sizeof(double));
    f->kind = zeroed(elements, 1);
    f->block_max_end = zeroed(f->block_count, sizeof(double)); f->block_min_start = zeroed(f->block_count, sizeof(double));
    if (!f->x || !f->y || !f->width || !f->height || !f->kind || !f->block_max_end || !f->block_min_start) {
        np_free(f);
        return NULL;
    }
    // Faulted in, as the engine's buffers are by the prepares before timing.
    memset(f->x, 0, (size_t)elements * sizeof(double)); memset(f->y, 0, (size_t)elements * sizeof(double));
    memset(f->width, 0, (size_t)elements * sizeof(double)); memset(f->height, 0, (size_t)elements * sizeof(double));
    memset(f->kind, 0, (size_t)elements);
    return f;
}

// `ScrollGrid.snapped`: `value` at the nearest multiple of 2^-16 (ties to even), by adding and subtracting 1.5 x 2^36.
static inline double snapped(double value) {
    return (value + 0x1.8p36) - 0x1.8p36;
}

#define ITEM_WIDTH(i) (sizes ? sizes[2 * (i)] : uniform_width)
#define ITEM_HEIGHT(i) (sizes ? sizes[2 * (i) + 1] : uniform_height)

// ---- The flow ----------------------------------------------------------------------------------------------------

static long flow_element_count(const np_section *s) { return s->count + (s->header > 0) + (s->footer > 0); }

np_layout *np_flow_create(long section_count, const np_section *sections, np_flow flow) {
    np_layout *f = create(section_count, sections, flow_element_count);
    if (f) { f->kind_of_layout = FLOW; f->flow = flow; }
    return f;
}

// The geometry of one prepare, as `FlowGeometry` for vertical scrolling.
typedef struct {
    double cross_extent, cross_inset_before, available, spacing, line_spacing;
} geometry;

// `FlowGeometry.justify`: where a line's first item starts across and the gap between its items; a section's last
// line (`last_length` >= 0) is justified as if copies of its last item followed while they fit.
static inline void justify(const geometry *g, double used, long items, double last_length, double *origin, double *gap) {
    double count = (double)items;
    if (last_length >= 0) {
        double step = g->spacing + last_length;
        double estimate = (g->available - used) / step;
        if (!(step > 0 && estimate < 0x1p52)) { *origin = g->cross_inset_before; *gap = g->spacing; return; }
        double copies = 0;
        if (estimate <= MAXIMUM_SUMMED_COPIES) {
            while (used + step <= g->available) { used += step; copies += 1; }
        } else {
            copies = floor(estimate);
            if (used + copies * step > g->available) copies -= 1;
            if (used + (copies + 1) * step <= g->available) copies += 1;
            used = used + copies * step;
        }
        count += copies;
    }
    if (!(count > 1)) {
        *origin = used > g->available ? g->cross_inset_before : g->cross_inset_before + (g->available - used) / 2;
        *gap = 0;
        return;
    }
    *origin = g->cross_inset_before;
    *gap = g->spacing + (g->available - used) / (count - 1);
}

#define ITEM_WIDTH(i) (sizes ? sizes[2 * (i)] : uniform_width)
#define ITEM_HEIGHT(i) (sizes ? sizes[2 * (i) + 1] : uniform_height)

// `FlowGeometry.writeLines` for one alignment (a constant where it is inlined): the items of a section in justified
// lines from `start`, written from element `at`; returns where the last line ends.
static inline double write_lines(np_layout *f, const geometry *g, const np_section *section, long at, double origin, double start, int alignment) {
    const double *sizes = section->sizes;
    const double uniform_width = section->uniform_width, uniform_height = section->uniform_height;
    const long count = section->count;
    double *x = f->x + at, *y = f->y + at, *w = f->width + at, *h = f->height + at;
    memset(f->kind + at, 0, (size_t)count);
    double line_start = start, thickness = 0, cross = 0, gap = 0;
    long line_end = 0;
    for (long item = 0; item < count; item++) {
        if (item == line_end) {
            if (item > 0) { line_start += snapped(thickness); line_start += g->line_spacing; }
            // `packLine`: items join while they and the spacing before them fit.
            double used = ITEM_WIDTH(item);
            thickness = ITEM_HEIGHT(item);
            long end = item + 1;
            while (end < count) {
                double extended = used + (g->spacing + ITEM_WIDTH(end));
                if (extended > g->available) break;
                used = extended;
                double length = ITEM_HEIGHT(end);
                thickness = length > thickness ? length : thickness;
                end += 1;
            }
            justify(g, used, end - item, end == count ? ITEM_WIDTH(end - 1) : -1, &cross, &gap);
            line_end = end;
        }
        double width = ITEM_WIDTH(item), length = ITEM_HEIGHT(item);
        x[item] = cross;
        y[item] = origin + (alignment == 0 ? line_start
                : alignment == 1 ? line_start + snapped((thickness - length) / 2)
                : line_start + snapped(thickness - length));
        w[item] = width;
        h[item] = length;
        cross += width + gap;
    }
    return count > 0 ? line_start + snapped(thickness) : line_start;
}

// `FlowLayout.writeSection` at `origin`: the header, the lines between the section's insets, the footer; returns
// its length.
static inline double write_flow_section(np_layout *f, const geometry *g, long s, double origin, int alignment) {
    const np_section *section = &f->sections[s];
    long at = f->first[s];
    double position = 0;
    if (section->header > 0) {
        f->x[at] = 0; f->y[at] = origin + position; f->width[at] = g->cross_extent; f->height[at] = section->header;
        f->kind[at] = 1;
        at += 1;
        position += snapped(section->header);
    }
    position += snapped(f->flow.inset_top);
    position = write_lines(f, g, section, at, origin, position, alignment);
    at += section->count;
    position += snapped(f->flow.inset_bottom);
    if (section->footer > 0) {
        f->x[at] = 0; f->y[at] = origin + position; f->width[at] = g->cross_extent; f->height[at] = section->footer;
        f->kind[at] = 2;
        position += snapped(section->footer);
    }
    return position;
}

// ---- The waterfall -----------------------------------------------------------------------------------------------

static long waterfall_element_count(const np_section *s) { return s->count + (s->header > 0); }

np_layout *np_waterfall_create(long section_count, const np_section *sections, np_waterfall waterfall) {
    np_layout *f = create(section_count, sections, waterfall_element_count);
    if (!f) return NULL;
    f->kind_of_layout = WATERFALL;
    f->waterfall = waterfall;
    f->column_ends = zeroed(waterfall.columns, sizeof(double));
    if (!f->column_ends) { np_free(f); return NULL; }
    return f;
}

// `WaterfallLayout.writeSection`: the header, then each photo at the top of the shortest column (the first of the
// shortest), two columns kept in registers; returns the longest column's end.
static inline double write_waterfall_section(np_layout *f, long s, double origin, double viewport_width) {
    const np_section *section = &f->sections[s];
    const long columns = f->waterfall.columns;
    const double column_width = viewport_width / (double)columns, padding = f->waterfall.cell_padding;
    const double photo_width = column_width - 2 * padding >= 0 ? column_width - 2 * padding : 0;
    const double grid_padding = snapped(padding);
    const double header = section->header, grid_header = snapped(header);
    const double *sizes = section->sizes;
    const double uniform_height = section->uniform_height;
    long at = f->first[s];
    if (header > 0) {
        const double inset = 4;
        f->x[at] = inset; f->y[at] = origin; f->width[at] = viewport_width - inset; f->height[at] = header;
        f->kind[at] = 1;
        at += 1;
    }
    double *x = f->x + at, *y = f->y + at, *w = f->width + at, *h = f->height + at;
    memset(f->kind + at, 0, (size_t)section->count);
    double *ends = f->column_ends;
    for (long c = 0; c < columns; c++) ends[c] = grid_header;
    if (columns == 2) {
        double left = grid_header, right = grid_header;
        const double left_x = 0 * column_width + padding, right_x = 1 * column_width + padding;
        for (long item = 0; item < section->count; item++) {
            double photo = ITEM_HEIGHT(item);
            int to_right = right < left;
            double top = to_right ? right : left;
            double end = top + (snapped(photo) + 2 * grid_padding);
            left = to_right ? left : end;
            right = to_right ? end : right;
            x[item] = to_right ? right_x : left_x; y[item] = origin + (top + grid_padding); w[item] = photo_width; h[item] = photo;
        }
        ends[0] = left; ends[1] = right;
    } else {
        for (long item = 0; item < section->count; item++) {
            double photo = ITEM_HEIGHT(item);
            long column = 0;
            for (long candidate = 1; candidate < columns; candidate++)
                if (ends[candidate] < ends[column]) column = candidate;
            double top = ends[column];
            x[item] = (double)column * column_width + padding; y[item] = origin + (top + grid_padding);
            w[item] = photo_width; h[item] = photo;
            ends[column] = top + (snapped(photo) + 2 * grid_padding);
        }
    }
    double longest = ends[0];
    for (long c = 1; c < columns; c++) longest = ends[c] > longest ? ends[c] : longest;
    return longest;
}

// ---- The search's summaries --------------------------------------------------------------------------------------

// The flat search's build over the whole layout (`ns_flat_build`): each block's running maximum end and its own
// minimum start, then the running minimum from the end.
static void summarise(np_layout *f) {
    const long n = f->element_count;
    double running_max = -INFINITY;
    for (long block = 0, b = 0; b < n; b += BLOCK, block++) {
        double low[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, high[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
        long stop = b + BLOCK < n ? b + BLOCK : n, e = b;
        for (; e + 4 <= stop; e += 4) {
            for (int k = 0; k < 4; k++) {
                double near = f->y[e + k], far = near + f->height[e + k];
                low[k] = near < low[k] ? near : low[k];
                high[k] = far > high[k] ? far : high[k];
            }
        }
        for (; e < stop; e++) {
            double near = f->y[e], far = near + f->height[e];
            low[0] = near < low[0] ? near : low[0];
            high[0] = far > high[0] ? far : high[0];
        }
        double low01 = low[0] < low[1] ? low[0] : low[1], low23 = low[2] < low[3] ? low[2] : low[3];
        double high01 = high[0] > high[1] ? high[0] : high[1], high23 = high[2] > high[3] ? high[2] : high[3];
        double block_max = high01 > high23 ? high01 : high23;
        running_max = block_max > running_max ? block_max : running_max;
        f->block_max_end[block] = running_max;
        f->block_min_start[block] = low01 < low23 ? low01 : low23;
    }
    double running_min = INFINITY;
    for (long block = f->block_count - 1; block >= 0; block--) {
        running_min = f->block_min_start[block] < running_min ? f->block_min_start[block] : running_min;
        f->block_min_start[block] = running_min;
    }
}

double np_prepare(np_layout *f, double viewport_width) {
    // Each section at the sum of the lengths before it, put on the scroll grid, as `LayoutAlgorithm.writeSections`.
    double origin = 0;
    if (f->kind_of_layout == FLOW) {
        const np_flow *c = &f->flow;
        geometry g = {
            .cross_extent = viewport_width, .cross_inset_before = c->inset_left,
            .available = viewport_width - c->inset_left - c->inset_right,
            .spacing = c->interitem_spacing, .line_spacing = snapped(c->line_spacing),
        };
        for (long s = 0; s < f->section_count; s++) {
            switch (c->alignment) {
            case 0: origin += snapped(write_flow_section(f, &g, s, origin, 0)); break;
            case 1: origin += snapped(write_flow_section(f, &g, s, origin, 1)); break;
            default: origin += snapped(write_flow_section(f, &g, s, origin, 2)); break;
            }
        }
    } else {
        for (long s = 0; s < f->section_count; s++) origin += snapped(write_waterfall_section(f, s, origin, viewport_width));
    }
    summarise(f);
    return origin;
}

void np_frame(const np_layout *f, long index, double frame[4]) {
    frame[0] = f->x[index]; frame[1] = f->y[index]; frame[2] = f->width[index]; frame[3] = f->height[index];
}

long np_count(const np_layout *f) { return f->element_count; }
