/* img_band.c — a solution painted back onto the picture it was found in: the path's
 * pixels widened to a band (a square brush, so corridors keep floor on both sides and
 * straight runs have straight edges) over the floor only, row by row for the PNG
 * writer (img_paint.c) or in place on RGBA pixels in memory. No libpng here (the web
 * page builds it). */
#include <string.h>

#include "core/error.h"
#include "render/img_bitmap.h"

/* The brush: half the inset, rounded up, so the band stays on the floor (the path is
 * more than `inset` from every wall) and leaves floor beside it. */
static int brush_radius(const amz_image_origin *origin)
{
    return origin ? (int)((origin->inset + 1) / 2) : 0;
}

/* The map is the maze's box, one bit a maze cell (a cell is an image pixel). Unlike the
 * pictures' img_mark_path, every move must follow an open passage (else AMZ_EFORMAT). On
 * failure nothing is held; on success the caller frees with img_band_free. */
amz_status img_band_init(img_band *band, const amz_maze *m, const amz_image_origin *origin, const amz_path *p,
                         amz_color color, const amz_image_read_options *o, img_budget *bud, amz_error *err)
{
    memset(band, 0, sizeof *band);
    amz_image_read_options defaults;
    amz_image_read_options_init(&defaults);
    /* The classes the maze was read with: its colours (a = 0: none were found), or a
     * threshold, the origin's first, else the options', else 128. */
    if (origin && !origin->threshold && origin->wall.a)
        img_classes_colors(&band->cls, origin->wall, origin->floor);
    else
        img_classes_luma(&band->cls,
                         origin && origin->threshold ? origin->threshold : o && o->threshold ? o->threshold : 128,
                         o ? o->vivid : defaults.vivid);
    if (m->topology != AMZ_TOPO_SQUARE)
        return amz_errorf(err, AMZ_EINVAL, "a maze read from a picture is square, not %s",
                          amz_topology_name(m->topology));
    band->ox = origin ? origin->x : 0;
    band->oy = origin ? origin->y : 0;
    band->paint[0] = color.r, band->paint[1] = color.g, band->paint[2] = color.b, band->paint[3] = color.a;
    if (!amz_maze_exists(m, p->start))
        return amz_errorf(err, AMZ_EFORMAT, "the solution starts outside the maze");
    img_bitmap *map = &band->map;
    if (!img_bm_init(map, m->width, m->height, bud))
        return img_budget_fail(bud, "painting the path", err);
    amz_cell c = p->start;
    img_bm_set(map, c % m->width, c / m->width);
    for (uint64_t i = 0; i < p->len; i++) {
        int d = p->dirs[i];
        amz_cell nb = d < m->ndirs ? amz_maze_neighbor(m, c, d) : AMZ_NO_CELL;
        if (nb == AMZ_NO_CELL || !amz_maze_passage(m, c, d)) {
            img_bm_free(map, bud);
            return amz_errorf(err, AMZ_EFORMAT, "the solution leaves the maze at move %llu",
                              (unsigned long long)i + 1);
        }
        c = nb;
        img_bm_set(map, c % m->width, c / m->width);
    }
    if (!img_bm_dilate(map, brush_radius(origin), bud)) {
        img_bm_free(map, bud);
        return img_budget_fail(bud, "painting the path", err);
    }
    return AMZ_OK;
}

amz_status img_band_fits(const img_band *band, uint32_t w, uint32_t h, amz_error *err)
{
    const int64_t ox = band->ox, oy = band->oy, mw = band->map.width, mh = band->map.height;
    if (ox < 0 || oy < 0 || ox + mw > (int64_t)w || oy + mh > (int64_t)h)
        return amz_errorf(err, AMZ_EINVAL, "a %lldx%lld maze at (%lld,%lld) does not fit the %ux%u image",
                          (long long)mw, (long long)mh, (long long)ox, (long long)oy, w, h);
    return AMZ_OK;
}

/* Whole pixels are copied: `channels` bytes of the RGBA source (RGB drops alpha), and the
 * paint's first `channels` bytes on the band. */
void img_band_row(const img_band *band, int64_t y, uint32_t w, const unsigned char *src, unsigned char *dst,
                  int channels)
{
    const int64_t my = y - band->oy;
    const bool in_rows = my >= 0 && my < band->map.height;
    for (uint32_t x = 0; x < w; x++) {
        const unsigned char *px = src + 4 * (size_t)x;
        unsigned char *out = dst + (size_t)x * (size_t)channels;
        const int64_t mx = (int64_t)x - band->ox;
        /* The band covers floor only: walls stay as drawn. */
        bool on = in_rows && mx >= 0 && mx < band->map.width && img_bm_get(&band->map, mx, my) &&
                  !img_px_wall(&band->cls, px);
        if (on)
            memcpy(out, band->paint, (size_t)channels);
        else if (out != px)
            memcpy(out, px, (size_t)channels);
    }
}

void img_band_free(img_band *band, img_budget *bud)
{
    img_bm_free(&band->map, bud);
}

/* amaze/image.h. In place: img_band_row reads each pixel before it writes it, and the
 * classes see the picture's own pixels, never paint. */
amz_status amz_image_paint_path_rgba(void *rgba, uint32_t width, uint32_t height, size_t stride, const amz_maze *m,
                                     const amz_image_origin *origin, const amz_path *p, amz_color color,
                                     const amz_image_read_options *o, amz_error *err)
{
    img_source src;
    img_rgba_rows rows;
    amz_status st = img_source_rgba(&src, &rows, rgba, width, height, stride, err);
    if (st)
        return st;
    img_budget b;
    img_budget_init(&b, o ? o->max_bytes : 0);
    img_band band;
    if ((st = img_band_init(&band, m, origin, p, color, o, &b, err)))
        return st;
    if ((st = img_band_fits(&band, width, height, err)) == AMZ_OK)
        for (uint32_t y = 0; y < height; y++) {
            unsigned char *row = (unsigned char *)rgba + (size_t)y * stride;
            img_band_row(&band, y, width, row, row, 4);
        }
    img_band_free(&band, &b);
    return st;
}
