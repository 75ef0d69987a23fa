/* test_image_read.c — mazes solved from pictures: block pictures of generated mazes
 * (perfect and braided) solve to 2d + 2 pixel moves where d is the maze's own BFS
 * distance (testutil's independent BFS); margins are cut away; disconnected pictures
 * have no path; the painted output differs from the input exactly on the path; broken
 * PNGs (not PNG, truncated at any length) give an error, never a crash; and memory:
 * headers claiming what their file cannot hold are refused before any allocation, and
 * every reader's peak (metered through the allocator hook, libpng's own blocks
 * included) stays within max_bytes at every limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "amaze/image.h"
#include "imgtest.h"
#include "testutil.h"

/* The block picture of m: 1 px per block, no margin, no markers, no solution, with
 * openings above the start and below the goal. */
static char *block_png(const amz_maze *m, size_t *len, int margin)
{
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = 2, o.wall = 1, o.margin = margin;
    o.markers = false;
    o.solution = false;
    char *buf = NULL;
    FILE *mf = open_memstream(&buf, len);
    assert_int_equal(amz_image_write(m, &o, AMZ_IMAGE_PNG, mf, NULL), AMZ_OK);
    fclose(mf);
    return buf;
}

/* Opens random extra walls: a braided (imperfect) maze. */
static void braid(amz_maze *m, uint64_t seed, double p)
{
    amz_rng r;
    amz_rng_seed(&r, seed);
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 1; d <= 2; d++)
            if (amz_maze_neighbor(m, c, d) != AMZ_NO_CELL && amz_rng_unit(&r) < p)
                assert_int_equal(amz_maze_set_passage(m, c, d, true, NULL), AMZ_OK);
}

static void solve_block_picture(uint64_t seed, bool braided, int margin)
{
    amz_maze m;
    int w = 3 + (int)(seed * 7 % 23), h = 2 + (int)(seed * 3 % 17);
    tu_generate(&m, AMZ_TOPO_SQUARE, w, h, seed % 2 ? "backtracker" : "hunt-and-kill", seed);
    if (braided)
        braid(&m, seed, 0.2);
    int64_t d = tu_bfs_distance(&m, m.start, m.goal);
    size_t len;
    char *png = block_png(&m, &len, margin);
    amz_maze pm;
    amz_image_origin org;
    amz_error err;
    assert_int_equal(amz_image_read_maze(png, len, NULL, &pm, &org, &err), AMZ_OK);
    /* The box of the walls is the (2W+1) x (2H+1) block picture, placed at the margin. */
    assert_int_equal(pm.width, 2 * w + 1);
    assert_int_equal(pm.height, 2 * h + 1);
    assert_int_equal(org.x, margin);
    assert_int_equal(org.y, margin);
    /* Entrance above the start cell (1, 0), exit below the goal (2W-1, 2H). */
    assert_int_equal(pm.start, 1);
    assert_int_equal(pm.goal, (amz_cell)(2 * h) * pm.width + 2 * w - 1);
    for (size_t i = 0; i < amz_solve_count(); i++) {
        const amz_solve_info *s = amz_solve_at(i);
        amz_solve_result r;
        assert_int_equal(amz_solve_run(&pm, s->name, pm.start, pm.goal, NULL, NULL, &r, &err), AMZ_OK);
        assert_int_equal(amz_path_check(&pm, &r.path, pm.start, pm.goal, &err), AMZ_OK);
        if (s->shortest && (int64_t)r.path.len != 2 * d + 2)
            fail_msg("seed %llu%s: %s found %llu pixel moves, the maze's distance %lld gives %lld",
                     (unsigned long long)seed, braided ? " braided" : "", s->name, (unsigned long long)r.path.len,
                     (long long)d, (long long)(2 * d + 2));
        if (s->shortest) {
            /* The painted picture differs from the input exactly on the path. */
            char *out = NULL;
            size_t olen = 0;
            FILE *mf = open_memstream(&out, &olen);
            amz_color red = {255, 0, 0, 255};
            assert_int_equal(amz_image_write_path(png, len, &pm, &org, &r.path, red, NULL, mf, &err), AMZ_OK);
            fclose(mf);
            tu_image a, b;
            assert_true(tu_png_load_mem(png, len, &a));
            assert_true(tu_png_load_mem(out, olen, &b));
            assert_int_equal(a.w, b.w);
            assert_int_equal(a.h, b.h);
            bool *on = calloc((size_t)pm.ncells, 1);
            amz_cell *cells = malloc(sizeof(amz_cell) * (r.path.len + 1));
            assert_int_equal(amz_path_cells(&pm, &r.path, cells), AMZ_OK);
            for (uint64_t k = 0; k <= r.path.len; k++)
                on[cells[k]] = true;
            for (int y = 0; y < a.h; y++)
                for (int x = 0; x < a.w; x++) {
                    int mx = x - (int)org.x, my = y - (int)org.y;
                    bool p = mx >= 0 && my >= 0 && mx < pm.width && my < pm.height && on[my * pm.width + mx];
                    if (p)
                        assert_true(tu_px_is(&b, x, y, 0xff0000));
                    else
                        assert_memory_equal(tu_px(&a, x, y), tu_px(&b, x, y), 4);
                }
            free(on);
            free(cells);
            tu_image_free(&a);
            tu_image_free(&b);
            free(out);
        }
        amz_path_deinit(&r.path);
    }
    free(png);
    amz_maze_deinit(&pm);
    amz_maze_deinit(&m);
}

