// Plain C ports of the engine's warm prepare of a vertical flow and of a waterfall: the yardsticks of `tessera-bench
// floors`' "C port" candidate, which asks how much of a prepare's time is the machine's and how much the Swift's.
//
// `np_prepare` lays the layout out as the simplest C would: every element written into flat struct-of-arrays
// columns over the whole layout (x, y, width, height, a kind byte) in content coordinates, each section at the sum
// of the lengths before it, with the same arithmetic as `FlowLayout` and `WaterfallLayout` (positions along y on
// the scroll grid); then the flat search's per-block running summaries (blocks of 16) over the whole layout. Its
// frames are the engine's bit for bit (the caller checks).
#ifndef NATIVE_PREPARE_H
#define NATIVE_PREPARE_H

typedef struct np_layout np_layout;

// One section: `count` items whose sizes are `sizes` (width, height, width, height…) or, when `sizes` is NULL, all
// `uniform_width` by `uniform_height`; a header and a footer of these lengths when above 0 (a waterfall has no
// footer).
typedef struct {
    long count;
    const double *sizes;
    double uniform_width, uniform_height;
    double header, footer;
} np_section;

// A vertical flow, as `FlowLayout.Configuration`; `alignment` 0 top, 1 centre, 2 bottom.
typedef struct {
    double interitem_spacing, line_spacing;
    double inset_top, inset_left, inset_bottom, inset_right;
    int alignment;
} np_flow;

// A waterfall, as `WaterfallLayout.Configuration` (each section's header length is its own, in `np_section`).
typedef struct {
    long columns;
    double cell_padding;
} np_waterfall;

// Allocates the columns and tables for these sections (copied; the sizes are not) and faults them in; NULL when
// memory runs out.
np_layout *np_flow_create(long section_count, const np_section *sections, np_flow flow);
np_layout *np_waterfall_create(long section_count, const np_section *sections, np_waterfall waterfall);
// Lays every section out for a viewport `viewport_width` wide; returns the content's length.
double np_prepare(np_layout *layout, double viewport_width);
// The frame of element `index`, in content coordinates.
void np_frame(const np_layout *layout, long index, double frame[4]);
// The number of elements the layout holds.
long np_count(const np_layout *layout);
void np_free(np_layout *layout);

#endif
