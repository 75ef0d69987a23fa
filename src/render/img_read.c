/* img_read.c — mazes from pictures: a PNG of dark walls and light floor becomes a
 * square maze with one cell per pixel (dark pixels are removed cells), its entrance and
 * exit are found as gaps in the border of the walls' bounding box, and a solution is
 * painted back onto the original image. Any solver of the registry then applies. */
#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/checked.h"
#include "core/error.h"
#include "render/img_internal.h"
#include "render/img_pngio.h"

void img_png_read_data(png_structp png, png_bytep data, png_size_t len)
{
    img_png_io *io = png_get_io_ptr(png);
    if (io->len - io->pos < len) {
        io->truncated = true;
        png_error(png, "truncated PNG (the data ends early)");
    }
    memcpy(data, io->data + io->pos, len);
    io->pos += len;
}

/* A PNG decoder handing out RGBA rows of 8-bit samples. Interlaced images are decoded
 * whole first (their rows are only final after the last pass). */
typedef struct reader {
    img_png_io io;
    png_structp png;
    png_infop info;
    uint32_t w, h;
    bool alpha; /* the source has transparency */
    bool interlaced;
    unsigned char *rows; /* interlaced: the whole image; else one row */
    uint32_t next;
} reader;

static void reader_close(reader *r)
{
    if (r->png)
        png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    amz_free(r->rows);
    r->rows = NULL;
}

static amz_status reader_fail(reader *r, amz_error *err)
{
    amz_status st = amz_errorf(err, AMZ_EFORMAT, "%s", r->io.msg);
    reader_close(r);
    return st;
}

/* Opens the decoder; on failure everything is released. */
static amz_status reader_open(reader *r, const void *data, size_t len, uint64_t max_bytes, amz_error *err)
{
    memset(r, 0, sizeof *r);
    if (len < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0)
        return amz_errorf(err, AMZ_EFORMAT, "not a PNG file");
    r->io.data = data;
    r->io.len = len;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r->io, img_png_error, img_png_warning);
    if (!r->png || !(r->info = png_create_info_struct(r->png))) {
        reader_close(r);
        return amz_errorf(err, AMZ_ENOMEM, "png: cannot create the decoder");
    }
    if (setjmp(r->io.jmp))
        return reader_fail(r, err);
    png_set_read_fn(r->png, &r->io, img_png_read_data);
    /* Pictures of mazes are often large and plain: allow any size libpng can. */
    png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
    png_read_info(r->png, r->info);
    r->w = png_get_image_width(r->png, r->info);
    r->h = png_get_image_height(r->png, r->info);
    int type = png_get_color_type(r->png, r->info);
    r->alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(r->png, r->info, PNG_INFO_tRNS);
    r->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    uint64_t need;
    if (max_bytes && (!ck_mul_u64((uint64_t)r->w, (uint64_t)r->h, &need) || need / 8 * 3 > max_bytes)) {
        reader_close(r);
        return amz_errorf(err, AMZ_ERANGE, "a %ux%u image needs more memory than the %llu bytes allowed", r->w, r->h,
                          (unsigned long long)max_bytes);
    }
    png_set_expand(r->png);
    png_set_strip_16(r->png);
    png_set_gray_to_rgb(r->png);
    png_set_add_alpha(r->png, 0xff, PNG_FILLER_AFTER);
    if (r->interlaced)
        png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    size_t rowbytes = (size_t)r->w * 4, total = rowbytes;
    if (r->interlaced && !ck_array_bytes(r->h, rowbytes, &total)) {
        reader_close(r);
        return amz_errorf(err, AMZ_ENOMEM, "a %ux%u interlaced image is too large", r->w, r->h);
    }
    if (!(r->rows = amz_malloc(total))) {
        reader_close(r);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate %zu bytes to decode a %ux%u image", total, r->w, r->h);
    }
    if (r->interlaced) {
        png_bytep *ptrs = amz_malloc((size_t)r->h * sizeof(png_bytep));
        if (!ptrs) {
            reader_close(r);
            return amz_errorf(err, AMZ_ENOMEM, "out of memory decoding a %ux%u image", r->w, r->h);
        }
        for (uint32_t y = 0; y < r->h; y++)
            ptrs[y] = r->rows + (size_t)y * rowbytes;
        if (setjmp(r->io.jmp)) {
            amz_free(ptrs);
            return reader_fail(r, err);
        }
        png_read_image(r->png, ptrs);
        amz_free(ptrs);
    }
    return AMZ_OK;
}