static void test_perfect_pictures(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 25; seed++)
        solve_block_picture(seed, false, (int)(seed % 3));
}

static void test_braided_pictures(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 25; seed++)
        solve_block_picture(seed, true, (int)(seed % 4));
}

/* A wall across the middle: the exit is unreachable. */
static void test_disconnected(void **state)
{
    (void)state;
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 6, 6, NULL), AMZ_OK);
    for (amz_cell c = 0; c < m.ncells; c++) {
        if (c % 6 < 5)
            assert_int_equal(amz_maze_set_passage(&m, c, AMZ_SQ_E, true, NULL), AMZ_OK);
        if (c / 6 < 5 && c / 6 != 2)
            assert_int_equal(amz_maze_set_passage(&m, c, AMZ_SQ_S, true, NULL), AMZ_OK);
    }
    size_t len;
    char *png = block_png(&m, &len, 2);
    amz_maze pm;
    amz_error err;
    assert_int_equal(amz_image_read_maze(png, len, NULL, &pm, NULL, &err), AMZ_OK);
    amz_solve_result r;
    for (size_t i = 0; i < amz_solve_count(); i++)
        assert_int_equal(amz_solve_run(&pm, amz_solve_at(i)->name, pm.start, pm.goal, NULL, NULL, &r, &err),
                         AMZ_ENOPATH);
    free(png);
    amz_maze_deinit(&pm);
    amz_maze_deinit(&m);
}

/* Openings: none in a closed outer wall (unless the ends are given as pixels), and
 * gaps in the side walls when start and goal sit on the left and right columns. */
static void test_openings(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 5, 5, "backtracker", 3);
    amz_image_options o;
    amz_image_options_init(&o);
    o.cell = 2, o.wall = 1, o.openings = false, o.markers = false;
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    assert_int_equal(amz_image_write(&m, &o, AMZ_IMAGE_PNG, mf, NULL), AMZ_OK);
    fclose(mf);
    amz_maze pm;
    amz_image_origin org;
    amz_error err;
    assert_int_equal(amz_image_read_maze(buf, len, NULL, &pm, &org, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "no entrance"));
    /* The same picture with the ends given: the cells' pixels (margin 1). */
    amz_image_read_options ro;
    amz_image_read_options_init(&ro);
    ro.has_from = ro.has_to = true;
    ro.from_x = 2, ro.from_y = 2, ro.to_x = 10, ro.to_y = 10;
    assert_int_equal(amz_image_read_maze(buf, len, &ro, &pm, &org, &err), AMZ_OK);
    assert_int_equal(org.openings, 0);
    assert_int_equal(pm.start, (amz_cell)1 * pm.width + 1);
    assert_int_equal(pm.goal, (amz_cell)9 * pm.width + 9);
    amz_maze_deinit(&pm);
    /* Ends on a wall, in the margin, off the picture. */
    ro.from_x = 1;
    assert_int_equal(amz_image_read_maze(buf, len, &ro, &pm, &org, &err), AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "wall"));
    ro.from_x = 0;
    assert_int_equal(amz_image_read_maze(buf, len, &ro, &pm, &org, &err), AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "outside the maze"));
    ro.from_x = 99;
    assert_int_equal(amz_image_read_maze(buf, len, &ro, &pm, &org, &err), AMZ_ERANGE);
    assert_non_null(strstr(err.msg, "outside the 13x13 image"));
    free(buf);
    /* Start on the left column, goal on the right: gaps in the side walls. */
    m.start = 2 * 5;
    m.goal = 3 * 5 + 4;
    o.openings = true;
    buf = NULL;
    mf = open_memstream(&buf, &len);
    assert_int_equal(amz_image_write(&m, &o, AMZ_IMAGE_PNG, mf, NULL), AMZ_OK);
    fclose(mf);
    assert_int_equal(amz_image_read_maze(buf, len, NULL, &pm, &org, &err), AMZ_OK);
    assert_int_equal(org.openings, 2);
    assert_int_equal(pm.start, (amz_cell)5 * pm.width + 0);
    assert_int_equal(pm.goal, (amz_cell)7 * pm.width + 10);
    amz_maze_deinit(&pm);
    free(buf);
    amz_maze_deinit(&m);
}

