/* img_bitmap.h — bit maps of picture pixels for the picture readers: rows of 64-bit
 * words, square dilation (the morphology behind "close the gaps of the outer wall")
 * and scanline flood fills, every allocation charged to a reading call's budget. */
#ifndef AMZ_RENDER_IMG_BITMAP_H
#define AMZ_RENDER_IMG_BITMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "render/img_source.h"

/* Pixel (x, y) is bit x % 64 of word y * stride + x / 64. Bits past `width` in a
 * row's last word stay 0. */
typedef struct img_bitmap {
    uint64_t *w;
    int64_t width, height, stride;
} img_bitmap;

/* A cleared width x height map; false (b->w NULL) when the budget refuses it. */
bool img_bm_init(img_bitmap *b, int64_t width, int64_t height, img_budget *bud);
void img_bm_free(img_bitmap *b, img_budget *bud);
/* Bytes a width x height map takes (for estimates). */
uint64_t img_bm_bytes(int64_t width, int64_t height);
/* dst (uninitialised) = a copy of src; false when refused. */
bool img_bm_copy(img_bitmap *dst, const img_bitmap *src, img_budget *bud);
void img_bm_clear(img_bitmap *b);

static inline uint64_t *img_bm_row(const img_bitmap *b, int64_t y)
{
    return b->w + y * b->stride;
}

static inline bool img_bm_get(const img_bitmap *b, int64_t x, int64_t y)
{
    return (img_bm_row(b, y)[x >> 6] >> (x & 63)) & 1u;
}

static inline void img_bm_set(img_bitmap *b, int64_t x, int64_t y)
{
    img_bm_row(b, y)[x >> 6] |= (uint64_t)1 << (x & 63);
}

/* Sets, in place, every pixel within Chebyshev distance k of a set pixel (dilation
 * by the (2k+1)-pixel square), in O(pixels / 64 * log k) word operations: radius R
 * grows to R + s by or-ing copies shifted by s <= R + 1, first along rows, then
 * along columns (the square is the product of two intervals). false when refused. */
bool img_bm_dilate(img_bitmap *b, int64_t k, img_budget *bud);

/* The pixels a flood may enter: not set in any `block` map (NULL entries skipped)
 * and, if `need` is not NULL, set in it. */
typedef struct img_region {
    const img_bitmap *block[3];
    const img_bitmap *need;
} img_region;

static inline bool img_region_has(const img_region *r, int64_t x, int64_t y)
{
    for (int i = 0; i < 3; i++)
        if (r->block[i] && img_bm_get(r->block[i], x, y))
            return false;
    return !r->need || img_bm_get(r->need, x, y);
}

/* A growable list of pixels. */
typedef struct img_pixels {
    int64_t *xy; /* x0, y0, x1, y1, ... */
    uint64_t n, cap;
} img_pixels;

bool img_pixels_push(img_pixels *l, int64_t x, int64_t y, img_budget *bud);
void img_pixels_free(img_pixels *l, img_budget *bud);

/* Scanline flood fill from (x, y) over region pixels not yet in `seen` (4-connected,
 * or 8-connected with diag), marking them in seen. Adds the count of pixels filled
 * to *count, and the pixels to *collect if not NULL. Nothing happens when (x, y) is
 * outside the region or seen. The work list holds run starts, charged to the
 * budget: false when refused. */
bool img_flood(const img_region *reg, img_bitmap *seen, int64_t x, int64_t y, bool diag, uint64_t *count,
               img_pixels *collect, img_budget *bud);

/* ---- the path painted on a picture (img_band.c) ---- */

/* A solution's band: the path's pixels dilated by the brush (half the inset, rounded
 * up) over the maze's box, and the colour and pixel classes it is painted with. */
typedef struct img_band {
    img_bitmap map;
    img_classes cls;
    int64_t ox, oy; /* image pixel of maze cell (0, 0) */
    unsigned char paint[4];
} img_band;

/* The band of path p on maze m read from a picture at `origin` (NULL: (0, 0), no
 * inset), painted over floor by the classes m was read with (origin's colours or
 * threshold, else o's; o NULL = defaults). AMZ_EINVAL for a maze that is not square,
 * AMZ_EFORMAT for a path that leaves the maze, budget refusals. */
amz_status img_band_init(img_band *band, const amz_maze *m, const amz_image_origin *origin, const amz_path *p,
                         amz_color color, const amz_image_read_options *o, img_budget *bud, amz_error *err);
/* AMZ_EINVAL unless the maze, placed at the band's origin, fits a w x h picture. */
amz_status img_band_fits(const img_band *band, uint32_t w, uint32_t h, amz_error *err);
/* Row y of the picture (w RGBA pixels at src) with the band painted, into dst at
 * `channels` (3 or 4) bytes a pixel; dst may be src when channels is 4. */
void img_band_row(const img_band *band, int64_t y, uint32_t w, const unsigned char *src, unsigned char *dst,
                  int channels);
void img_band_free(img_band *band, img_budget *bud);

#endif
