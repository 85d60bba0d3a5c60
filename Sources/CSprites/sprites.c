// Sprite copies (include/CSprites.h): OVER of premultiplied ARGB32, optionally faded by a
// solid 8-bit alpha, rounded exactly as pixman rounds (docs/ARCHITECTURE.md § Rendering many
// layers). pixman multiplies two 8-bit values as t = a·b + 128, (t + t/256) / 256, and adds
// with saturation; the fade multiplies all four channels of the source first.
#include "CSprites.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// a·b/255 rounded, as pixman's MUL_UN8.
static inline uint32_t multiply(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return (t + (t >> 8)) >> 8;
}

/// One pixel: `source` (already faded) OVER `destination`.
static inline uint32_t over(uint32_t source, uint32_t destination) {
    uint32_t inverse = 255 - (source >> 24);
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((source >> shift) & 0xff) + multiply((destination >> shift) & 0xff, inverse);
        result |= (sum > 255 ? 255 : sum) << shift;
    }
    return result;
}

/// `source` faded by `alpha` (all four channels).
static inline uint32_t fade(uint32_t source, uint32_t alpha) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        result |= multiply((source >> shift) & 0xff, alpha) << shift;
    }
    return result;
}

/// One row of `count` pixels, one at a time.
static void row_portable(const uint32_t *source, uint32_t *destination, int32_t count, uint32_t alpha) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t s = source[i];
        if (s == 0) continue;
        if (alpha != 255) s = fade(s, alpha);
        destination[i] = (s >> 24) == 255 ? s : over(s, destination[i]);
    }
}

#if defined(__x86_64__)
/// a·b/255 rounded in each 16-bit lane (values 0…255): pixman's pix_multiply.
__attribute__((target("avx2"))) static inline __m256i multiply8(__m256i a, __m256i b) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(0x80));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x101));
}

/// Each pixel's alpha in all four of its 16-bit lanes.
__attribute__((target("avx2"))) static inline __m256i alphas8(__m256i pixels) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(pixels, 0xff), 0xff);
}

/// Four pixels (16-bit lanes) of faded source OVER four of destination.
__attribute__((target("avx2"))) static inline __m256i over8(__m256i source, __m256i destination) {
    __m256i inverse = _mm256_xor_si256(alphas8(source), _mm256_set1_epi16(0xff));
    return _mm256_adds_epu16(source, multiply8(destination, inverse));
}

/// Eight pixels of source (not yet faded) OVER eight of destination.
__attribute__((target("avx2"))) static inline __m256i blend8(__m256i s, __m256i d, uint32_t alpha) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i sLow = _mm256_unpacklo_epi8(s, zero), sHigh = _mm256_unpackhi_epi8(s, zero);
    if (alpha != 255) {
        const __m256i fade16 = _mm256_set1_epi16((short)alpha);
        sLow = multiply8(sLow, fade16);
        sHigh = multiply8(sHigh, fade16);
    }
    __m256i low = over8(sLow, _mm256_unpacklo_epi8(d, zero));
    __m256i high = over8(sHigh, _mm256_unpackhi_epi8(d, zero));
    return _mm256_packus_epi16(low, high);
}

/// Eight pixels of `source` (not yet faded) OVER eight of `destination`, as `row_avx2` gives
/// them; `*changed` is 0 when the frame's pixels stay as they are (a clear source).
__attribute__((target("avx2"), always_inline)) static inline __m256i block8(
    __m256i s, const uint32_t *destination, uint32_t alpha, int *changed) {
    *changed = !_mm256_testz_si256(s, s);
    if (!*changed) return s;  // all clear: nothing changes
    const __m256i opaque = _mm256_set1_epi32((int)0xff000000u);
    if (alpha == 255 && _mm256_testc_si256(s, opaque)) return s;  // all opaque: the source itself
    return blend8(s, _mm256_loadu_si256((const __m256i *)destination), alpha);
}

/// One row, eight pixels at a time. A row of at least eight whose length is not a multiple of
/// eight ends with the eight pixels that end it, blended from the frame as it was before the
/// row and stored last: the pixels they share with the block before get the same values twice.
/// A shorter row is done with masked loads and a masked store, which touch nothing past it (a
/// masked store takes several times an ordinary one on the processors measured). Inlined into
/// the loop over rows (`composite_avx2`).
__attribute__((target("avx2"), always_inline)) static inline void row_avx2(
    const uint32_t *source, uint32_t *destination, int32_t count, uint32_t alpha) {
    int changed;
    if (count < 8) {
        __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
        __m256i s = _mm256_maskload_epi32((const int *)source, mask);
        if (_mm256_testz_si256(s, s)) return;
        __m256i d = _mm256_maskload_epi32((const int *)destination, mask);
        _mm256_maskstore_epi32((int *)destination, mask, blend8(s, d, alpha));
        return;
    }
    int32_t last = count - 8;
    int last_changed = 0;
    __m256i last_block = _mm256_setzero_si256();
    if (last % 8 != 0) {  // read before any pixel of the row is written
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + last));
        last_block = block8(s, destination + last, alpha, &last_changed);
    }
    for (int32_t i = 0; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + i));
        __m256i result = block8(s, destination + i, alpha, &changed);
        if (changed) _mm256_storeu_si256((__m256i *)(destination + i), result);
    }
    if (last_changed) _mm256_storeu_si256((__m256i *)(destination + last), last_block);
}

