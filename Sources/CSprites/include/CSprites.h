// Sprite copies for the renderer (Sources/Render/Cairo/SpriteCompositor.swift): premultiplied
// ARGB32 images composited OVER a frame of the same format, faded by an 8-bit alpha, with the
// exact arithmetic of pixman's SSE2 paths (over_8888_8888 and over_8888_n_8888), so that the
// pixels are the ones Cairo gives (docs/internals/rendering-many-layers.md). With AVX2,
// eight pixels at a time; otherwise the same arithmetic one pixel at a time.
#ifndef CSPRITES_H
#define CSPRITES_H

#include <stddef.h>
#include <stdint.h>

/// One copy: `width` × `height` pixels from `pixels` (rows `stride` pixels apart), top-left at
/// (`x`, `y`) on the frame, faded by `alpha` (255: not faded; 0 copies nothing), within the
/// `clip_count` rectangles starting at `clips[clip_start]` (four numbers each: left, top,
/// right, bottom, in frame pixels, right and bottom excluded).
typedef struct {
    const uint32_t *pixels;
    int32_t stride;
    int32_t width;
    int32_t height;
    int32_t x;
    int32_t y;
    int32_t alpha;
    int32_t clip_start;
    int32_t clip_count;
} csprites_copy;

/// Applies `count` copies in order to the rows `row_begin` ..< `row_end` of `frame` (`width`
/// pixels wide, rows `stride` pixels apart); rows outside the band are not touched, so two
/// threads may do two bands of one frame at once.
void csprites_composite(const csprites_copy *copies, size_t count, const int32_t *clips, uint32_t *frame,
                        int32_t stride, int32_t width, int32_t row_begin, int32_t row_end);

/// The same, one pixel at a time whatever the processor (tests compare the two).
void csprites_composite_portable(const csprites_copy *copies, size_t count, const int32_t *clips,
                                 uint32_t *frame, int32_t stride, int32_t width, int32_t row_begin,
                                 int32_t row_end);

/// Whether `csprites_composite` uses AVX2 on this processor (1) or one pixel at a time (0).
int csprites_uses_avx2(void);

/// Asks for the two cache lines from `address` on to be loaded, without waiting for them.
static inline void csprites_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
    __builtin_prefetch((const char *)address + 64, 0, 3);
}

#endif