/* Not a PNG, truncated at every length, a corrupted byte: errors with a message. */
static void test_bad_pictures(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 12, 9, "backtracker", 5);
    size_t len;
    char *png = block_png(&m, &len, 1);
    amz_maze pm;
    amz_error err;
    assert_int_equal(amz_image_read_maze("hello, world", 12, NULL, &pm, NULL, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "not a PNG file");
    for (size_t cut = 0; cut < len; cut += cut < 64 ? 1 : 7) {
        amz_status st = amz_image_read_maze(png, cut, NULL, &pm, NULL, &err);
        if (st == AMZ_OK) { /* only the end chunk may be missing and still decode */
            assert_true(cut > len - 16);
            amz_maze_deinit(&pm);
            continue;
        }
        assert_int_equal(st, AMZ_EFORMAT);
        assert_true(strlen(err.msg) > 0);
        if (cut >= 8 && cut < len - 16 && !strstr(err.msg, "truncated"))
            fail_msg("cut at %zu: '%s'", cut, err.msg);
    }
    /* A flipped byte inside the image data: libpng's CRC or zlib check fails. */
    char *bad = malloc(len);
    memcpy(bad, png, len);
    bad[len / 2] ^= 0x55;
    amz_status st = amz_image_read_maze(bad, len, NULL, &pm, NULL, &err);
    if (st == AMZ_OK)
        amz_maze_deinit(&pm);
    else
        assert_int_equal(st, AMZ_EFORMAT);
    free(bad);
    free(png);
    amz_maze_deinit(&m);
}

/* Writes an RGBA image with the full libpng API in the given colour type, bit depth
 * and interlacing, into memory. */
typedef struct membuf {
    unsigned char *p;
    size_t n, cap;
} membuf;

static void mem_write(png_structp png, png_bytep data, png_size_t len)
{
    membuf *b = png_get_io_ptr(png);
    if (b->n + len > b->cap) {
        b->cap = (b->n + len) * 2;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, data, len);
    b->n += len;
}

static void mem_flush(png_structp png)
{
    (void)png;
}