/// Asked once per call (a read of what the runtime found at start-up), never cached here, so
/// that two threads never race on a cache.
static int has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}
#else
static int has_avx2(void) { return 0; }
#endif

/// How many rows ahead of the one being copied the frame's pixels are fetched (8 took 10–15 %
/// off the copies of 2,000 bubbles at 800 x 600 against none, 4 half that).
#define PREFETCH_ROWS 8

/// Asks for the first and last cache lines of a row of the frame (its bytes 0…`last_byte`)
/// to be written. Fetching every line of the row in between took as long.
static inline void prefetch_row(const uint32_t *row, int32_t last_byte) {
    __builtin_prefetch(row, 1, 3);
    __builtin_prefetch((const char *)row + last_byte, 1, 3);
}

typedef void (*row_function)(const uint32_t *, uint32_t *, int32_t, uint32_t);

/// The copies over the rows `row_begin` ..< `row_end`, a row at a time by `row`; inlined into
/// each caller, so that `row` is a direct call, itself inlined.
__attribute__((always_inline)) static inline void composite(
    row_function row, const csprites_copy *copies, size_t count, const int32_t *clips, uint32_t *frame,
    int32_t stride, int32_t width, int32_t row_begin, int32_t row_end) {
    for (size_t index = 0; index < count; index++) {
        const csprites_copy *copy = &copies[index];
        if (copy->alpha <= 0) continue;
        int32_t top = copy->y > row_begin ? copy->y : row_begin;
        int32_t bottom = copy->y + copy->height < row_end ? copy->y + copy->height : row_end;
        if (top >= bottom) continue;
        uint32_t alpha = copy->alpha >= 255 ? 255 : (uint32_t)copy->alpha;
        for (int32_t c = 0; c < copy->clip_count; c++) {
            const int32_t *rect = clips + 4 * (copy->clip_start + c);
            int32_t left = copy->x > rect[0] ? copy->x : rect[0];
            int32_t right = copy->x + copy->width < rect[2] ? copy->x + copy->width : rect[2];
            int32_t upper = top > rect[1] ? top : rect[1];
            int32_t lower = bottom < rect[3] ? bottom : rect[3];
            if (left < 0) left = 0;
            if (right > width) right = width;
            if (left >= right || upper >= lower) continue;
            const uint32_t *source =
                copy->pixels + (size_t)(upper - copy->y) * copy->stride + (left - copy->x);
            uint32_t *destination = frame + (size_t)upper * stride + left;
            // The frame's rows are asked for PREFETCH_ROWS ahead of the one being copied: a
            // sprite's rows are a frame's stride apart, which the processor does not foresee,
            // and the frame (1.9 MB at 800 x 600) is larger than the cache beside each core.
            int32_t last_byte = (right - left) * 4 - 1;
            for (int32_t y = upper; y < upper + PREFETCH_ROWS && y < lower; y++) {
                prefetch_row(destination + (size_t)(y - upper) * stride, last_byte);
            }
            for (int32_t y = upper; y < lower; y++) {
                if (y + PREFETCH_ROWS < lower) {
                    prefetch_row(destination + (size_t)PREFETCH_ROWS * stride, last_byte);
                }
                row(source, destination, right - left, alpha);
                source += copy->stride;
                destination += stride;
            }
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void composite_avx2(
    const csprites_copy *copies, size_t count, const int32_t *clips, uint32_t *frame, int32_t stride,
    int32_t width, int32_t row_begin, int32_t row_end) {
    composite(row_avx2, copies, count, clips, frame, stride, width, row_begin, row_end);
}
#endif

static void composite_portable(const csprites_copy *copies, size_t count, const int32_t *clips,
                               uint32_t *frame, int32_t stride, int32_t width, int32_t row_begin,
                               int32_t row_end) {
    composite(row_portable, copies, count, clips, frame, stride, width, row_begin, row_end);
}

void csprites_composite(const csprites_copy *copies, size_t count, const int32_t *clips, uint32_t *frame,
                        int32_t stride, int32_t width, int32_t row_begin, int32_t row_end) {
#if defined(__x86_64__)
    if (has_avx2()) {
        composite_avx2(copies, count, clips, frame, stride, width, row_begin, row_end);
        return;
    }
#endif
    composite_portable(copies, count, clips, frame, stride, width, row_begin, row_end);
}

void csprites_composite_portable(const csprites_copy *copies, size_t count, const int32_t *clips,
                                 uint32_t *frame, int32_t stride, int32_t width, int32_t row_begin,
                                 int32_t row_end) {
    composite_portable(copies, count, clips, frame, stride, width, row_begin, row_end);
}

int csprites_uses_avx2(void) { return has_avx2(); }