/* The next row (RGBA), or NULL after an error (message in r->io.msg, reader closed). */
static const unsigned char *reader_row(reader *r)
{
    if (r->interlaced)
        return r->rows + (size_t)r->next++ * (size_t)r->w * 4;
    if (setjmp(r->io.jmp))
        return NULL;
    png_read_row(r->png, r->rows, NULL);
    r->next++;
    return r->rows;
}

void amz_image_read_options_init(amz_image_read_options *o)
{
    o->threshold = 128;
    o->max_bytes = 0;
}

static bool is_light(const unsigned char *px, unsigned threshold)
{
    /* Luma of the pixel composited over white, in 1/1000 units. */
    unsigned a = px[3];
    unsigned r = (px[0] * a + 255 * (255 - a)) / 255, g = (px[1] * a + 255 * (255 - a)) / 255,
             b = (px[2] * a + 255 * (255 - a)) / 255;
    return 299 * r + 587 * g + 114 * b >= 1000 * threshold;
}

amz_status amz_image_read_maze(const void *data, size_t len, const amz_image_read_options *o, amz_maze *m,
                               amz_image_origin *origin, amz_error *err)
{
    amz_image_read_options defaults;
    if (!o) {
        amz_image_read_options_init(&defaults);
        o = &defaults;
    }
    memset(m, 0, sizeof *m);
    reader r;
    amz_status st = reader_open(&r, data, len, o->max_bytes, err);
    if (st)
        return st;
    /* Pass 1: a light bit per image pixel and the box of the dark ones. */
    const uint64_t npx = (uint64_t)r.w * r.h;
    uint64_t *light = amz_calloc((size_t)bits_words(npx), 8);
    if (!light) {
        reader_close(&r);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a %ux%u pixel map", r.w, r.h);
    }
    int64_t x0 = r.w, y0 = r.h, x1 = -1, y1 = -1;
    uint64_t nlight = 0;
    for (uint32_t y = 0; y < r.h; y++) {
        const unsigned char *row = reader_row(&r);
        if (!row) {
            st = amz_errorf(err, AMZ_EFORMAT, "%s", r.io.msg);
            amz_free(light);
            reader_close(&r);
            return st;
        }
        for (uint32_t x = 0; x < r.w; x++) {
            if (is_light(row + 4 * (size_t)x, o->threshold)) {
                bits_set(light, (uint64_t)y * r.w + x);
                nlight++;
                continue;
            }
            if (x < x0)
                x0 = x;
            if (x > x1)
                x1 = x;
            if (y < y0)
                y0 = y;
            y1 = y;
        }
    }
    reader_close(&r);
    if (nlight == 0) {
        amz_free(light);
        return amz_errorf(err, AMZ_EFORMAT, "the image has no light (floor) pixel at threshold %u", o->threshold);
    }
    if (x1 < 0) { /* no wall at all: the whole image */
        x0 = 0, y0 = 0, x1 = r.w - 1, y1 = r.h - 1;
    }
    /* Pass 2: the maze of the box. Passages join horizontally and vertically adjacent
     * light pixels, stored as the E and S bits of the first. */
    if ((st = amz_maze_init(m, AMZ_TOPO_SQUARE, x1 - x0 + 1, y1 - y0 + 1, err))) {
        amz_free(light);
        return st;
    }
    const int64_t w = m->width, h = m->height;
    m->mask = amz_calloc((size_t)bits_words((uint64_t)m->ncells), 8);
    if (!m->mask) {
        amz_free(light);
        amz_maze_deinit(m);
        return amz_errorf(err, AMZ_ENOMEM, "cannot allocate a %lldx%lld pixel maze", (long long)w, (long long)h);
    }
#define LIGHT(x, y) bits_get(light, (uint64_t)((y) + y0) * r.w + (uint64_t)((x) + x0))
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            if (!LIGHT(x, y))
                continue;
            uint64_t c = (uint64_t)(y * w + x);
            bits_set(m->mask, c);
            if (x + 1 < w && LIGHT(x + 1, y))
                bits_set(m->passages, c * 2);
            if (y + 1 < h && LIGHT(x, y + 1))
                bits_set(m->passages, c * 2 + 1);
        }