static membuf encode(const tu_image *im, int type, int depth, int interlace)
{
    membuf b = {NULL, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png)))
        fail_msg("libpng failed to encode the test image");
    png_set_write_fn(png, &b, mem_write, mem_flush);
    png_set_IHDR(png, info, (png_uint_32)im->w, (png_uint_32)im->h, depth, type, interlace,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (depth == 16)
        png_set_swap(png); /* rows below are built little-endian */
    int channels = type == PNG_COLOR_TYPE_GRAY         ? 1
                   : type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                   : type == PNG_COLOR_TYPE_RGB        ? 3
                                                       : 4;
    int bpc = depth / 8;
    size_t rowbytes = (size_t)im->w * (size_t)channels * (size_t)bpc;
    png_bytep *rows = malloc(sizeof(png_bytep) * (size_t)im->h);
    for (int y = 0; y < im->h; y++) {
        rows[y] = calloc(rowbytes, 1);
        for (int x = 0; x < im->w; x++) {
            const uint8_t *px = tu_px(im, x, y);
            uint8_t gray = (uint8_t)((px[0] * 299 + px[1] * 587 + px[2] * 114) / 1000);
            uint8_t v[4];
            int k = 0;
            if (channels <= 2) {
                v[k++] = gray;
            } else {
                v[k++] = px[0], v[k++] = px[1], v[k++] = px[2];
            }
            if (channels == 2 || channels == 4)
                v[k++] = px[3];
            for (int c = 0; c < channels; c++)
                for (int j = 0; j < bpc; j++)
                    rows[y][((size_t)x * (size_t)channels + (size_t)c) * (size_t)bpc + (size_t)j] = v[c];
        }
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    for (int y = 0; y < im->h; y++)
        free(rows[y]);
    free(rows);
    return b;
}

/* Grey, grey+alpha, RGB, RGBA, 16-bit and interlaced PNGs of one picture read as the
 * same maze as the palette PNG amaze writes. */
static void test_png_kinds(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 13, 9, "backtracker", 8);
    size_t len;
    char *png = block_png(&m, &len, 2);
    amz_maze ref;
    amz_image_origin ro;
    assert_int_equal(amz_image_read_maze(png, len, NULL, &ref, &ro, NULL), AMZ_OK);
    tu_image im;
    assert_true(tu_png_load_mem(png, len, &im));
    static const int kinds[][3] = {
        {PNG_COLOR_TYPE_GRAY, 8, PNG_INTERLACE_NONE}, {PNG_COLOR_TYPE_GRAY_ALPHA, 8, PNG_INTERLACE_NONE},
        {PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_NONE},  {PNG_COLOR_TYPE_RGB_ALPHA, 8, PNG_INTERLACE_NONE},
        {PNG_COLOR_TYPE_RGB, 16, PNG_INTERLACE_NONE}, {PNG_COLOR_TYPE_GRAY, 16, PNG_INTERLACE_NONE},
        {PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_ADAM7}, {PNG_COLOR_TYPE_RGB_ALPHA, 16, PNG_INTERLACE_ADAM7},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        membuf b = encode(&im, kinds[k][0], kinds[k][1], kinds[k][2]);
        amz_maze pm;
        amz_image_origin org;
        amz_error err;
        if (amz_image_read_maze(b.p, b.n, NULL, &pm, &org, &err) != AMZ_OK)
            fail_msg("kind %zu: %s", k, err.msg);
        assert_true(amz_maze_equal(&pm, &ref));
        assert_int_equal(org.x, ro.x);
        assert_int_equal(org.y, ro.y);
        /* The painted copy keeps the size and paints the path. */
        amz_solve_result r;
        assert_int_equal(amz_solve_run(&pm, "bfs", pm.start, pm.goal, NULL, NULL, &r, NULL), AMZ_OK);
        char *out = NULL;
        size_t olen = 0;
        FILE *mf = open_memstream(&out, &olen);
        amz_color red = {255, 0, 0, 255};
        assert_int_equal(amz_image_write_path(b.p, b.n, &pm, &org, &r.path, red, NULL, mf, &err), AMZ_OK);
        fclose(mf);
        tu_image o;
        assert_true(tu_png_load_mem(out, olen, &o));
        assert_int_equal(o.w, im.w);
        assert_true(
            tu_px_is(&o, (int)org.x + (int)(pm.start % pm.width), (int)org.y + (int)(pm.start / pm.width), 0xff0000));
        tu_image_free(&o);
        free(out);
        amz_path_deinit(&r.path);
        amz_maze_deinit(&pm);
        free(b.p);
    }
    tu_image_free(&im);
    amz_maze_deinit(&ref);
    free(png);
    amz_maze_deinit(&m);
}

/* Random byte flips anywhere in a valid PNG: an error or a maze, never a crash (run
 * under ASan by make test). */
