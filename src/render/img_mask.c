/* img_mask.c — masks read from pictures: a cell a light pixel (luma over white at least
 * the threshold), none a dark one, from a PNG (img_pngread.c) or from RGBA pixels in
 * memory, the WebAssembly page's decoded pictures among them. */
#include <string.h>

#include "amaze/shape.h"
#include "core/bits.h"
#include "core/error.h"
#include "render/img_source.h"

/* One pass over the rows. The maze is not allocated through the budget: its bytes go to
 * open() as `extra`, so the pass is refused up front when decoder and maze together
 * would pass max_bytes. On failure m is deinitialised (left zeroed). */
amz_status img_read_mask_source(img_source *src, const amz_image_read_options *o, amz_topology t, amz_maze *m,
                                amz_error *err)
{
    amz_image_read_options defaults;
    if (!o) {
        amz_image_read_options_init(&defaults);
        o = &defaults;
    }
    /* The maze: its passages and a mask bit a cell, counted before either exists. */
    uint64_t maze = amz_maze_memory_estimate(t, src->w, src->h), cells = (uint64_t)src->w * src->h;
    if (maze == UINT64_MAX)
        return amz_errorf(err, AMZ_ERANGE, "a %ux%u mask is larger than a maze may be (%d a side, %lld cells)",
                          src->w, src->h, AMZ_MAX_SIDE, (long long)AMZ_MAX_CELLS);
    maze += bits_words(cells) * 8;
    img_budget b;
    img_budget_init(&b, o->max_bytes);
    amz_status st = src->open(src, &b, maze, err);
    if (st)
        return st;
    if ((st = amz_maze_init(m, AMZ_TOPO_SQUARE, (int32_t)src->w, (int32_t)src->h, err))) {
        src->close(src);
        return st;
    }
    uint64_t light = 0;
    for (uint32_t y = 0; y < src->h && st == AMZ_OK; y++) {
        const unsigned char *row = src->row(src);
        if (!row) {
            st = src->fail(src, err);
            break;
        }
        for (uint32_t x = 0; x < src->w && st == AMZ_OK; x++) {
            if (img_px_light(row + 4 * (size_t)x, o->threshold ? o->threshold : 128))
                light++;
            else
                st = amz_maze_set_exists(m, (amz_cell)y * src->w + x, false, err);
        }
    }
    src->close(src);
    if (st == AMZ_OK && light == 0)
        st = amz_errorf(err, AMZ_EFORMAT, "the mask picture has no light pixel, so no cell");
    /* Start and goal: the first and last cell in reading order. */
    if (st == AMZ_OK)
        st = amz_maze_default_ends(m, err);
    if (st)
        amz_maze_deinit(m);
    /* The pixels laid on the plain grid of t as a text mask's characters are. */
    const amz_grid g = {t, 0, 0, 1, 0, false};
    return st || t == AMZ_TOPO_SQUARE ? st : amz_mask_fit(m, &g, m, err);
}

/* m is zeroed first, so it is zeroed on every failure, bad arguments included. */
amz_status amz_image_read_mask_rgba(const void *rgba, uint32_t width, uint32_t height, size_t stride,
                                    const amz_image_read_options *o, amz_topology t, amz_maze *m, amz_error *err)
{
    memset(m, 0, sizeof *m);
    img_source src;
    img_rgba_rows rows;
    amz_status st = img_source_rgba(&src, &rows, rgba, width, height, stride, err);
    return st ? st : img_read_mask_source(&src, o, t, m, err);
}