#undef LIGHT
    amz_free(light);
    if (origin) {
        origin->x = x0;
        origin->y = y0;
        origin->width = r.w;
        origin->height = r.h;
    }
    amz_cell a = AMZ_NO_CELL, b = AMZ_NO_CELL;
    if (amz_image_find_openings(m, &a, &b, NULL) == AMZ_OK) {
        m->start = a;
        m->goal = b;
    } else {
        amz_maze_default_ends(m, NULL);
    }
    return AMZ_OK;
}

/* Middle of the first run of light pixels along a line of the box, or AMZ_NO_CELL.
 * The line starts at (x, y) and steps by (dx, dy) for n pixels; `skip` is a cell the
 * run may not contain (the entrance, when looking for the exit). */
static amz_cell first_gap(const amz_maze *m, int64_t x, int64_t y, int dx, int dy, int64_t n, amz_cell skip)
{
    int64_t k = 0;
    while (k < n) {
        if (!grid_exists(m, (y + k * dy) * m->width + x + k * dx)) {
            k++;
            continue;
        }
        int64_t e = k;
        bool has_skip = false;
        while (e < n && grid_exists(m, (y + e * dy) * m->width + x + e * dx)) {
            has_skip |= (y + e * dy) * m->width + x + e * dx == skip;
            e++;
        }
        if (!has_skip) {
            int64_t mid = (k + e - 1) / 2;
            return (y + mid * dy) * m->width + x + mid * dx;
        }
        k = e;
    }
    return AMZ_NO_CELL;
}

