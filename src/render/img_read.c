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
    bool alpha;          /* the source has transparency */
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
                               amz_error *err)
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
    if ((st = amz_maze_init(m, AMZ_TOPO_SQUARE, r.w, r.h, err))) {
        reader_close(&r);
        return st;
    }
    const uint64_t n = (uint64_t)m->ncells;
    m->mask = amz_calloc((size_t)bits_words(n), 8);
    uint8_t *prev = amz_calloc(r.w, 1), *cur = amz_malloc(r.w);
    if (!m->mask || !prev || !cur) {
        st = amz_errorf(err, AMZ_ENOMEM, "cannot allocate a %ux%u pixel maze", r.w, r.h);
        goto fail;
    }
    uint64_t light = 0;
    for (uint32_t y = 0; y < r.h; y++) {
        const unsigned char *row = reader_row(&r);
        if (!row) {
            st = amz_errorf(err, AMZ_EFORMAT, "%s", r.io.msg);
            goto fail;
        }
        const uint64_t base = (uint64_t)y * r.w;
        for (uint32_t x = 0; x < r.w; x++) {
            cur[x] = is_light(row + 4 * (size_t)x, o->threshold);
            if (!cur[x])
                continue;
            light++;
            bits_set(m->mask, base + x);
            /* Passages to the west and north neighbours, stored as their E and S bits. */
            if (x > 0 && cur[x - 1])
                bits_set(m->passages, (base + x - 1) * 2);
            if (y > 0 && prev[x])
                bits_set(m->passages, (base - r.w + x) * 2 + 1);
        }
        uint8_t *t = prev;
        prev = cur;
        cur = t;
    }
    amz_free(prev);
    amz_free(cur);
    prev = cur = NULL;
    reader_close(&r);
    if (light == 0) {
        amz_maze_deinit(m);
        return amz_errorf(err, AMZ_EFORMAT, "the image has no light (floor) pixel at threshold %u", o->threshold);
    }
    amz_cell a, b;
    if (amz_image_find_openings(m, &a, &b, NULL) == AMZ_OK) {
        m->start = a;
        m->goal = b;
    } else {
        amz_maze_default_ends(m, NULL);
    }
    return AMZ_OK;
fail:
    amz_free(prev);
    amz_free(cur);
    reader_close(&r);
    amz_maze_deinit(m);
    return st;
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
    /* Bounding box of the wall (removed) pixels: margins around a drawing are not
     * gaps. Rows first, then columns, each scan stopping at the first wall found. */
    int64_t x0 = m->width, y0 = -1, x1 = -1, y1 = -1;
    for (int64_t y = 0; y < m->height && y0 < 0; y++)
        for (int64_t x = 0; x < m->width; x++)
            if (!grid_exists(m, y * m->width + x)) {
                y0 = y;
                break;
            }
    if (y0 < 0)
        return amz_errorf(err, AMZ_ENOTFOUND, "no walls: the image has no dark pixel");
    for (int64_t y = m->height - 1; y >= y0 && y1 < 0; y--)
        for (int64_t x = 0; x < m->width; x++)
            if (!grid_exists(m, y * m->width + x)) {
                y1 = y;
                break;
            }
    for (int64_t y = y0; y <= y1; y++)
        for (int64_t x = 0; x < m->width; x++)
            if (!grid_exists(m, y * m->width + x)) {
                if (x < x0)
                    x0 = x;
                break;
            }
    for (int64_t y = y0; y <= y1; y++)
        for (int64_t x = m->width - 1; x >= 0; x--)
            if (!grid_exists(m, y * m->width + x)) {
                if (x > x1)
                    x1 = x;
                break;
            }
    const int64_t bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    amz_cell a = first_gap(m, x0, y0, 1, 0, bw, AMZ_NO_CELL);
    if (a == AMZ_NO_CELL)
        a = first_gap(m, x0, y0, 0, 1, bh, AMZ_NO_CELL);
    if (a == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no entrance: the top row and left column of the walls (box %lld,%lld to %lld,%lld) have no "
                          "gap; give --from X,Y",
                          (long long)x0, (long long)y0, (long long)x1, (long long)y1);
    amz_cell b = first_gap(m, x0, y1, 1, 0, bw, a);
    if (b == AMZ_NO_CELL)
        b = first_gap(m, x1, y0, 0, 1, bh, a);
    if (b == AMZ_NO_CELL)
        return amz_errorf(err, AMZ_ENOTFOUND,
                          "no exit: the bottom row and right column of the walls (box %lld,%lld to %lld,%lld) have no "
                          "second gap; give --to X,Y",
                          (long long)x0, (long long)y0, (long long)x1, (long long)y1);
    *entrance = a;
    *exit = b;
    return AMZ_OK;
}

amz_status amz_image_write_path(const void *data, size_t len, const amz_maze *m, const amz_path *p, amz_color color,
                                FILE *out, amz_error *err)
{
    reader r;
    amz_status st = reader_open(&r, data, len, 0, err);
    if (st)
        return st;
    if ((int64_t)r.w != m->width || (int64_t)r.h != m->height) {
        reader_close(&r);
        return amz_errorf(err, AMZ_EINVAL, "the image is %ux%u but the maze %dx%d", r.w, r.h, m->width, m->height);
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
    png_set_compression_level(png, 3);
    png_set_IHDR(png, info, r.w, r.h, 8, r.alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < r.h; y++) {
        const unsigned char *row = reader_row(&r);
        if (!row) {
            st = amz_errorf(err, AMZ_EFORMAT, "%s", r.io.msg);
            goto done;
        }
        const uint64_t base = (uint64_t)y * r.w;
        for (uint32_t x = 0; x < r.w; x++) {
            const unsigned char *src = row + 4 * (size_t)x;
            unsigned char *dst = line + (size_t)x * (size_t)channels;
            if (bits_get(cells, base + x)) {
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