static void test_corrupted_bytes(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 20, 15, "hunt-and-kill", 2);
    size_t len;
    char *png = block_png(&m, &len, 1);
    char *bad = malloc(len);
    amz_rng r;
    amz_rng_seed(&r, 77);
    for (int trial = 0; trial < 300; trial++) {
        memcpy(bad, png, len);
        int flips = 1 + (int)amz_rng_below(&r, 4);
        for (int k = 0; k < flips; k++)
            bad[amz_rng_below64(&r, len)] ^= (char)(1 + amz_rng_below(&r, 255));
        amz_maze pm;
        amz_error err;
        amz_status st = amz_image_read_maze(bad, len, NULL, &pm, NULL, &err);
        if (st == AMZ_OK)
            amz_maze_deinit(&pm);
        else
            assert_true(st == AMZ_EFORMAT || st == AMZ_ENOMEM || st == AMZ_ERANGE || st == AMZ_ENOTFOUND);
    }
    free(bad);
    free(png);
    amz_maze_deinit(&m);
}

/* ---- memory ---- */

static tu_meter meter;

/* Peak bytes allocated since the last call (the meter's live count then is the base). */
static uint64_t peak_since(uint64_t *base)
{
    uint64_t p = meter.peak - *base;
    *base = meter.live;
    meter.peak = meter.live;
    return p;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16), p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A PNG of signature, IHDR claiming w x h (grey, depth bits, interlaced or not), an
 * IDAT of `idat` zero bytes and IEND: the header a hostile file needs, no more. */
static membuf claim_png(uint32_t w, uint32_t h, int depth, int interlace, size_t idat)
{
    membuf b = {calloc(1, 57 + idat), 57 + idat, 57 + idat};
    unsigned char *p = b.p;
    memcpy(p, "\x89PNG\r\n\x1a\n", 8);
    put32(p + 8, 13);
    memcpy(p + 12, "IHDR", 4);
    put32(p + 16, w);
    put32(p + 20, h);
    p[24] = (unsigned char)depth, p[25] = 0, p[26] = 0, p[27] = 0, p[28] = (unsigned char)interlace;
    put32(p + 29, (uint32_t)crc32(0, p + 12, 17));
    unsigned char *q = p + 33;
    put32(q, (uint32_t)idat);
    memcpy(q + 4, "IDAT", 4);
    put32(q + 8 + idat, (uint32_t)crc32(0, q + 4, (uInt)(4 + idat)));
    q += 12 + idat;
    put32(q, 0);
    memcpy(q + 4, "IEND", 4);
    put32(q + 8, (uint32_t)crc32(0, q + 4, 4));
    return b;
}

/* Claims a file that length cannot hold are refused by every reader, with a message
 * and without allocating for them; the estimate from the header alone follows the
 * claim when the file length is unknown. */
static void test_claims(void **state)
{
    (void)state;
    static const uint32_t sizes[][3] = {
        {100000, 100000, 0}, {2147483647u, 1, 0}, {1, 2147483647u, 0}, {12000, 12000, 1}, {65536, 65536, 1},
    };
    uint64_t base = meter.live;
    peak_since(&base);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        membuf b = claim_png(sizes[k][0], sizes[k][1], 8, (int)sizes[k][2], 10);
        amz_image_read_options o;
        amz_image_read_options_init(&o);
        o.max_bytes = 100u << 20;
        amz_maze m;
        amz_error err;
        for (int limit = 0; limit < 2; limit++) {
            o.max_bytes = limit ? 100u << 20 : 0;
            peak_since(&base);
            assert_int_equal(amz_image_read_maze(b.p, b.n, &o, &m, NULL, &err), AMZ_EFORMAT);
            assert_non_null(strstr(err.msg, "more than its 67 bytes can hold"));
            assert_int_equal(amz_image_read_mask(b.p, b.n, &o, AMZ_TOPO_SQUARE, &m, &err), AMZ_EFORMAT);
            assert_non_null(strstr(err.msg, "claims"));
            assert_true(peak_since(&base) < 4096);
        }
        uint64_t need;
        assert_int_equal(amz_image_read_memory(b.p, b.n, b.n, &need, &err), AMZ_EFORMAT);
        assert_int_equal(amz_image_read_memory(b.p, 33, 0, &need, &err), AMZ_OK);
        assert_true(need >= (uint64_t)sizes[k][0] * sizes[k][1] / 8);
        if (sizes[k][2]) /* interlaced: decoded whole, 4 bytes a pixel */
            assert_true(need >= (uint64_t)sizes[k][0] * sizes[k][1] * 4);
        free(b.p);
    }
    /* A header that is not one, and a file too short for it. */
    uint64_t need;
    amz_error err;
    membuf b = claim_png(10, 10, 3, 0, 10);
    assert_int_equal(amz_image_read_memory(b.p, b.n, 0, &need, &err), AMZ_EFORMAT);
    assert_int_equal(amz_image_read_memory(b.p, 20, 0, &need, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "truncated"));
    free(b.p);
}