amz_status amz_image_find_openings(const amz_maze *m, amz_cell *entrance, amz_cell *exit, amz_error *err)
{
    const int64_t w = m->width, h = m->height;
    amz_cell a = first_gap(m, 0, 0, 1, 0, w, AMZ_NO_CELL);
    if (a == AMZ_NO_CELL)
        a = first_gap(m, 0, 0, 0, 1, h, AMZ_NO_CELL);
    if (a == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no entrance: the top row and left column of the maze's walls have no gap; give --from X,Y");
    amz_cell b = first_gap(m, 0, h - 1, 1, 0, w, a);
    if (b == AMZ_NO_CELL)
        b = first_gap(m, w - 1, 0, 0, 1, h, a);
    if (b == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no exit: the bottom row and right column of the maze's walls have no second gap; give "
                          "--to X,Y");
    *entrance = a;
    *exit = b;
    return AMZ_OK;
}

amz_status amz_image_write_path(const void *data, size_t len, const amz_maze *m, const amz_image_origin *origin,
                                const amz_path *p, amz_color color, FILE *out, amz_error *err)
{
    reader r;
    amz_status st = reader_open(&r, data, len, 0, err);
    if (st)
        return st;
    const int64_t ox = origin ? origin->x : 0, oy = origin ? origin->y : 0;
    if (ox < 0 || oy < 0 || ox + m->width > (int64_t)r.w || oy + m->height > (int64_t)r.h) {
        reader_close(&r);
        return amz_errorf(err, AMZ_EINVAL, "a %dx%d maze at (%lld,%lld) does not fit the %ux%u image", m->width,
                          m->height, (long long)ox, (long long)oy, r.w, r.h);
    }
    uint64_t *cells = NULL, *edges = NULL;
    if ((st = img_mark_path(m, p, &cells, &edges, err))) {
        reader_close(&r);
        return st;
    }
    amz_free(edges);
    const int channels = r.alpha ? 4 : 3;
    unsigned char *line = amz_malloc((size_t)r.w * (size_t)channels);
    img_png_io wio;
    memset(&wio, 0, sizeof wio);
    wio.f = out;
    png_structp png = NULL;
    png_infop info = NULL;
    if (!line) {
        st = amz_errorf(err, AMZ_ENOMEM, "out of memory for a row of %u pixels", r.w);
        goto done;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &wio, img_png_error, img_png_warning);
    if (!png || !(info = png_create_info_struct(png))) {
        st = amz_errorf(err, AMZ_ENOMEM, "png: cannot create the encoder");
        goto done;
    }
    if (setjmp(wio.jmp)) {
        st = amz_errorf(err, wio.write_failed ? AMZ_EIO : AMZ_EFORMAT, "png: %s", wio.msg);
        goto done;
    }
    png_set_write_fn(png, &wio, img_png_write_data, img_png_flush);
    /* Speed first (pictures of mazes are large and plain): fast deflate, no filters. */
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, r.w, r.h, 8, r.alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < r.h; y++) {
        const unsigned char *row = reader_row(&r);
        if (!row) {
            st = amz_errorf(err, AMZ_EFORMAT, "%s", r.io.msg);
            goto done;
        }
        const int64_t my = (int64_t)y - oy;
        for (uint32_t x = 0; x < r.w; x++) {
            const unsigned char *src = row + 4 * (size_t)x;
            unsigned char *dst = line + (size_t)x * (size_t)channels;
            const int64_t mx = (int64_t)x - ox;
            if (my >= 0 && my < m->height && mx >= 0 && mx < m->width &&
                bits_get(cells, (uint64_t)(my * m->width + mx))) {
                unsigned char c[4] = {color.r, color.g, color.b, color.a};
                memcpy(dst, c, (size_t)channels);
            } else {
                memcpy(dst, src, (size_t)channels);
            }
        }
        png_write_row(png, line);
    }
    png_write_end(png, NULL);
done:
    if (png)
        png_destroy_write_struct(&png, info ? &info : NULL);
    amz_free(line);
    amz_free(cells);
    reader_close(&r);
    return st;
}

amz_status amz_image_read_mask(const void *data, size_t len, const amz_image_read_options *o, amz_topology t,
                               amz_maze *m, amz_error *err)
{
    amz_image_read_options defaults;
    if (!o) {
        amz_image_read_options_init(&defaults);
        o = &defaults;
    }
    memset(m, 0, sizeof *m);
    reader r;
    amz_status st = reader_open(&r, data, len, o->max_bytes, err);
    if (st)
        return st;
    if ((st = amz_maze_init(m, t, r.w, r.h, err))) {
        reader_close(&r);
        return st;
    }
    uint64_t cells = 0;
    for (uint32_t y = 0; y < r.h && st == AMZ_OK; y++) {
        const unsigned char *row = reader_row(&r);
        if (!row) {
            st = amz_errorf(err, AMZ_EFORMAT, "%s", r.io.msg);
            break;
        }
        for (uint32_t x = 0; x < r.w && st == AMZ_OK; x++) {
            if (is_light(row + 4 * (size_t)x, o->threshold))
                cells++;
            else
                st = amz_maze_set_exists(m, (amz_cell)y * r.w + x, false, err);
        }
    }
    reader_close(&r);
    if (st == AMZ_OK && cells == 0)
        st = amz_errorf(err, AMZ_EFORMAT, "the mask picture has no light pixel, so no cell");
    if (st == AMZ_OK)
        st = amz_maze_default_ends(m, err);
    if (st)
        amz_maze_deinit(m);
    return st;
}