/* The block picture of a w x h maze as an RGB PNG, interlaced or not. */
static membuf maze_png(int w, int h, uint64_t seed, int interlace)
{
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, w, h, "backtracker", seed);
    size_t len;
    char *png = block_png(&m, &len, 3);
    tu_image im;
    assert_true(tu_png_load_mem(png, len, &im));
    membuf b = encode(&im, PNG_COLOR_TYPE_RGB, 8, interlace);
    tu_image_free(&im);
    free(png);
    amz_maze_deinit(&m);
    return b;
}

/* Every reader at every limit from far too small to enough: it succeeds or refuses
 * with AMZ_ERANGE naming the limit, and never holds more than the limit. */
static void test_limits_kept(void **state)
{
    (void)state;
    for (int interlace = 0; interlace < 2; interlace++) {
        membuf b = maze_png(150, 110, 4, interlace);
        uint64_t base = meter.live, ok_at = 0;
        for (uint64_t limit = 1024; limit <= (64u << 20); limit = limit * 5 / 4) {
            amz_image_read_options o;
            amz_image_read_options_init(&o);
            o.max_bytes = limit;
            amz_maze m, mask;
            amz_image_origin org;
            amz_error err;
            peak_since(&base);
            amz_status st = amz_image_read_maze(b.p, b.n, &o, &m, &org, &err);
            uint64_t peak = peak_since(&base);
            if (peak > limit)
                fail_msg("%s read at limit %llu: peak %llu", interlace ? "interlaced" : "plain",
                         (unsigned long long)limit, (unsigned long long)peak);
            if (st != AMZ_OK) {
                assert_int_equal(st, AMZ_ERANGE);
                assert_non_null(strstr(err.msg, "allowed"));
                assert_int_equal(ok_at, 0); /* once enough, always enough */
                continue;
            }
            if (!ok_at)
                ok_at = limit;
            /* Painting and masks under the same limit, beside the maze. */
            amz_solve_result r;
            assert_int_equal(amz_solve_run(&m, "bfs", m.start, m.goal, NULL, NULL, &r, &err), AMZ_OK);
            char *out = NULL;
            size_t olen = 0;
            FILE *mf = open_memstream(&out, &olen);
            peak_since(&base);
            st = amz_image_write_path(b.p, b.n, &m, &org, &r.path, (amz_color){255, 0, 0, 255}, &o, mf, &err);
            fclose(mf);
            free(out);
            assert_true(st == AMZ_OK || st == AMZ_ERANGE);
            assert_true(peak_since(&base) <= limit);
            st = amz_image_read_mask(b.p, b.n, &o, AMZ_TOPO_HEX, &mask, &err);
            assert_true(peak_since(&base) <= limit);
            if (st == AMZ_OK)
                amz_maze_deinit(&mask);
            else
                assert_int_equal(st, AMZ_ERANGE);
            amz_path_deinit(&r.path);
            amz_maze_deinit(&m);
        }
        assert_true(ok_at > 0);
        /* An interlaced picture is decoded whole: 4 bytes a pixel are never enough. */
        if (interlace)
            assert_true(ok_at > 4 * 307 * 227);
        free(b.p);
    }
}

/* The RGBA entry points: bad pixel arguments are refused with a message and leave the
 * maze zeroed; a mask read from the decoded pixels (at the default threshold and at
 * another) is the PNG mask reader's; a path painted on a maze that does not fit is
 * refused and leaves the pixels alone. */
static void test_rgba_entry_points(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 9, 6, "backtracker", 12);
    size_t len;
    char *png = block_png(&m, &len, 2);
    tu_image im;
    assert_true(tu_png_load_mem(png, len, &im));
    const size_t stride = (size_t)im.w * 4;
    amz_maze pm;
    amz_error err;
    const struct {
        const void *px;
        uint32_t w, h;
        size_t stride;
    } bad[] = {{NULL, 4, 4, 16}, {im.px, 0, 4, 16}, {im.px, 4, 0, 16}, {im.px, 0x80000000u, 1, SIZE_MAX},
               {im.px, (uint32_t)im.w, (uint32_t)im.h, stride - 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&pm, 0x5a, sizeof pm);
        amz_error_clear(&err);
        assert_int_equal(amz_image_read_maze_rgba(bad[i].px, bad[i].w, bad[i].h, bad[i].stride, NULL, &pm, NULL, &err),
                         AMZ_EINVAL);
        assert_true(strlen(err.msg) > 0);
        assert_null(pm.passages);
        memset(&pm, 0x5a, sizeof pm);
        assert_int_equal(amz_image_read_mask_rgba(bad[i].px, bad[i].w, bad[i].h, bad[i].stride, NULL,
                                                  AMZ_TOPO_SQUARE, &pm, &err),
                         AMZ_EINVAL);
        assert_null(pm.passages);
    }
    /* Masks: the PNG reader's cells from the same pixels, for both topologies. */
    amz_image_read_options o;
    amz_image_read_options_init(&o);
    for (int k = 0; k < 4; k++) {
        o.threshold = k % 2 ? 250 : 0;
        amz_topology t = k < 2 ? AMZ_TOPO_SQUARE : AMZ_TOPO_HEX;
        amz_maze a, b;
        assert_int_equal(amz_image_read_mask(png, len, &o, t, &a, &err), AMZ_OK);
        assert_int_equal(amz_image_read_mask_rgba(im.px, (uint32_t)im.w, (uint32_t)im.h, stride, &o, t, &b, &err),
                         AMZ_OK);
        tu_assert_same_maze(&a, &b, "mask from RGBA");
        amz_maze_deinit(&a);
        amz_maze_deinit(&b);
    }
    /* A dark picture is no mask. */
    uint8_t dark[4 * 6] = {0};
    for (int i = 3; i < 24; i += 4)
        dark[i] = 255;
    assert_int_equal(amz_image_read_mask_rgba(dark, 3, 2, 12, NULL, AMZ_TOPO_SQUARE, &pm, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "no light pixel"));
    /* Painting: the maze read from the pixels, placed one pixel too far right. */
    amz_image_origin org;
    assert_int_equal(amz_image_read_maze_rgba(im.px, (uint32_t)im.w, (uint32_t)im.h, stride, NULL, &pm, &org, &err),
                     AMZ_OK);
    amz_solve_result r;
    assert_int_equal(amz_solve_run(&pm, "bfs", pm.start, pm.goal, NULL, NULL, &r, &err), AMZ_OK);
    uint8_t *copy = malloc(stride * (size_t)im.h);
    memcpy(copy, im.px, stride * (size_t)im.h);
    org.x += im.w - pm.width + 1;
    const amz_color red = {255, 0, 0, 255};
    assert_int_equal(amz_image_paint_path_rgba(copy, (uint32_t)im.w, (uint32_t)im.h, stride, &pm, &org, &r.path, red,
                                               NULL, &err),
                     AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "does not fit"));
    assert_memory_equal(copy, im.px, stride * (size_t)im.h);
    free(copy);
    amz_path_deinit(&r.path);
    amz_maze_deinit(&pm);
    tu_image_free(&im);
    free(png);
    amz_maze_deinit(&m);
}

int main(void)
{
    /* Installed before anything else allocates (see amz_set_allocator). */
    amz_allocator a = tu_meter_allocator(&meter);
    amz_set_allocator(&a);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perfect_pictures), cmocka_unit_test(test_braided_pictures),
        cmocka_unit_test(test_disconnected),     cmocka_unit_test(test_openings),
        cmocka_unit_test(test_bad_pictures),     cmocka_unit_test(test_png_kinds),
        cmocka_unit_test(test_corrupted_bytes),  cmocka_unit_test(test_claims),
        cmocka_unit_test(test_limits_kept),      cmocka_unit_test(test_rgba_entry_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
